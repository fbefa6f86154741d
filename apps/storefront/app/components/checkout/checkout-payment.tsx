import { rupees } from "@maidan/contracts/money";
import { type MouseEvent, useState } from "react";
import { offeredMethods } from "../../lib/payment-handoff";
import { useRootData } from "../../lib/root-data";
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

/** Why the online methods are off when nothing is left for a gateway (decision 015). */
export const onlineOffNote = (total: number, walletUsed: number) =>
  total > 0
    ? null
    : walletUsed > 0
      ? "Your wallet balance covers this order, so there is nothing to pay online. Place it with cash on delivery: nothing is collected at your door."
      : "Nothing is left to pay on this order. Place it with cash on delivery: nothing is collected at your door.";

/**
 * The method, what is paid how, and the button: the checkout's review step (the method `chosen`
 * at step three) and the repayment page (the method picked here). Cash on delivery submits the
 * route's form (general loading flag); an online method calls /api/pay and hands off to the
 * gateway with the payment loader on (spec §4, §7).
 */
export function CheckoutPayment({
  cod,
  total,
  banks,
  placing,
  idempotencyKey,
  rePayId,
  walletUsed = 0,
  chosen,
}: {
  cod: boolean;
  /** What is left to pay after discounts and the wallet. */
  total: number;
  /** The wallet's part of this order, for the note when it pays all of it. */
  walletUsed?: number;
  banks: KeenuBank[];
  placing: boolean;
  idempotencyKey: string;
  /** On /checkout/repayment: the waiting order to pay again (or switch to COD). */
  rePayId?: string;
  /** The checkout's review step: the method chosen at step three (no choice shown here). */
  chosen?: string;
}) {
  // Nothing left for a gateway (the wallet covers it): cash on delivery is the only way to place
  // it, whatever was picked before the wallet was switched on. The API refuses online then too.
  const nothingOnline = total <= 0;
  const firstOnline = offeredMethods(useRootData().payments?.gateways)[0]?.[0] ?? "COD";
  const [picked, setMethod] = useState(chosen ?? (cod || nothingOnline ? "COD" : firstOnline));
  const method = nothingOnline ? "COD" : picked;
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
      {chosen === undefined ? (
        <PaymentMethods
          cod={cod || nothingOnline}
          value={method}
          onChange={setMethod}
          banks={banks}
          onlineOff={onlineOffNote(total, walletUsed)}
        />
      ) : (
        <input type="hidden" name="paymentMethod" value={method} />
      )}
      <p className="checkout-form__review">
        You pay <strong>{rupees(total)}</strong>{" "}
        {online
          ? "online now."
          : nothingOnline
            ? "when your order arrives."
            : "in cash when your order arrives."}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary"
        disabled={placing || paying || (!online && !cod && !nothingOnline)}
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
