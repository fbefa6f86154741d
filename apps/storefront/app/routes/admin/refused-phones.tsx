import { courierLabel } from "@maidan/contracts/admin-couriers";
import { Link, useLoaderData } from "react-router";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { formatDate } from "../../lib/format";
import { pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import overviewCss from "../../styles/admin-overview.css?url";
import type { Route } from "./+types/refused-phones";

export const meta: Route.MetaFunction = () => adminHead("Refused phones");
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: overviewCss }];

/**
 * /admin/refused-phones: phones whose COD parcels came back refused or returned, the latest
 * first (decision 048). Staff call them before confirming their next COD order.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    return await services(context).adminCouriers.refusedPhones(staff);
  } catch (e) {
    throw pageError(e, request);
  }
}

export default function RefusedPhones() {
  const { phones } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="refused-title">
      <h1 id="refused-title">Refused phones</h1>
      <p className="muted">
        Parcels to these phones came back. Call before confirming their next cash-on-delivery order.
      </p>
      {phones.length === 0 ? (
        <p>No parcel has come back.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Phone</th>
                <th scope="col" className="num">
                  Refusals
                </th>
                <th scope="col">Last</th>
                <th scope="col">Order</th>
              </tr>
            </thead>
            <tbody>
              {phones.map((p) => (
                <tr key={p.phone}>
                  <td>
                    <a href={`tel:${p.phone}`}>{p.phone}</a>
                  </td>
                  <td className="num">{p.refusals}</td>
                  <td>
                    {formatDate(p.lastAt)}
                    <div className="muted">{courierLabel(p.courier)}</div>
                  </td>
                  <td>
                    {p.lastOrderId ? (
                      <Link to={`/admin/orders/${p.lastOrderId}`}>Open</Link>
                    ) : (
                      <span className="muted">(deleted)</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
