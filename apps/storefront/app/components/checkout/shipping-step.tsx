import type { ShippingChoice } from "@maidan/contracts/cart";
import { useFetcher } from "react-router";
import { currency } from "../../lib/format";
import { useFeedback } from "../account/use-feedback";

/** Step two: the methods that deliver to the city, with what this cart pays for each. */
export function ShippingStep({
  options,
  chosen,
  city,
  cities,
}: {
  options: ShippingChoice[];
  chosen: string | null;
  city: string | null;
  cities: string[];
}) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  useFeedback(fetcher.data?.ok ? undefined : fetcher.data);
  return (
    <fetcher.Form
      method="post"
      action="/checkout"
      className="shipping-step"
      onChange={(e) => fetcher.submit(e.currentTarget)}
    >
      <input type="hidden" name="intent" value="shipping" />
      <fieldset>
        <legend>Delivery</legend>
        <label className="field">
          Deliver to city
          <select name="city" defaultValue={city ?? ""}>
            <option value="">Choose a city</option>
            {cities.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        {options.map((m) => (
          <label key={m._id} className="check">
            <input type="radio" name="methodId" value={m._id} defaultChecked={m._id === chosen} />
            {m.name} ({m.carrier}, {m.etaDays} days) —{" "}
            {m.amount === 0 ? "Free" : currency(m.amount)}
            {m.freeAbove !== null && m.amount > 0 && (
              <span className="muted"> · free from {currency(m.freeAbove)}</span>
            )}
          </label>
        ))}
        <noscript>
          <button type="submit" className="button button--ghost">
            Update delivery
          </button>
        </noscript>
      </fieldset>
    </fetcher.Form>
  );
}
