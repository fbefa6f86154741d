import { rupees } from "@maidan/contracts/money";
import type { OrderRefund } from "@maidan/contracts/orders";
import { methodName } from "@maidan/contracts/payment-methods";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { useFeedback } from "../../components/account/use-feedback";
import { useFreshToasts } from "../../components/checkout/use-fresh-toasts";
import { requireViewer } from "../../lib/account.server";
import { cartOwner } from "../../lib/cart.server";
import { formatDate } from "../../lib/format";
import { useRootData } from "../../lib/root-data";
import { pageMeta } from "../../lib/seo";
import { type ActionFeedback, failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import checkoutCss from "../../styles/checkout.css?url";
import type { Route } from "./+types/order";
import { STATUS_LABEL } from "./orders";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: checkoutCss }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData ? `Order ${loaderData.order.orderNo}` : "Order" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireViewer(context, request);
  try {
    return { order: await services(context).orders.getMine(cartOwner(context), params.id) };
  } catch (e) {
    throw pageError(e, request);
  }
}

export async function action({
  request,
  context,
  params,
}: Route.ActionArgs): Promise<ActionFeedback> {
  requireViewer(context, request);
  try {
    const form = await request.formData();
    const refundTo = form.get("refundTo");
    const d = await services(context).orders.cancelMine(cartOwner(context), params.id, {
      refundTo: refundTo === null ? undefined : String(refundTo),
    });
    // The checkout's other orders lost what this one earned them: say what they cost now.
    const moved = (d.repriced ?? []).map(
      (r) =>
        `Order ${r.orderNo} now costs ${rupees(r.total)} instead of ${rupees(r.previousTotal)}.`,
    );
    return { ok: true, message: [cancelledMessage(d.refund), ...moved].join(" ") };
  } catch (e) {
    return failure(e);
  }
}

/** What the shopper reads once the order is cancelled: where any money they paid goes. */
function cancelledMessage(refund: OrderRefund | null) {
  if (!refund) return "Your order is cancelled.";
  return refund.to === "wallet"
    ? `Your order is cancelled. ${rupees(refund.amount)} is back in your wallet.`
    : `Your order is cancelled. ${rupees(refund.amount)} will be refunded to ${refund.method}.`;
}

/** The refund line on a cancelled order paid online. */
function refundLine(r: OrderRefund) {
  if (r.to === "wallet") return `${rupees(r.amount)} refunded to your wallet.`;
  return r.status === "refunded"
    ? `${rupees(r.amount)} refunded to ${r.method}${r.refundedAt ? ` on ${formatDate(r.refundedAt)}` : ""}.`
    : `${rupees(r.amount)} is being refunded to ${r.method}. Our team sends it back through ${r.method}; it can take a few working days to reach you.`;
}

const PAYMENT_STATUS: Record<string, string> = {
  pending: "not paid yet",
  paid: "paid",
  failed: "payment failed",
  refund_due: "refund on its way",
  refunded: "refunded",
};

const LADDER = ["placed", "confirmed", "packed", "shipped", "delivered"] as const;
/** A delivered order the shopper sends back (decision 048): two more steps. */
const RETURN_LADDER = [...LADDER, "return_requested", "returned"] as const;

export default function MyOrder() {
  const { order } = useLoaderData<typeof loader>();
  useFreshToasts();
  useFeedback(useActionData<typeof action>());
  const { taxDisplay } = useRootData().settings;
  const busy = useNavigation().state !== "idle";
  const reached = new Set(order.history.map((h) => h.status));
  // Staff write the courier and tracking number into the shipped step (decision 044).
  const shipment =
    order.status === "cancelled" ? undefined : order.history.find((h) => h.status === "shipped");
  const returning = order.status === "return_requested" || order.status === "returned";
  const ladder = returning ? RETURN_LADDER : LADDER;
  // Received: each line may be reviewed (decision 051).
  const received = returning || order.status === "delivered";
  const returnNote = returning
    ? order.history.find((h) => h.status === "return_requested")?.note
    : undefined;
  const a = order.amount;
  return (
    <section aria-labelledby="order-title" className="order-detail">
      <p>
        <Link to="/my/orders">← My orders</Link>
      </p>
      <h1 id="order-title">Order {order.orderNo}</h1>
      <p>
        {formatDate(order.createdAt)} · <strong>{STATUS_LABEL[order.status]}</strong> · sold by{" "}
        {order.vendor.name}
      </p>
      <ol className="status-timeline" aria-label="Order status">
        {order.status === "cancelled" ? (
          <>
            <li className="done">Placed</li>
            <li className="done cancelled">
              Cancelled{order.cancelReason ? ` — ${order.cancelReason}` : ""}
            </li>
          </>
        ) : (
          ladder.map((s) => (
            <li key={s} className={reached.has(s) ? "done" : ""}>
              {STATUS_LABEL[s]}
            </li>
          ))
        )}
      </ol>
      {shipment?.note && <p className="muted">{shipment.note}</p>}
      {returnNote && <p className="muted">{returnNote}</p>}
      <h2>Items</h2>
      <ul className="cart-lines">
        {order.items.map((i) => (
          <li key={i._id} className="cart-line">
            {i.img && <img src={i.img} alt="" width={64} height={64} loading="lazy" />}
            <div className="cart-line__info">
              <Link to={`/${i.slug}`}>{i.name}</Link>
              <div className="muted">{[i.size, i.color].filter(Boolean).join(" · ")}</div>
              <div>
                {i.gift ? <span className="gift-badge">Free gift</span> : null}
                {!i.gift && i.price === 0 ? <span className="gift-badge">Freebie</span> : null}{" "}
                {i.qty} × {rupees(i.price)}
              </div>
              {taxDisplay === "per_item" && i.tax > 0 && (
                <div className="muted">incl. {rupees(i.tax)} sales tax</div>
              )}
              {received && !i.gift && <Link to={`/review/${i._id}`}>Write a review</Link>}
            </div>
            <strong className="cart-line__total">{rupees(i.total)}</strong>
          </li>
        ))}
      </ul>
      <dl className="cart-totals">
        <dt>Subtotal</dt>
        <dd>{rupees(a.subtotal)}</dd>
        {a.promotionDiscount > 0 && (
          <>
            <dt>Promotion{order.promotion ? `: ${order.promotion}` : ""}</dt>
            <dd>−{rupees(a.promotionDiscount)}</dd>
          </>
        )}
        {a.discount > a.promotionDiscount && (
          <>
            <dt>Voucher</dt>
            <dd>−{rupees(a.discount - a.promotionDiscount)}</dd>
          </>
        )}
        <dt>Shipping ({order.shippingMethod})</dt>
        <dd>{a.shipping === 0 ? "Free" : rupees(a.shipping)}</dd>
        {taxDisplay !== "hidden" && a.tax > 0 && (
          <>
            <dt>Includes sales tax</dt>
            <dd>{rupees(a.tax)}</dd>
          </>
        )}
        <dt className="cart-totals__total">Total</dt>
        <dd className="cart-totals__total">{rupees(a.total + a.walletUsed)}</dd>
        {a.walletUsed > 0 && order.status !== "cancelled" && (
          <>
            <dt>Paid from wallet</dt>
            <dd>−{rupees(a.walletUsed)}</dd>
            <dt className="cart-totals__total">Amount due</dt>
            <dd className="cart-totals__total">{rupees(a.total)}</dd>
          </>
        )}
      </dl>
      {order.priceChanges.length > 0 && (
        <div className="notice price-changes" role="note" aria-label="Price changes">
          {order.priceChanges.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </div>
      )}
      <h2>Delivery address</h2>
      <address>
        {order.address.fullName}
        <br />
        {order.address.address}
        {order.address.landmark ? `, ${order.address.landmark}` : ""}
        <br />
        {order.address.city}, {order.address.province} {order.address.zip ?? ""}
        <br />0{order.address.phone.slice(2)}
      </address>
      <h2>Payment</h2>
      <p>
        {order.payment.method === "COD" ? "Cash on delivery" : methodName(order.payment.method)} ·{" "}
        {PAYMENT_STATUS[order.payment.status] ?? order.payment.status}
      </p>
      {order.refund && <p className="notice">{refundLine(order.refund)}</p>}
      {order.status === "delivered" && (
        <p>
          <Link to={`/my/disputes/${order._id}`} className="button button--ghost">
            Report a problem
          </Link>
        </p>
      )}
      {order.canCancel && (
        // Cancelling asks first: the button opens the question, which works before (and
        // without) the page's script.
        <details className="cancel-order">
          <summary className="button button--ghost cancel-order__open">Cancel order</summary>
          <Form method="post" className="cancel-order__confirm">
            <p className="cancel-order__question">
              <strong>Cancel order {order.orderNo}?</strong> Its items go back on sale; this cannot
              be undone.
            </p>
            {order.refundChoices.length > 0 && (
              <fieldset className="refund-choice">
                <legend>
                  If you cancel, where should the {rupees(a.total)} you paid online go?
                </legend>
                {order.refundChoices.map((to) => (
                  <label key={to} className="check">
                    <input type="radio" name="refundTo" value={to} required />
                    {to === "wallet"
                      ? "To my Maidan wallet, at once"
                      : `Back to ${methodName(order.payment.method)}, within a few working days`}
                  </label>
                ))}
                {a.walletUsed > 0 && (
                  <p className="muted">
                    The {rupees(a.walletUsed)} paid from your wallet goes back to your wallet.
                  </p>
                )}
              </fieldset>
            )}
            <button type="submit" className="button button--danger" disabled={busy}>
              Yes, cancel this order
            </button>
          </Form>
        </details>
      )}
    </section>
  );
}
