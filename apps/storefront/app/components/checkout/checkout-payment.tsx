import { type MouseEvent, useState } from "react";
import { currency } from "../../lib/format";
import { type KeenuBank, PaymentMethods } from "./payment-methods";
import { useOnlinePayment } from "./use-online-payment";

/** The checkout form's address fields, as /api/pay expects them: a saved id or the typed address. */
export function addressOf(data: FormData) {
  const get = (k: string) => String(data.get(k) ?? "");
  if (get("addressId")) return get("addressId");
  return {
    fullName: get("fullName"),
    phone: get("phone"),
    province: get("province"),
    city: get("city"),
    address: get("address"),
    landmark: get("landmark") || null,
    zip: get("zip") || null,
    email: get("email") || null,
  };
}

/**
 * Step three and four of the checkout: the method, what is paid how, and the button. Cash on
 * delivery submits the route's form (general loading flag); an online method calls /api/pay and
 * hands off to the gateway with the payment loader on (spec §4, §7).
 */
export function CheckoutPayment({
  cod,
  total,
  banks,
  placing,
  idempotencyKey,
  rePayId,
}: {
  cod: boolean;
  total: number;
  banks: KeenuBank[];
  placing: boolean;
  idempotencyKey: string;
  /** On /checkout/repayment: the waiting order to pay again (or switch to COD). */
  rePayId?: string;
}) {
  const [method, setMethod] = useState(cod ? "COD" : "HBL");
  const { paying, error, pay } = useOnlinePayment();
  const online = method !== "COD";

  const onClick = (e: MouseEvent<HTMLButtonElement>) => {
    const form = e.currentTarget.form;
    if (!online || !form) return;
    e.preventDefault();
    if (!form.reportValidity()) return;
    const data = new FormData(form);
    void pay(
      method,
      {
        address: addressOf(data),
        bankId: String(data.get("bankId") ?? ""),
        easypaisaMethod: String(data.get("paymentMethod_ep") ?? ""),
        useWallet: data.get("useWallet") === "on",
        rePayId: rePayId ?? null,
      },
      `${idempotencyKey}-${method}`,
    );
  };

  return (
    <>
      <PaymentMethods cod={cod} value={method} onChange={setMethod} banks={banks} />
      <p className="checkout-form__review">
        You pay <strong>{currency(total)}</strong>{" "}
        {online ? "online now." : "in cash when your order arrives."}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary"
        disabled={placing || paying || (!online && !cod)}
        onClick={onClick}
        aria-busy={paying || placing}
      >
        {paying
          ? "Taking you to the payment page…"
          : placing
            ? "Placing your order…"
            : online
              ? "Pay now"
              : rePayId
                ? "Pay with cash on delivery"
                : "Place order"}
      </button>
    </>
  );
}
