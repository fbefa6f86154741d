import { slipsQuery } from "@maidan/contracts/admin-couriers";
import {
  ADMIN_PAGE_SIZE,
  ADMIN_SORTS,
  type AdminOrderList,
  type AdminSort,
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
import { CursorPager, listLink } from "../../components/admin/cursor-pager";
import { AdminAlert, AdminFeedback } from "../../components/admin/feedback";
import { canChangeOrders, requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { filtersOf } from "../../lib/admin-query.server";
import { formatDate } from "../../lib/format";
import { classify, failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => adminHead("Orders");

const FILTERS = [
  "status",
  "paymentStatus",
  "method",
  "city",
  "vendor",
  "from",
  "to",
  "q",
  "sort",
] as const;

/**
 * The list as the URL says: filters, search, sort and the page's cursor (keyset paging,
 * decision 054) are query parameters. Staff pick a store from the shop's stores; a vendor sees
 * only their own anyway.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const query = filtersOf(request, [...FILTERS, "cursor"]);
  const canChange = canChangeOrders(staff);
  const stores = canChange
    ? (await services(context).catalog.vendors()).map((v) => ({ _id: v._id, name: v.name }))
    : [];
  try {
    const list = await services(context).adminOrders.list(staff, query);
    return { list, query, canChange, stores, error: null };
  } catch (e) {
    // A bad filter or page link in the URL: its message above an empty table, the form to correct it.
    const f = classify(e);
    if (f.kind !== "refused" || f.status !== 400) throw pageError(e, request);
    const empty: AdminOrderList = {
      orders: [],
      total: 0,
      totalCapped: false,
      pageSize: ADMIN_PAGE_SIZE,
      next: null,
      previous: null,
    };
    return { list: empty, query, canChange, stores, error: f.message };
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
  const { list, query, canChange, stores, error } = useLoaderData<typeof loader>();
  const sort = query.sort ?? "-createdAt";
  /** A column heading that sorts by it (from the first page), the other way when it already does. */
  const sortable = (name: string, asc: AdminSort, desc: AdminSort, first: AdminSort = desc) => {
    const now = sort === asc ? "ascending" : sort === desc ? "descending" : undefined;
    const to = now === "descending" ? asc : now === "ascending" ? desc : first;
    return (
      <th scope="col" aria-sort={now} className={asc === "total" ? "num" : undefined}>
        <Link to={listLink(query, { sort: to, cursor: undefined })}>
          {name}
          {now === "ascending" ? " ↑" : now === "descending" ? " ↓" : ""}
        </Link>
      </th>
    );
  };
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">Orders</h1>
      {/* Keyed by the filters: a heading's sort or a new filter shows in the fields too. */}
      <Form
        key={listLink(query, { cursor: undefined })}
        method="get"
        className="admin-filters"
        aria-label="Filter orders"
      >
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
        {stores.length > 0 && (
          <label>
            Store
            <select name="vendor" defaultValue={query.vendor ?? ""}>
              <option value="">Any</option>
              {stores.map((v) => (
                <option key={v._id} value={v._id}>
                  {v.name}
                </option>
              ))}
            </select>
          </label>
        )}
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
                {sortable("Placed", "createdAt", "-createdAt")}
                <th scope="col">Customer</th>
                <th scope="col">City</th>
                {sortable("Status", "status", "status")}
                <th scope="col">Payment</th>
                {sortable("Total", "total", "-total")}
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
      <CursorPager {...list} query={query} noun="orders" />
    </section>
  );
}

const SORT_LABEL: Record<(typeof ADMIN_SORTS)[number], string> = {
  "-createdAt": "Newest first",
  createdAt: "Oldest first",
  "-total": "Largest total",
  total: "Smallest total",
  status: "By status, oldest first",
};
