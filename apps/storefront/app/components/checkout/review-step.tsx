import type { Cart } from "@maidan/contracts/cart";
import { CHECKOUT_ONLINE_METHODS } from "@maidan/contracts/payment-methods";
import type { TaxDisplay } from "@maidan/contracts/site";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CartLines, CartTotals } from "./cart-lines";
import { CheckoutPayment } from "./checkout-payment";
import { AddressSummary, type ChosenAddress } from "./chosen-address";
import { parcelsNote, parcelsOf } from "./parcels";
import type { KeenuBank } from "./payment-methods";
import { STEP_PATH } from "./steps";

const EASYPAISA_WAYS: Record<string, string> = {
  MA_PAYMENT_METHOD: "Easypaisa mobile account",
  OTC_PAYMENT_METHOD: "Over the counter (Easypaisa shop)",
  CC_PAYMENT_METHOD: "Credit / debit card",
};

/** The method as step three named it, with the bank or Easypaisa's way when there is one. */
export function methodLabel(method: string, bank: KeenuBank | null, ep: string | null) {
  if (method === "COD") return "Cash on delivery";
  const label = CHECKOUT_ONLINE_METHODS.find(([m]) => m === method)?.[1] ?? method;
  if (method === "Keenu" && bank) return `${label}: ${bank.bankName}`;
  if (method === "easypaisa" && ep && EASYPAISA_WAYS[ep]) return `${label}: ${EASYPAISA_WAYS[ep]}`;
  return label;
}

function Chosen({
  title,
  change,
  to,
  children,
}: {
  title: string;
  change: string;
  to: string;
  children: ReactNode;
}) {
  return (
    <div className="chosen">
      <div className="chosen__head">
        <h3>{title}</h3>
        <Link to={to} aria-label={change}>
          Change
        </Link>
      </div>
      {children}
    </div>
  );
}

/**
 * Step four: everything read-only, each part with a way back, the server's totals, and the one
 * button that places the order (cash on delivery) or pays (online). The address goes with the
 * form as the API takes it, for the online hand-off; the server places COD orders from the
 * checkout's own record of it.
 */
export function ReviewStep({
  cart,
  address,
  typed,
  method,
  bank,
  ep,
  placeKey,
  taxDisplay,
}: {
  cart: Cart;
  address: ChosenAddress;
  /** The typed address's fields (guests), posted as typed. */
  typed: Record<string, string> | null;
  method: string;
  bank: KeenuBank | null;
  ep: string | null;
  placeKey: string;
  taxDisplay: TaxDisplay;
}) {
  const navigation = useNavigation();
  // Spec §4: cash on delivery uses the general loading flag while the order is placed.
  const placing = navigation.state !== "idle" && navigation.formData?.get("intent") === "place";
  const parcels = parcelsNote(parcelsOf(cart.items));
  return (
    <section className="checkout-step review" aria-labelledby="step-title">
      <h2 id="step-title">Review your order</h2>
      <Chosen title="Items" change="Edit your cart" to={STEP_PATH.one}>
        <CartLines cart={cart} readOnly taxDisplay={taxDisplay} />
      </Chosen>
      <AddressSummary address={address} title="Delivery address" />
      <Chosen title="Delivery" change="Change the shipping method" to={STEP_PATH.two}>
        <p>
          {cart.shippingMethodText} · {cart.shippingString}
        </p>
        {parcels && (
          <p className="review__parcels" data-testid="review-parcels">
            {parcels}
          </p>
        )}
      </Chosen>
      <Chosen title="Payment" change="Change the payment method" to={STEP_PATH.three}>
        <p data-testid="review-method">{methodLabel(method, bank, ep)}</p>
      </Chosen>
      <CartTotals cart={cart} taxDisplay={taxDisplay} toPay />
      <Form method="post" className="checkout-form" id="payment">
        <input type="hidden" name="intent" value="place" />
        <input type="hidden" name="idempotencyKey" value={placeKey} />
        {cart.checkoutWallet && <input type="hidden" name="useWallet" value="on" />}
        {address.savedId ? (
          <input type="hidden" name="addressId" value={address.savedId} />
        ) : (
          Object.entries(typed ?? {}).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))
        )}
        {bank && <input type="hidden" name="bankId" value={bank.bankId} />}
        {ep && <input type="hidden" name="paymentMethod_ep" value={ep} />}
        <CheckoutPayment
          chosen={method}
          cod={cart.cod}
          total={cart.payable}
          walletUsed={cart.walletUsed}
          banks={bank ? [bank] : []}
          placing={placing}
          idempotencyKey={placeKey}
        />
      </Form>
    </section>
  );
}
