import { COURIER_LABELS, courierBookingBody } from "@maidan/contracts/admin-couriers";
import { noteBody, STAFF_STATUS_LABEL, transitionBody } from "@maidan/contracts/admin-orders";
import { rupees } from "@maidan/contracts/money";
import { Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { CourierPanel } from "../../components/admin/courier-panel";
import { AdminFeedback } from "../../components/admin/feedback";
import { ActionForm, type Feedback } from "../../components/admin/order-action-form";
import { OrderNotes } from "../../components/admin/order-notes";
import { OrderSide } from "../../components/admin/order-side";
import { RefundSection } from "../../components/admin/refund-form";
import { canChangeOrders, requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { formatDate } from "../../lib/format";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminHead(loaderData ? `Order ${loaderData.order.orderNo}` : "Order");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    const order = await services(context).adminOrders.get(staff, params.id);
    const shipping = await services(context).adminCouriers.shippingOf(staff, order);
    // Refunds (decisions 046, 048): managers and admins, of delivered (or returned) or cancelled orders.
    const refunds =
      canChangeOrders(staff) &&
      ["delivered", "return_requested", "returned", "cancelled"].includes(order.status)
        ? await services(context).adminRefunds.of(staff, params.id)
        : null;
    return { order, shipping, staff: canChangeOrders(staff), refunds };
  } catch (e) {
    throw pageError(e, request);
  }
}

export async function action({ request, context, params }: Route.ActionArgs): Promise<Feedback> {
  const staff = requireStaff(context, request);
  const input = Object.fromEntries(await request.formData());
  if (input.intent === "courier-booking") return bookCourier(context, params.id, staff, input);
  if (input.intent === "note") return addNote(context, params.id, staff, input);
  const parsed = transitionBody.safeParse(input);
  if (!parsed.success) {
    const fields: Feedback["fields"] = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? "") as keyof NonNullable<Feedback["fields"]>;
      if (name && !fields[name]) fields[name] = issue.message;
    }
    const message =
      Object.keys(fields).length > 0
        ? "Please correct the fields marked below."
        : (parsed.error.issues[0]?.message ?? "");
    return { ok: false, message, action: String(input.action ?? ""), fields };
  }
  try {
    const after = await services(context).adminOrders.transition(staff, params.id, parsed.data);
    return {
      ok: true,
      message:
        after.status === "return_requested"
          ? `Order ${after.orderNo}: the return request is recorded.`
          : `Order ${after.orderNo} is ${STAFF_STATUS_LABEL[after.status].toLowerCase()}.`,
    };
  } catch (e) {
    return { ...failure(e), action: parsed.data.action };
  }
}

/** The shipping box's booking: the courier's consignment number, and the order shipped. */
async function bookCourier(
  context: Route.ActionArgs["context"],
  id: string,
  staff: ReturnType<typeof requireStaff>,
  input: Record<string, unknown>,
): Promise<Feedback> {
  const parsed = courierBookingBody.safeParse(input);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? "Choose a courier" };
  try {
    const b = await services(context).adminCouriers.book(staff, id, parsed.data);
    return {
      ok: true,
      message: `${b.created ? "Booked" : "Already booked"} with ${COURIER_LABELS[b.courier]}: consignment number ${b.consignmentNo}.`,
    };
  } catch (e) {
    return failure(e);
  }
}

/** A note between staff (decision 048); the schema's message goes beside the field. */
async function addNote(
  context: Route.ActionArgs["context"],
  id: string,
  staff: ReturnType<typeof requireStaff>,
  input: Record<string, unknown>,
): Promise<Feedback> {
  const parsed = noteBody.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Write the note";
    return { ok: false, message, action: "note", fields: { text: message } };
  }
  try {
    await services(context).adminOrders.addNote(staff, id, parsed.data);
    return { ok: true, message: "Note added." };
  } catch (e) {
    return { ...failure(e), action: "note" };
  }
}

export default function AdminOrder() {
  const { order, shipping, staff, refunds } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const a = order.amount;
  return (
    <section aria-labelledby="order-title" className="admin-order">
      <p>
        <Link to="/admin/orders">← Orders</Link>
      </p>
      <h1 id="order-title">
        Order {order.orderNo}{" "}
        <span className={`admin-status admin-status--${order.status}`}>
          {STAFF_STATUS_LABEL[order.status]}
        </span>
      </h1>
      <p className="muted">
        Placed {formatDate(order.createdAt)} · sold by {order.vendor.name} · {order.payment.method}{" "}
        · payment {order.payment.status.replace(/_/g, " ")}
      </p>
      <AdminFeedback feedback={feedback} />
      {order.actions.length > 0 && (
        <div className="admin-actions" aria-label="Actions">
          {order.actions.map((action) => (
            <ActionForm key={action} action={action} busy={busy} feedback={feedback} />
          ))}
        </div>
      )}
      <CourierPanel order={order} shipping={shipping} staff={staff} busy={busy} />
      <div className="admin-columns">
        <div>
          <h2>Items</h2>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">SKU</th>
                  <th scope="col" className="num">
                    Qty
                  </th>
                  <th scope="col" className="num">
                    Price
                  </th>
                  <th scope="col" className="num">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.items.map((i) => (
                  <tr key={i._id}>
                    <td>
                      {i.name}
                      <div className="muted">
                        {[i.size, i.color, i.gift ? "free gift" : null].filter(Boolean).join(" · ")}
                      </div>
                    </td>
                    <td>{i.sku}</td>
                    <td className="num">{i.qty}</td>
                    <td className="num">{rupees(i.price)}</td>
                    <td className="num">{rupees(i.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2>Money</h2>
          <dl className="admin-money">
            <dt>Subtotal</dt>
            <dd>{rupees(a.subtotal)}</dd>
            {a.discount > 0 && (
              <>
                <dt>Discount</dt>
                <dd>−{rupees(a.discount)}</dd>
              </>
            )}
            <dt>Shipping ({order.shippingMethod})</dt>
            <dd>{rupees(a.shipping)}</dd>
            {a.tax > 0 && (
              <>
                <dt>Sales tax</dt>
                <dd>{rupees(a.tax)}</dd>
              </>
            )}
            {a.walletUsed > 0 && (
              <>
                <dt>From the wallet</dt>
                <dd>−{rupees(a.walletUsed)}</dd>
              </>
            )}
            <dt>Total</dt>
            <dd>
              <strong>{rupees(a.total)}</strong>
            </dd>
          </dl>
          {refunds && <RefundSection refunds={refunds} />}
          <h2>Timeline</h2>
          <ol className="admin-timeline">
            {order.history.map((h) => (
              <li key={`${h.at}-${h.status}`}>
                <strong>{STAFF_STATUS_LABEL[h.status]}</strong> · {formatDate(h.at)}
                {h.note && <div className="muted">{h.note}</div>}
              </li>
            ))}
          </ol>
          {staff && <OrderNotes order={order} busy={busy} feedback={feedback} />}
        </div>
        <OrderSide order={order} staff={staff} />
      </div>
    </section>
  );
}
