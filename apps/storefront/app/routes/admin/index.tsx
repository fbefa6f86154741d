import { STAFF_STATUS_LABEL } from "@maidan/contracts/admin-orders";
import { hasRole } from "@maidan/contracts/auth";
import { rupees } from "@maidan/contracts/money";
import { Link, redirect, useLoaderData } from "react-router";
import { BarChart } from "../../components/admin/bar-chart";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import overviewCss from "../../styles/admin-overview.css?url";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => adminHead("Dashboard");
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: overviewCss }];

/** /admin: the dashboard for managers and admins; vendors open on their orders (decision 047). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  if (!hasRole(staff.role, "manager")) throw redirect("/admin/orders");
  try {
    return { d: await services(context).adminOverview.dashboard(staff) };
  } catch (e) {
    throw pageError(e, request);
  }
}

const percent = (r: number | null) => (r == null ? "–" : `${Math.round(r * 1000) / 10}%`);
const label = (s: string) => s.replace(/_/g, " ");

export default function Dashboard() {
  const { d } = useLoaderData<typeof loader>();
  const sales = [
    ["Today", d.sales.today],
    ["This week", d.sales.week],
    ["This month", d.sales.month],
  ] as const;
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      <ul className="admin-cards" aria-label="Sales">
        {sales.map(([name, s]) => (
          <li key={name} className="admin-card">
            <h2>Sales {name.toLowerCase()}</h2>
            <p className="admin-card__figure">{rupees(s.amount)}</p>
            <p className="muted">{s.orders} orders</p>
          </li>
        ))}
        <li className="admin-card">
          <h2>COD confirmed</h2>
          <p className="admin-card__figure">{percent(d.cod.confirmationRate)}</p>
          <p className="muted">
            {d.cod.confirmed} of {d.cod.decided} · last {d.windowDays} days
          </p>
        </li>
        <li className="admin-card">
          <h2>COD refused</h2>
          <p className="admin-card__figure">{percent(d.cod.refusalRate)}</p>
          <p className="muted">
            {d.cod.refused} of {d.cod.decided} ·{" "}
            <Link to="/admin/cod">{d.cod.pending} waiting for a call</Link>
          </p>
        </li>
      </ul>
      <p className="muted">
        Days in Pakistan time; weeks start on Monday. Cancelled orders and unpaid online orders are
        not sales.
      </p>
      <div className="admin-panels">
        <section className="admin-panel" aria-labelledby="by-status">
          <h2 id="by-status">Orders by status</h2>
          <BarChart
            title="Orders by status"
            bars={d.ordersByStatus.map((s) => ({
              label: STAFF_STATUS_LABEL[s.status],
              value: s.count,
            }))}
          />
        </section>
        <section className="admin-panel" aria-labelledby="by-outcome">
          <h2 id="by-outcome">Payments by outcome (last {d.windowDays} days)</h2>
          {d.payments.length === 0 ? (
            <p>No online payments.</p>
          ) : (
            <BarChart
              title="Payments by outcome"
              bars={d.payments.map((p) => ({
                label: label(p.status),
                value: p.amount,
                text: `${p.count} · ${rupees(p.amount)}`,
              }))}
            />
          )}
          <p>
            <Link to="/admin/payments">All payments and the reconciliation</Link>
          </p>
        </section>
        <section className="admin-panel" aria-labelledby="low-stock">
          <h2 id="low-stock">Low stock ({d.lowStockThreshold} or fewer)</h2>
          {d.lowStock.length === 0 ? (
            <p>Nothing is running low.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">SKU</th>
                    <th scope="col" className="num">
                      In stock
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.lowStock.map((v) => (
                    <tr key={v.variantId}>
                      <td>{v.product}</td>
                      <td>{v.sku}</td>
                      <td className="num">{v.stock}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </section>
  );
}
