import type { ProductPick } from "@maidan/contracts/admin-products";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { choicesOf, type Picked } from "../../lib/scope-picks";

export type { Picked };

type Answer = { products: ProductPick[] } | { ok: false; message: string };

/**
 * Choose products (or a variant) by typing a name or SKU (decision 064): the matches come from
 * /admin/product-picks as one types; each is a button (Enter in the search takes the first).
 * The chosen ones are listed by name with a Remove button and posted as hidden `name` ids.
 */
export function ProductPicker({
  name,
  label,
  mode,
  multiple,
  initial,
}: {
  name: string;
  label: string;
  mode: "product" | "variant";
  multiple: boolean;
  initial: Picked[];
}) {
  const id = useId();
  const [chosen, setChosen] = useState(initial);
  const [q, setQ] = useState("");
  const fetcher = useFetcher<Answer>();
  const { load } = fetcher;
  useEffect(() => {
    const text = q.trim();
    if (text.length < 2) return;
    const timer = setTimeout(() => load(`/admin/product-picks?q=${encodeURIComponent(text)}`), 250);
    return () => clearTimeout(timer);
  }, [q, load]);
  const answer = q.trim().length >= 2 ? fetcher.data : undefined;
  const matches =
    answer && "products" in answer
      ? answer.products
          .flatMap((p) => choicesOf(p, mode))
          .filter((c) => !chosen.some((x) => x.id === c.id))
      : [];
  const choose = (c: Picked) => {
    setChosen(multiple ? [...chosen, c] : [c]);
    setQ("");
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter") return;
    // Enter chooses the first match rather than sending the form.
    e.preventDefault();
    const first = matches[0];
    if (first) choose(first);
  };
  return (
    <fieldset className="field field--wide picker">
      <legend>{label}</legend>
      {chosen.length > 0 ? (
        <ul className="picker__chosen" aria-label={`${label}: chosen`}>
          {chosen.map((c) => (
            <li key={c.id}>
              <input type="hidden" name={name} value={c.id} />
              <span>
                {c.name} <span className="muted">{c.detail}</span>
              </span>
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={`Remove ${c.name}${c.detail ? ` (${c.detail})` : ""}`}
                onClick={() => setChosen(chosen.filter((x) => x.id !== c.id))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">None chosen yet.</p>
      )}
      <label className="field">
        <span>Find {mode === "product" ? "a product" : "a variant"} by name or SKU</span>
        <input
          type="search"
          value={q}
          autoComplete="off"
          aria-describedby={`${id}-status`}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={onKey}
        />
      </label>
      <p id={`${id}-status`} className="muted" aria-live="polite">
        {q.trim().length < 2
          ? "Type at least 2 letters."
          : fetcher.state !== "idle"
            ? "Searching…"
            : answer && "message" in answer
              ? answer.message
              : answer
                ? matches.length === 0
                  ? "No match."
                  : `${matches.length} match${matches.length === 1 ? "" : "es"}: Enter takes the first.`
                : ""}
      </p>
      {matches.length > 0 && (
        <ul className="picker__matches" aria-label={`${label}: matches`}>
          {matches.map((c) => (
            <li key={c.id}>
              <button type="button" className="picker__match" onClick={() => choose(c)}>
                {c.name} <span className="muted">{c.detail}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
