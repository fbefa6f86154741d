import type { AdminPaymentList, Reconciliation } from "@maidan/contracts/admin-dashboard";
import { rupees } from "@maidan/contracts/money";
import { PAYMENT_STATUSES } from "@maidan/contracts/payments";
import { Form, useLoaderData } from "react-router";
import { AdminAlert } from "../../components/admin/feedback";
import { Pager } from "../../components/admin/pager";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { filtersOf } from "../../lib/admin-query.server";
import { formatDate } from "../../lib/format";
import { classify, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import overviewCss from "../../styles/admin-overview.css?url";
import type { Route } from "./+types/payments";

export const meta: Route.MetaFunction = () => adminHead("Payments");
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: overviewCss }];

const FILTERS = ["status", "gateway", "from", "to", "waiting", "page"] as const;

/** /admin/payments: attempts filtered as the URL says, and the reconciliation (decision 047). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const query = filtersOf(request, FILTERS);
  const range = { from: query.from, to: query.to };
  const overview = services(context).adminOverview;
  try {
    const [list, rec] = await Promise.all([
      overview.payments(staff, query),
      overview.reconciliation(staff, range),
    ]);
    return { list, rec, query, statuses: PAYMENT_STATUSES, error: null };
  } catch (e) {
    const f = classify(e);
    if (f.kind !== "refused" || f.status !== 400) throw pageError(e, request);
    const list: AdminPaymentList = { payments: [], total: 0, page: 1, pageSize: 50 };
    const rec: Reconciliation = { rows: [] };
    return { list, rec, query, statuses: PAYMENT_STATUSES, error: f.message };
  }
}

const label = (s: string) => s.replace(/_/g, " ");

export default function Payments() {
  // The statuses come with the data: importing them here would change a shared storefront chunk.
  const { list, rec, query, statuses, error } = useLoaderData<typeof loader>();
  const mismatches = rec.rows.filter((r) => !r.match);
  const csv = `/api/admin/payments/reconciliation.csv?${new URLSearchParams(
    Object.entries({ from: query.from, to: query.to }).filter((e): e is [string, string] => !!e[1]),
  )}`;
  return (
    <section aria-labelledby="payments-title">
      <h1 id="payments-title">Payments</h1>
      <Form method="get" className="admin-filters" aria-label="Filter payments">
        <label>
          Status
          <select name="status" defaultValue={query.status ?? ""}>
            <option value="">Any</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Gateway
          <input name="gateway" defaultValue={query.gateway ?? ""} placeholder="jazzcash, hbl…" />
        </label>
        <label>
          From
          <input name="from" type="date" defaultValue={query.from ?? ""} />
        </label>
        <label>
          To
          <input name="to" type="date" defaultValue={query.to ?? ""} />
        </label>
        <label className="admin-check">
          <input type="checkbox" name="waiting" value="1" defaultChecked={query.waiting === "1"} />
          Waiting for inquiry only
        </label>
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      <AdminAlert message={error} />

      <section aria-labelledby="rec-title" className="admin-section">
        <h2 id="rec-title">Reconciliation</h2>
        <p>
          {mismatches.length === 0
            ? `All ${rec.rows.length} checkouts with an online payment match their paid attempts.`
            : `${mismatches.length} of ${rec.rows.length} checkouts with an online payment do not match their paid attempts.`}{" "}
          <a href={csv} download>
            Download CSV
          </a>
        </p>
        {rec.rows.length > 0 && (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Orders</th>
                  <th scope="col">Method</th>
                  <th scope="col" className="num">
                    Attempts paid
                  </th>
                  <th scope="col" className="num">
                    Orders marked paid
                  </th>
                  <th scope="col" className="num">
                    Difference
                  </th>
                  <th scope="col">Placed</th>
                </tr>
              </thead>
              <tbody>
                {rec.rows.slice(0, 50).map((r) => (
                  <tr key={r.checkoutId} className={r.match ? undefined : "admin-row--mismatch"}>
                    <td>
                      {r.orderNos.join(", ")}
                      {!r.match && <div className="admin-overdue">Mismatch</div>}
                    </td>
                    <td>{r.method}</td>
                    <td className="num">{rupees(r.attemptsPaid)}</td>
                    <td className="num">{rupees(r.ordersPaid)}</td>
                    <td className="num">{rupees(r.difference)}</td>
                    <td>{formatDate(r.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="attempts-title" className="admin-section">
        <h2 id="attempts-title">Attempts</h2>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Gateway</th>
                <th scope="col">Orders</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Signals</th>
                <th scope="col">Next inquiry</th>
              </tr>
            </thead>
            <tbody>
              {list.payments.map((p) => (
                <tr key={p._id}>
                  <td>
                    {formatDate(p.createdAt)}
                    <div className="muted">{p.reference}</div>
                  </td>
                  <td>
                    {p.gateway}
                    <div className="muted">{p.method}</div>
                  </td>
                  <td>{p.purpose === "order" ? p.orderNos.join(", ") : label(p.purpose)}</td>
                  <td>
                    {p.status}
                    {p.resultMessage && <div className="muted">{p.resultMessage}</div>}
                    {p.refundDue && <div className="admin-overdue">Refund due: {p.refundDue}</div>}
                  </td>
                  <td className="num">{rupees(p.amount)}</td>
                  <td>
                    {p.signals.count === 0
                      ? "none"
                      : `${p.signals.count} (${p.signals.rejected} refused)`}
                    {p.signals.last && <div className="muted">{p.signals.last}</div>}
                  </td>
                  <td>
                    {p.nextInquiryAt ? formatDate(p.nextInquiryAt) : "–"}
                    {p.inquiries > 0 && <div className="muted">{p.inquiries} asked</div>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {list.payments.length === 0 && !error && <p>No payment attempts match.</p>}
        <Pager {...list} query={query} noun="attempts" />
      </section>
    </section>
  );
}
