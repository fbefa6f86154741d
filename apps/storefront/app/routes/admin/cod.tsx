import { STAFF_STATUS_LABEL, transitionBody } from "@maidan/contracts/admin-orders";
import { rupees } from "@maidan/contracts/money";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { formatDate } from "../../lib/format";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import overviewCss from "../../styles/admin-overview.css?url";
import type { Route } from "./+types/cod";

export const meta: Route.MetaFunction = () => adminHead("COD queue");
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: overviewCss }];

/** /admin/cod: COD orders waiting for staff's call, oldest first (decision 047). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    const queue = await services(context).adminOverview.codQueue(staff);
    return { ...queue, now: new Date().toISOString() };
  } catch (e) {
    throw pageError(e, request);
  }
}

/** Confirm (one tap) or cancel (with a reason) one order, through the orders' lifecycle. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const form = Object.fromEntries(await request.formData());
  const id = String(form.id ?? "");
  const parsed = transitionBody.safeParse(form);
  if (!parsed.success || (parsed.data.action !== "confirm" && parsed.data.action !== "cancel"))
    return {
      ok: false,
      message: parsed.error?.issues[0]?.message ?? "Confirm or cancel the order.",
    };
  try {
    const after = await services(context).adminOrders.transition(staff, id, parsed.data);
    return {
      ok: true,
      message: `Order ${after.orderNo} is ${STAFF_STATUS_LABEL[after.status].toLowerCase()}.`,
    };
  } catch (e) {
    return failure(e);
  }
}

/** "2 h 5 min left", or "overdue by 10 min". */
function timeLeft(confirmBy: string | null, now: string) {
  if (!confirmBy) return { text: "no deadline", overdue: false };
  const ms = new Date(confirmBy).getTime() - new Date(now).getTime();
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  const span = h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
  return ms >= 0
    ? { text: `${span} left`, overdue: false }
    : { text: `overdue by ${span}`, overdue: true };
}

export default function CodQueue() {
  const { orders, now } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="cod-title">
      <h1 id="cod-title">Unconfirmed COD orders</h1>
      <p className="muted">
        Oldest first. Call the customer, then confirm, or cancel with the reason they gave.
      </p>
      <AdminFeedback feedback={feedback} />
      {orders.length === 0 ? (
        <p>No order is waiting for a call.</p>
      ) : (
        <ol className="admin-queue" aria-label="Orders waiting for a call">
          {orders.map((o) => {
            const left = timeLeft(o.confirmBy, now);
            return (
              <li key={o._id} className="admin-queue__item" aria-label={o.orderNo}>
                <div className="admin-queue__facts">
                  <p>
                    <Link to={`/admin/orders/${o._id}`}>{o.orderNo}</Link> · {rupees(o.total)}
                    <span className="muted"> · placed {formatDate(o.createdAt)}</span>
                  </p>
                  <p>
                    {o.customer.name} · <a href={`tel:+${o.customer.phone}`}>{o.customer.phone}</a>
                    <span className="muted"> · {o.city}</span>
                  </p>
                  <p className={left.overdue ? "admin-overdue" : undefined}>{left.text}</p>
                </div>
                <div className="admin-queue__actions">
                  <Form method="post">
                    <input type="hidden" name="id" value={o._id} />
                    <button
                      type="submit"
                      name="action"
                      value="confirm"
                      className="button"
                      disabled={busy}
                      aria-label={`Confirm ${o.orderNo}`}
                    >
                      Confirm
                    </button>
                  </Form>
                  <Form method="post" className="admin-inline">
                    <input type="hidden" name="id" value={o._id} />
                    <input
                      name="reason"
                      required
                      minLength={3}
                      maxLength={300}
                      aria-label={`Reason to cancel ${o.orderNo}`}
                      placeholder="Reason to cancel"
                    />
                    <button
                      type="submit"
                      name="action"
                      value="cancel"
                      className="button button--small button--secondary"
                      disabled={busy}
                      aria-label={`Cancel ${o.orderNo}`}
                    >
                      Cancel
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
