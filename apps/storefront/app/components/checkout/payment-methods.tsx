/**
 * Step three. Cash on delivery is the default and the only method that works until the payments
 * issue (#6) lands; the online methods are shown, switched off, with an honest note.
 */
const ONLINE = [
  ["HBL", "Credit / debit card (HBL)"],
  ["Keenu", "Bank account (Keenu)"],
  ["nift_pay_bank", "Bank account (NIFT ePay)"],
  ["nift_pay_card", "Card (NIFT ePay)"],
  ["alfalah_pay", "Bank Alfalah"],
  ["easypaisa", "Easypaisa"],
] as const;

export function PaymentMethods({ cod }: { cod: boolean }) {
  return (
    <fieldset className="payment-methods">
      <legend>Payment method</legend>
      <label className="check">
        <input type="radio" name="paymentMethod" value="COD" defaultChecked disabled={!cod} />
        Cash on delivery
      </label>
      {!cod && <p className="muted">Cash on delivery is not available for this order total.</p>}
      {ONLINE.map(([value, label]) => (
        <label key={value} className="check check--disabled">
          <input type="radio" name="paymentMethod" value={value} disabled />
          {label} <span className="muted">(online payment is not open yet)</span>
        </label>
      ))}
      <label className="check check--disabled">
        <input type="radio" name="paymentMethod" value="Stripe" disabled />
        Stripe <span className="muted">Stripe not implemented yet. Proceed with COD</span>
      </label>
    </fieldset>
  );
}
