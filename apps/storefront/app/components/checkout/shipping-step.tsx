import type { ShippingChoice } from "@maidan/contracts/cart";
import { rupees } from "@maidan/contracts/money";
import { Form, Link } from "react-router";
import { AddressSummary, type ChosenAddress } from "./chosen-address";
import { StepSubmit } from "./step-submit";
import { CHANGE_ADDRESS } from "./steps";

/**
 * Step two: the methods that deliver to the chosen address's city, each with what this cart pays
 * for it. The cart was priced with that city when the address was chosen, as the order will be.
 */
export function ShippingStep({
  options,
  chosen,
  address,
}: {
  options: ShippingChoice[];
  chosen: string | null;
  address: ChosenAddress;
}) {
  const checked = options.find((m) => m._id === chosen)?._id ?? options[0]?._id;
  return (
    <section className="checkout-step" aria-labelledby="step-title">
      <h2 id="step-title">Delivery</h2>
      <AddressSummary address={address} title="Delivering to" />
      {options.length === 0 ? (
        <p role="alert" className="form-error">
          We do not deliver to {address.city} yet.{" "}
          <Link to={CHANGE_ADDRESS}>Choose another address</Link>
        </p>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="delivery" />
          <fieldset className="choices">
            <legend>Shipping method</legend>
            {options.map((m) => (
              <label key={m._id} className="choice">
                <input
                  type="radio"
                  name="methodId"
                  value={m._id}
                  defaultChecked={m._id === checked}
                  required
                />
                <span className="choice__text">
                  <strong>{m.name}</strong>
                  <span className="muted">
                    {m.carrier}, {m.etaDays} days
                    {m.freeAbove !== null && m.amount > 0
                      ? ` · free from ${rupees(m.freeAbove)}`
                      : ""}
                  </span>
                </span>
                <span className="choice__amount">{m.amount === 0 ? "Free" : rupees(m.amount)}</span>
              </label>
            ))}
          </fieldset>
          <StepSubmit label="Continue to payment" />
        </Form>
      )}
    </section>
  );
}
