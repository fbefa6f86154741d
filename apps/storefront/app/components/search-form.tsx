import { type FormEvent, lazy, Suspense, useId, useState } from "react";
import { useNavigate } from "react-router";
import "../styles/search-suggest.css";

// Suggestions (fetching and list) load on the box's first focus, before the first keystroke.
const loadSuggestions = () => import("./search-suggestions");
const SearchSuggestions = lazy(loadSuggestions);

/**
 * Searches go to /search/{q}. Without JavaScript the form submits /search?q=…, which the search
 * route redirects to the same address.
 */
export function SearchForm({ defaultValue = "" }: { defaultValue?: string }) {
  const navigate = useNavigate();
  const inputId = useId();
  const listId = useId();
  const [typed, setTyped] = useState("");
  const [open, setOpen] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    event.preventDefault();
    setOpen(false);
    navigate(q ? `/search/${encodeURIComponent(q)}` : "/search");
  }

  return (
    <search className="search-form">
      <form method="get" action="/search" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          Search products
        </label>
        <input
          id={inputId}
          type="search"
          name="q"
          defaultValue={defaultValue}
          placeholder="Search shoes, kits, brands…"
          autoComplete="off"
          enterKeyHint="search"
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            setOpen(true);
          }}
          onFocus={() => {
            loadSuggestions().catch(() => {});
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") setOpen(false);
          }}
          aria-describedby={open ? listId : undefined}
        />
        <button type="submit">Search</button>
      </form>
      {open && (
        <div id={listId}>
          <Suspense>
            <SearchSuggestions q={typed} onPick={() => setOpen(false)} />
          </Suspense>
        </div>
      )}
    </search>
  );
}
