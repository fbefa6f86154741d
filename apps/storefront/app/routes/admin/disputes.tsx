import {
  DISPUTE_REASON_LABEL,
  DISPUTE_STATUSES,
  DISPUTE_WANTED_LABEL,
  STAFF_DISPUTE_STATUS_LABEL,
} from "@maidan/contracts/disputes";
import { isAppError } from "@maidan/contracts/errors";
import { Link, NavLink, useLoaderData } from "react-router";
import { AdminAlert } from "../../components/admin/feedback";
import { Pager } from "../../components/admin/pager";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { formatDate } from "../../lib/format";
import { pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import disputesCss from "../../styles/disputes.css?url";
import type { Route } from "./+types/disputes";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: disputesCss }];

export const meta: Route.MetaFunction = () => adminHead("Disputes");

/** The disputes queue (decision 052): by status as the URL says, open ones first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const query = { status: params.get("status") ?? "", page: params.get("page") ?? "" };
  try {
    return {
      list: await services(context).adminDisputes.list(staff, query),
      status: query.status,
      refusal: null,
    };
  } catch (e) {
    // A bad filter says so above an empty queue; anything else is the page's error.
    if (isAppError(e) && e.status === 400)
      return { list: null, status: query.status, refusal: e.message };
    throw pageError(e, request);
  }
}

export default function AdminDisputes() {
  const { list, status, refusal } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="disputes-title">
      <h1 id="disputes-title">Disputes</h1>
      <nav className="admin-tabs" aria-label="Filter by status">
        <NavLink to="/admin/disputes" end className={() => (status ? "" : "active")}>
          All
        </NavLink>
        {DISPUTE_STATUSES.map((s) => (
          <NavLink
            key={s}
            to={`/admin/disputes?status=${s}`}
            className={() => (status === s ? "active" : "")}
            aria-current={status === s ? "page" : undefined}
          >
            {STAFF_DISPUTE_STATUS_LABEL[s]}
          </NavLink>
        ))}
      </nav>
      <AdminAlert message={refusal} />
      {list && (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Order</th>
                  <th scope="col">Shopper</th>
                  <th scope="col">Problem</th>
                  <th scope="col">Status</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {list.disputes.map((d) => (
                  <tr key={d._id}>
                    <td>
                      <Link to={`/admin/disputes/${d._id}`}>{d.item.name}</Link>
                    </td>
                    <td>
                      <Link to={`/admin/orders/${d.orderId}`}>{d.orderNo}</Link>
                    </td>
                    <td>
                      <Link to={`/admin/customers/${d.customer._id}`}>{d.customer.name}</Link>
                    </td>
                    <td>
                      {DISPUTE_REASON_LABEL[d.reason]}
                      <div className="muted">
                        wants {DISPUTE_WANTED_LABEL[d.wanted].toLowerCase()}
                      </div>
                    </td>
                    <td>
                      <span className={`dispute-status dispute-status--${d.status}`}>
                        {STAFF_DISPUTE_STATUS_LABEL[d.status]}
                      </span>
                    </td>
                    <td>{formatDate(d.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {list.disputes.length === 0 && <p>No disputes here.</p>}
          <Pager
            total={list.total}
            page={list.page}
            pageSize={list.pageSize}
            query={{ status: status || undefined }}
            noun="disputes"
          />
        </>
      )}
    </section>
  );
}
