import { type CodCollections, courierLabel } from "@maidan/contracts/admin-couriers";
import { rupees } from "@maidan/contracts/money";
import { Form, useLoaderData } from "react-router";
import { AdminAlert } from "../../components/admin/feedback";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { filtersOf } from "../../lib/admin-query.server";
import { classify, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import overviewCss from "../../styles/admin-overview.css?url";
import type { Route } from "./+types/cod-collections";

export const meta: Route.MetaFunction = () => adminHead("COD cash per courier");
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: overviewCss }];

/** Pakistan's calendar day `days` ago, as YYYY-MM-DD. */
const karachiDay = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toLocaleDateString("en-CA", {
    timeZone: "Asia/Karachi",
  });

/**
 * /admin/cod-collections: cash the couriers collected at the door, per courier per day, over a
 * range of days (the last 30 unless the URL says), with each courier's total (decision 048).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const query = { from: karachiDay(29), to: karachiDay(0), ...filtersOf(request, ["from", "to"]) };
  try {
    const data = await services(context).adminCouriers.codCollected(staff, query);
    return { data, query, error: null };
  } catch (e) {
    const f = classify(e);
    if (f.kind !== "refused" || f.status !== 400) throw pageError(e, request);
    const data: CodCollections = { days: [] };
    return { data, query, error: f.message };
  }
}

export default function CodCollectionsPage() {
  const { data, query, error } = useLoaderData<typeof loader>();
  const totals = new Map<string, { orders: number; amount: number }>();
  for (const d of data.days) {
    const t = totals.get(d.courier) ?? { orders: 0, amount: 0 };
    totals.set(d.courier, { orders: t.orders + d.orders, amount: t.amount + d.amount });
  }
  return (
    <section aria-labelledby="cod-cash-title">
      <h1 id="cod-cash-title">COD cash per courier</h1>
      <Form method="get" className="admin-filters" aria-label="Choose the days">
        <label>
          From
          <input type="date" name="from" defaultValue={query.from} />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={query.to} />
        </label>
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      <AdminAlert message={error} />
      {data.days.length === 0 && !error && <p>No cash collected on these days.</p>}
      {data.days.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="muted">Days in Pakistan time, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Courier</th>
                <th scope="col" className="num">
                  Orders
                </th>
                <th scope="col" className="num">
                  Cash
                </th>
              </tr>
            </thead>
            <tbody>
              {[...data.days].reverse().map((d) => (
                <tr key={`${d.day}-${d.courier}`}>
                  <td>{d.day}</td>
                  <td>{courierLabel(d.courier)}</td>
                  <td className="num">{d.orders}</td>
                  <td className="num">{rupees(d.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              {[...totals].map(([courier, t]) => (
                <tr key={courier}>
                  <th scope="row" colSpan={2}>
                    {courierLabel(courier)}, all these days
                  </th>
                  <td className="num">{t.orders}</td>
                  <td className="num">{rupees(t.amount)}</td>
                </tr>
              ))}
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
