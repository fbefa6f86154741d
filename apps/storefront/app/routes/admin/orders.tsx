import { slipsQuery } from "@maidan/contracts/admin-couriers";
import {
  ADMIN_PAGE_SIZE,
  ADMIN_SORTS,
  type AdminOrderList,
  bulkBody,
  ORDER_ACTIONS,
  PAYMENT_STATUSES,
  STAFF_STATUS_LABEL,
} from "@maidan/contracts/admin-orders";
import { rupees } from "@maidan/contracts/money";
import { ORDER_STATUSES } from "@maidan/contracts/orders";
import {
  Form,
  Link,
  redirectDocument,
  useActionData,
  useLoaderData,
  useNavigation,
} from "react-router";
import { AdminAlert, AdminFeedback } from "../../components/admin/feedback";
import { Pager } from "../../components/admin/pager";
import { canChangeOrders, requireStaff } from "../../lib/admin.server";
import { filtersOf } from "../../lib/admin-query.server";
import { formatDate } from "../../lib/format";
import { classify, failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [
  { title: "Orders · Maidan back-office" },
  { name: "robots", content: "noindex" },
];

const FILTERS = ["status", "paymentStatus", "method", "city", "from", "to", "q", "sort"] as const;

/** The list as the URL says: filters, search, sort and page are query parameters. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const query = filtersOf(request, [...FILTERS, "page"]);
  try {
    const list = await services(context).adminOrders.list(staff, query);
    return { list, query, canChange: canChangeOrders(staff), error: null };
  } catch (e) {
    // A bad filter in the URL: its message above an empty table, the form to correct it.
    const f = classify(e);
    if (f.kind !== "refused" || f.status !== 400) throw pageError(e, request);
    const empty: AdminOrderList = { orders: [], total: 0, page: 1, pageSize: ADMIN_PAGE_SIZE };
    return { list: empty, query, canChange: canChangeOrders(staff), error: f.message };
  }
}

/** Bulk confirm or pack of the ticked orders; each succeeds or fails on its own. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const form = await request.formData();
  const input = { action: form.get("action"), ids: form.getAll("ids") };
  if (input.action === "slips") return printSlips(input.ids);
  const parsed = bulkBody.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "" };
  try {
    const { results } = await services(context).adminOrders.bulk(staff, parsed.data);
    const done = results.filter((r) => r.ok).length;
    const refused = results.filter((r) => !r.ok).map((r) => r.message);
    return {
      ok: refused.length === 0,
      message: [`${done} of ${results.length} orders ${parsed.data.action}ed.`, ...refused].join(
        " ",
      ),
    };
  } catch (e) {
    return failure(e);
  }
}

/** "Print slips": the ticked orders' packing slips, one PDF (decision 045), in this tab. */
function printSlips(ids: FormDataEntryValue[]) {
  const parsed = slipsQuery.safeParse({ ids });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "" };
  const query = new URLSearchParams(parsed.data.ids.map((id) => ["ids", id]));
  return redirectDocument(`/api/admin/orders/slips.pdf?${query}`);
}

const label = (s: string) => s.replace(/_/g, " ");

export default function AdminOrders() {
  const { list, query, canChange, error } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">Orders</h1>
      <Form method="get" className="admin-filters" aria-label="Filter orders">
        <label>
          Search
          <input
            name="q"
            type="search"
            defaultValue={query.q ?? ""}
            placeholder="Order number, phone or e-mail"
          />
        </label>
        <label>
          Status
          <select name="status" defaultValue={query.status ?? ""}>
            <option value="">Any</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STAFF_STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Payment
          <select name="paymentStatus" defaultValue={query.paymentStatus ?? ""}>
            <option value="">Any</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {label(s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Method
          <input name="method" defaultValue={query.method ?? ""} placeholder="COD, JazzCash…" />
        </label>
        <label>
          City
          <input name="city" defaultValue={query.city ?? ""} />
        </label>
        <label>
          From
          <input name="from" type="date" defaultValue={query.from ?? ""} />
        </label>
        <label>
          To
          <input name="to" type="date" defaultValue={query.to ?? ""} />
        </label>
        <label>
          Sort
          <select name="sort" defaultValue={query.sort ?? "-createdAt"}>
            {ADMIN_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      <AdminAlert message={error} />
      <AdminFeedback feedback={feedback} />
      <Form method="post" id="bulk">
        {canChange && (
          <p className="admin-bulk">
            With the ticked orders:{" "}
            {ORDER_ACTIONS.filter((a) => a === "confirm" || a === "pack").map((a) => (
              <button
                key={a}
                type="submit"
                name="action"
                value={a}
                className="button button--small"
                disabled={busy}
              >
                {a === "confirm" ? "Confirm" : "Pack"}
              </button>
            ))}{" "}
            <button
              type="submit"
              name="action"
              value="slips"
              className="button button--small button--secondary"
              disabled={busy}
            >
              Print slips
            </button>
          </p>
        )}
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                {canChange && (
                  <th scope="col">
                    <span className="visually-hidden">Choose</span>
                  </th>
                )}
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Customer</th>
                <th scope="col">City</th>
                <th scope="col">Status</th>
                <th scope="col">Payment</th>
                <th scope="col" className="num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {list.orders.map((o) => (
                <tr key={o._id}>
                  {canChange && (
                    <td>
                      <input
                        type="checkbox"
                        name="ids"
                        value={o._id}
                        aria-label={`Choose ${o.orderNo}`}
                      />
                    </td>
                  )}
                  <td>
                    <Link to={`/admin/orders/${o._id}`}>{o.orderNo}</Link>
                  </td>
                  <td>{formatDate(o.createdAt)}</td>
                  <td>
                    {o.customer.name}
                    <div className="muted">{o.customer.phone}</div>
                  </td>
                  <td>{o.city}</td>
                  <td>
                    <span className={`admin-status admin-status--${o.status}`}>
                      {STAFF_STATUS_LABEL[o.status]}
                    </span>
                  </td>
                  <td>
                    {o.payment.method} · {label(o.payment.status)}
                  </td>
                  <td className="num">{rupees(o.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Form>
      {list.orders.length === 0 && !error && <p>No orders match.</p>}
      <Pager {...list} query={query} noun="orders" />
    </section>
  );
}

const SORT_LABEL: Record<(typeof ADMIN_SORTS)[number], string> = {
  "-createdAt": "Newest first",
  createdAt: "Oldest first",
  "-total": "Largest total",
  total: "Smallest total",
};
