import { offeredMethods } from "../../lib/payment-handoff";
import { useRootData } from "../../lib/root-data";

export type KeenuBank = { bankId: string; bankName: string };

/**
 * Step three (spec §9): cash on delivery (the default), the six online methods (those whose
 * gateway is switched on), and Stripe, which only answers with its §8 message. Keenu asks for
 * the bank, Easypaisa for how to pay.
 */
export function PaymentMethods({
  cod,
  value,
  onChange,
  banks,
  onlineOff = null,
}: {
  cod: boolean;
  value: string;
  onChange: (method: string) => void;
  banks: KeenuBank[];
  /** Why the online methods (and Stripe) are off, e.g. the wallet covers the order. */
  onlineOff?: string | null;
}) {
  const methods = offeredMethods(useRootData().payments?.gateways);
  const radio = (v: string, disabled = false) => (
    <input
      type="radio"
      name="paymentMethod"
      value={v}
      checked={value === v}
      disabled={disabled}
      onChange={() => onChange(v)}
    />
  );
  return (
    <fieldset className="payment-methods">
      <legend>Payment method</legend>
      <label className="check">
        {radio("COD", !cod)}
        Cash on delivery
      </label>
      {!cod && <p className="muted">Cash on delivery is not available for this order total.</p>}
      {onlineOff && (
        <p className="muted payment-methods__off" id="online-off">
          {onlineOff}
        </p>
      )}
      {methods.map(([v, label]) => (
        <div key={v}>
          <label className="check">
            {radio(v, Boolean(onlineOff))}
            {label}
          </label>
          {v === "Keenu" && value === "Keenu" && (
            <label className="field">
              Your bank
              <select name="bankId" required defaultValue={banks[0]?.bankId}>
                {banks.map((b) => (
                  <option key={b.bankId} value={b.bankId}>
                    {b.bankName}
                  </option>
                ))}
              </select>
            </label>
          )}
          {v === "easypaisa" && value === "easypaisa" && (
            <label className="field">
              Pay with
              <select name="paymentMethod_ep" defaultValue="MA_PAYMENT_METHOD">
                <option value="MA_PAYMENT_METHOD">Easypaisa mobile account</option>
                <option value="OTC_PAYMENT_METHOD">Over the counter (Easypaisa shop)</option>
                <option value="CC_PAYMENT_METHOD">Credit / debit card</option>
              </select>
            </label>
          )}
        </div>
      ))}
      <label className="check">
        {radio("Stripe", Boolean(onlineOff))}
        Stripe <span className="muted">Stripe not implemented yet. Proceed with COD</span>
      </label>
    </fieldset>
  );
}
