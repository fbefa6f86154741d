import type { AdminOrderDetail } from "@maidan/contracts/admin-orders";
import { rupees } from "@maidan/contracts/money";
import { formatDate } from "../../lib/format";

/** The order page's side column: the customer, the shipment, payments, messages and audit. */
/**
 * `staff`: a manager or admin (a vendor is shown neither the checkout's payments, which cover
 * other stores' orders, nor messages and audit, which the API leaves empty for them).
 */
export function OrderSide({ order, staff }: { order: AdminOrderDetail; staff: boolean }) {
  return (
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
      {staff && (
        <>
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
        </>
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
                {formatDate(e.at)} · {e.actor.name} ({e.actor.role}) · {e.action}: {changeOf(e)}
              </li>
            ))}
          </ul>
        </>
      )}
    </aside>
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

/** A status change as "before → after"; another change (a refund) as its plain values. */
function changeOf(e: AdminOrderDetail["audit"][number]) {
  if (e.before?.status !== undefined || e.after?.status !== undefined)
    return `${String(e.before?.status ?? "")} → ${String(e.after?.status ?? "")}`;
  return Object.entries(e.after ?? {})
    .filter(([, v]) => v !== null && typeof v !== "object")
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(", ");
}
