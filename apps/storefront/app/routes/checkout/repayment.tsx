import { rupees } from "@maidan/contracts/money";
import { methodName } from "@maidan/contracts/payment-methods";
import { useEffect, useState } from "react";
import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
} from "react-router";
import { useFeedback } from "../../components/account/use-feedback";
import { CheckoutPayment } from "../../components/checkout/checkout-payment";
import { OrderItems } from "../../components/checkout/order-items";
import { clientIp, formObject } from "../../lib/account.server";
import { cartOwner } from "../../lib/cart.server";
import { formatTime } from "../../lib/format";
import { pageMeta } from "../../lib/seo";
import { type ActionFeedback, failure } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import { notifyError } from "../../lib/toast";
import checkoutCss from "../../styles/checkout.css?url";
import type { Route } from "./+types/repayment";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: checkoutCss }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Complete your payment" });

/**
 * /checkout/repayment: orders whose online payment failed, was cancelled or never finished.
 * Pay again online (retry by rePayId) or switch to cash on delivery. `rePayId` and `ref` (the
 * attempt that just came back) only say which payment to ask about: the message is the server's
 * verified result for that checkout of this shopper, never text from the URL.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const owner = cartOwner(context);
  const { orders, payments } = services(context);
  const waiting = await orders.awaitingPayment(owner);
  const details = await Promise.all(waiting.map((o) => orders.getMine(owner, o._id)));
  // One form per checkout: its orders (one per vendor) are paid or switched together.
  const byCheckout = new Map<string, typeof details>();
  for (const d of details) byCheckout.set(d.masterId, [...(byCheckout.get(d.masterId) ?? []), d]);
  const rePayId = url.searchParams.get("rePayId");
  const result = rePayId
    ? await payments.resultOf(owner, {
        checkoutId: rePayId,
        reference: url.searchParams.get("ref"),
      })
    : null;
  const message = result?.message ?? null;
  const now = Date.now();
  return {
    checkouts: [...byCheckout.values()].map((list) => {
      // The stock is held until the earliest of its orders' holds (they were placed together).
      const holds = list.flatMap((o) => (o.confirmBy ? [new Date(o.confirmBy).getTime()] : []));
      const heldUntil = holds.length ? Math.min(...holds) : null;
      return {
        id: list[0]?._id ?? "",
        orderNos: list.map((o) => o.orderNo),
        total: list.reduce((n, o) => n + o.amount.total, 0),
        method: list[0] ? methodName(list[0].payment.method) : "",
        items: list.flatMap((o) =>
          o.items.map((i) => ({
            _id: i._id,
            name: i.name,
            size: i.size,
            qty: i.qty,
            gift: i.gift,
          })),
        ),
        address: list[0]?.address,
        // Worked out here, once: the page reads the same on the server and in the browser.
        heldUntil: heldUntil === null ? null : formatTime(heldUntil),
        minutesLeft: heldUntil === null ? null : Math.max(0, Math.ceil((heldUntil - now) / 60_000)),
      };
    }),
    message,
    signedIn: owner.userId !== null,
    banks: waiting.length ? await payments.keenuBanks().catch(() => []) : [],
  };
}

export async function action({ request, context }: Route.ActionArgs): Promise<ActionFeedback> {
  const input = formObject(await request.formData());
  try {
    const r = await services(context).orders.changePaymentMethod(
      cartOwner(context),
      { paymentMethod: "COD", rePayId: input.rePayId ?? input.id ?? "" },
      { ip: clientIp(request) },
    );
    // Spec §7: masterIds (several orders) or response {_id, amount.total}; then order-success.
    const id = r.masterIds ?? r.response?._id;
    if (!id) return { ok: false, message: "Sorry, Something went Wrong!" };
    throw redirect(`/order-success?${new URLSearchParams({ id, amount: String(r.amount.total) })}`);
  } catch (e) {
    return failure(e);
  }
}

export default function Repayment() {
  const { checkouts, message, banks, signedIn } = useLoaderData<typeof loader>();
  useFeedback(useActionData<typeof action>());
  const navigation = useNavigation();
  const placing = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [key] = useState(() => `repay-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  // Arriving from a failed payment that already said so in a toast, the message shows inline only.
  const toasted = (useLocation().state as { toasted?: boolean } | null)?.toasted === true;
  useEffect(() => {
    if (message && !toasted) notifyError({ message });
  }, [message, toasted]);
  return (
    <section className="container checkout repayment" aria-labelledby="repay-title">
      <h1 id="repay-title">Complete your payment</h1>
      {message && (
        <p className="form-error" role="alert" data-testid="payment-message">
          {message}
        </p>
      )}
      {checkouts.length === 0 && (
        <p>
          No order is waiting for a payment.{" "}
          {signedIn ? (
            <Link to="/my/orders">See your orders</Link>
          ) : (
            <Link to="/">Continue shopping</Link>
          )}
        </p>
      )}
      {checkouts.map((c) => {
        const open = c.minutesLeft === null || c.minutesLeft > 0;
        return (
          <Form
            key={c.id}
            method="post"
            className="checkout-form repayment__order"
            aria-labelledby={`waiting-${c.id}`}
          >
            <h2 id={`waiting-${c.id}`} className="repayment__title">
              {c.orderNos.length > 1 ? "Orders" : "Order"} {c.orderNos.join(", ")} is waiting for
              your payment
            </h2>
            <OrderItems items={c.items} className="repayment__items" />
            <p className="repayment__total">
              Total <strong>{rupees(c.total)}</strong>
              {c.method ? ` · not paid yet with ${c.method}` : ""}
            </p>
            {c.heldUntil &&
              (open ? (
                <p className="repayment__hold" data-testid="hold-note">
                  We are holding these items for you until <strong>{c.heldUntil}</strong> (
                  {c.minutesLeft === 1 ? "1 minute" : `${c.minutesLeft} minutes`} left). Pay online
                  again or choose cash on delivery before then; after that the order is cancelled
                  and the items go back on sale.
                </p>
              ) : (
                <p className="repayment__hold repayment__hold--over" data-testid="hold-note">
                  The time to pay for this order has run out. It is being cancelled and its items go
                  back on sale.
                </p>
              ))}
            {open && (
              <>
                <input type="hidden" name="rePayId" value={c.id} />
                {c.address &&
                  Object.entries(c.address).map(([k, v]) =>
                    v ? <input key={k} type="hidden" name={k} value={String(v)} /> : null,
                  )}
                <CheckoutPayment
                  cod
                  total={c.total}
                  banks={banks}
                  placing={placing}
                  idempotencyKey={`${key}-${c.id}`}
                  rePayId={c.id}
                />
              </>
            )}
          </Form>
        );
      })}
      {checkouts.length > 0 && (
        <p className="repayment__links">
          {signedIn && <Link to="/my/orders">See your orders</Link>}{" "}
          <Link to="/">Continue shopping</Link>
        </p>
      )}
    </section>
  );
}
