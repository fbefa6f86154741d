import type { Cart } from "@maidan/contracts/cart";
import { useState } from "react";
import { Form } from "react-router";
import { offeredMethods } from "../../lib/payment-handoff";
import { useRootData } from "../../lib/root-data";
import { onlineOffNote } from "./checkout-payment";
import { type KeenuBank, PaymentMethods } from "./payment-methods";
import { StepSubmit } from "./step-submit";
import { WalletToggle } from "./wallet-toggle";

/**
 * Step three (/checkout/payments): the wallet balance, then how the rest is paid. Cash on
 * delivery is chosen unless another method was (spec §4); nothing is charged here, the review
 * step places the order.
 */
export function PaymentStep({
  cart,
  chosen,
  banks,
  signedIn,
}: {
  cart: Cart;
  /** The method chosen before (coming back from the review), if any. */
  chosen: string | null;
  banks: KeenuBank[];
  signedIn: boolean;
}) {
  const nothingOnline = cart.payable <= 0;
  const firstOnline = offeredMethods(useRootData().payments?.gateways)[0]?.[0] ?? "COD";
  const [method, setMethod] = useState(chosen ?? (cart.cod ? "COD" : firstOnline));
  return (
    <section className="checkout-step" aria-labelledby="step-title" id="payment">
      <h2 id="step-title">Payment</h2>
      {signedIn && <WalletToggle cart={cart} />}
      <Form method="post">
        <input type="hidden" name="intent" value="payment" />
        <PaymentMethods
          cod={cart.cod || nothingOnline}
          value={nothingOnline ? "COD" : method}
          onChange={setMethod}
          banks={banks}
          onlineOff={onlineOffNote(cart.payable, cart.walletUsed)}
        />
        <StepSubmit label="Continue to review" />
      </Form>
    </section>
  );
}
