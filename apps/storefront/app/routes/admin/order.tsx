import {
  type AdminOrderDetail,
  type OrderAction,
  STAFF_STATUS_LABEL,
  transitionBody,
} from "@maidan/contracts/admin-orders";
import { rupees } from "@maidan/contracts/money";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { requireStaff } from "../../lib/admin.server";
import { formatDate } from "../../lib/format";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Order ${loaderData.order.orderNo}` : "Order"} · Maidan back-office` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    return { order: await services(context).adminOrders.get(staff, params.id) };
  } catch (e) {
    throw pageError(e, request);
  }
}

type Feedback = {
  ok: boolean;
  message: string;
  action?: string;
  fields?: Partial<Record<"courier" | "trackingNo" | "reason" | "note", string>>;
};

/** One step of the order's lifecycle; the shared schema's messages go beside their fields. */
export async function action({ request, context, params }: Route.ActionArgs): Promise<Feedback> {
  const staff = requireStaff(context, request);
  const input = Object.fromEntries(await request.formData());
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
      message: `Order ${after.orderNo} is ${STAFF_STATUS_LABEL[after.status].toLowerCase()}.`,
    };
  } catch (e) {
    return { ...failure(e), action: parsed.data.action };
  }
}

const BUTTON: Record<OrderAction, string> = {
  confirm: "Confirm order",
  pack: "Mark packed",
  ship: "Mark shipped",
  deliver: "Mark delivered",
  cancel: "Cancel order",
};

export default function AdminOrder() {
  const { order } = useLoaderData<typeof loader>();
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
      {feedback && (
        <p
          role={feedback.ok ? "status" : "alert"}
          className={feedback.ok ? "admin-note" : "admin-alert"}
        >
          {feedback.message}
        </p>
      )}
      {order.actions.length > 0 && (
        <div className="admin-actions" aria-label="Actions">
          {order.actions.map((action) => (
            <ActionForm key={action} action={action} busy={busy} feedback={feedback} />
          ))}
        </div>
      )}
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
          <h2>Timeline</h2>
          <ol className="admin-timeline">
            {order.history.map((h) => (
              <li key={`${h.at}-${h.status}`}>
                <strong>{STAFF_STATUS_LABEL[h.status]}</strong> · {formatDate(h.at)}
                {h.note && <div className="muted">{h.note}</div>}
              </li>
            ))}
          </ol>
        </div>
        <aside>
          <h2>Customer</h2>
          <Address order={order} />
          {order.shipment && (
            <>
              <h2>Shipment</h2>
              <p>
                {order.shipment.courier}, tracking number {order.shipment.trackingNo}
              </p>
            </>
          )}
          <h2>Payment attempts</h2>
          {order.payments.length === 0 ? (
            <p className="muted">None (cash on delivery or wallet).</p>
          ) : (
            <ul>
              {order.payments.map((p) => (
                <li key={p._id}>
                  {p.gateway} · {rupees(p.amount)} · {p.status}
                  {p.resultMessage && <div className="muted">{p.resultMessage}</div>}
                </li>
              ))}
            </ul>
          )}
          {order.messages.length > 0 && (
            <>
              {/* Sends are kept per recipient: all since the order was placed (decision 044). */}
              <h2>Messages to this phone and e-mail</h2>
              <ul>
                {order.messages.map((m) => (
                  <li key={`${m.at}-${m.template}-${m.channel}`}>
                    {m.channel.toUpperCase()} {m.template.replace(/-/g, " ")} · {formatDate(m.at)}
                  </li>
                ))}
              </ul>
            </>
          )}
          {order.audit.length > 0 && (
            <>
              <h2>Audit</h2>
              <ul className="admin-audit">
                {order.audit.map((e) => (
                  <li key={e._id}>
                    {formatDate(e.at)} · {e.actor.name} ({e.actor.role}) · {e.action}:{" "}
                    {String(e.before?.status ?? "")} → {String(e.after?.status ?? "")}
                  </li>
                ))}
              </ul>
            </>
          )}
        </aside>
      </div>
    </section>
  );
}

function Address({ order }: { order: AdminOrderDetail }) {
  const d = order.address;
  return (
    <address>
      {d.fullName}
      <br />
      <a href={`tel:${d.phone}`}>{d.phone}</a>
      {d.email && (
        <>
          <br />
          {d.email}
        </>
      )}
      <br />
      {d.address}
      {d.landmark ? `, ${d.landmark}` : ""}
      <br />
      {d.city}, {d.province} {d.zip ?? ""}
    </address>
  );
}

/** One action's form: a button, and the fields the step needs with their messages beside them. */
function ActionForm({
  action,
  busy,
  feedback,
}: {
  action: OrderAction;
  busy: boolean;
  feedback: Feedback | undefined;
}) {
  const errors = feedback?.action === action ? (feedback.fields ?? {}) : {};
  const field = (
    name: "courier" | "trackingNo" | "reason" | "note",
    text: string,
    hint?: string,
  ) => (
    <label className="field">
      <span>{text}</span>
      <input
        name={name}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${action}-${name}-error`}
        placeholder={hint}
      />
      {/* Not the storefront's FieldError: sharing it splits its chunk off the login dialog's,
          one more file for every storefront page to list (decision 044). */}
      <span className="field__error" id={`${action}-${name}-error`} aria-live="polite">
        {errors[name]}
      </span>
    </label>
  );
  return (
    <Form method="post" className={`admin-action admin-action--${action}`} noValidate>
      <input type="hidden" name="action" value={action} />
      {action === "confirm" && field("note", "Phone call note (optional)")}
      {action === "ship" && (
        <>
          {field("courier", "Courier", "TCS, Leopards, PostEx…")}
          {field("trackingNo", "Tracking number")}
        </>
      )}
      {action === "cancel" && field("reason", "Reason for cancelling")}
      <button
        type="submit"
        className={action === "cancel" ? "button button--secondary" : "button"}
        disabled={busy}
      >
        {BUTTON[action]}
      </button>
    </Form>
  );
}
