import type { FreebieDetail } from "@maidan/contracts/freebies";
import { Form, Link, useNavigation } from "react-router";

const label = (o: { size: string | null; color: string | null }) =>
  [o.size, o.color].filter(Boolean).join(", ") || "One size";

/**
 * The claim on /freebies/{id} (decision 057): a shopper whose cart meets the terms picks one
 * offered product and variant; one who holds a claim is pointed at it. Works without JavaScript.
 */
export function ClaimForm({ freebie, error }: { freebie: FreebieDetail; error?: string }) {
  const busy = useNavigation().state !== "idle";
  const viewer = freebie.viewer;
  if (!viewer) return null;
  if (viewer.claim)
    return (
      <p className="freebie-claim__held">
        You have claimed this freebie: it joins your next order at Rs. 0.{" "}
        <Link to={`/myfreebies/${viewer.claim._id}`}>See your claim</Link>
      </p>
    );
  if (!viewer.qualifies) return null;
  const choices = freebie.products.flatMap((p) =>
    p.options.map((o) => ({ key: `${p._id}:${o._id}`, name: p.name, option: o })),
  );
  const firstFree = choices.find((c) => c.option.inStock)?.key;
  if (!firstFree)
    return <p className="freebie-claim__held">Every free product has been claimed.</p>;
  return (
    <Form method="post" className="freebie-claim" aria-labelledby="freebie-claim-title">
      <h2 id="freebie-claim-title">Claim your free product</h2>
      {error && (
        <p className="freebie-claim__error" role="alert">
          {error}
        </p>
      )}
      <fieldset>
        <legend>Pick one</legend>
        {choices.map((c) => (
          <label key={c.key} className="freebie-claim__choice">
            <input
              type="radio"
              name="pick"
              value={c.key}
              defaultChecked={c.key === firstFree}
              disabled={!c.option.inStock}
              required
            />
            <span>
              {c.name} <span className="muted">({label(c.option)})</span>
              {!c.option.inStock && <span className="muted"> · out of stock</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? "Claiming…" : "Claim it free"}
      </button>
      <p className="muted">
        We hold it for you: it joins your next order that meets the terms, at Rs. 0.
      </p>
    </Form>
  );
}
