import { Form, Link, useLoaderData } from "react-router";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { formatDate } from "../../lib/format";
import { pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = () => adminHead("Customers");

/** Shoppers' accounts (decision 046), searched and paged as the URL says. Managers and admins. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const query = { q: params.get("q") ?? "", page: params.get("page") ?? "" };
  try {
    return { list: await services(context).adminCustomers.list(staff, query), q: query.q };
  } catch (e) {
    throw pageError(e, request);
  }
}

export default function AdminCustomers() {
  const { list, q } = useLoaderData<typeof loader>();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const pageLink = (page: number) =>
    `/admin/customers?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`;
  return (
    <section aria-labelledby="customers-title">
      <h1 id="customers-title">Customers</h1>
      <Form method="get" className="admin-filters" aria-label="Search customers">
        <label>
          Search
          <input name="q" type="search" defaultValue={q} placeholder="Name, phone or e-mail" />
        </label>
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Contact</th>
              <th scope="col">Since</th>
              <th scope="col" className="num">
                Orders
              </th>
              <th scope="col">Account</th>
            </tr>
          </thead>
          <tbody>
            {list.customers.map((c) => (
              <tr key={c._id}>
                <td>
                  <Link to={`/admin/customers/${c._id}`}>{c.name}</Link>
                </td>
                <td>
                  {c.email ?? "—"}
                  <div className="muted">{c.phone ?? ""}</div>
                </td>
                <td>{formatDate(c.createdAt)}</td>
                <td className="num">{c.orderCount}</td>
                <td>{c.blocked ? <strong>Blocked</strong> : "Active"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.customers.length === 0 && <p>No customers match.</p>}
      <nav aria-label="Pages" className="admin-pages">
        <span>
          {list.total} customers · page {list.page} of {pages}
        </span>
        {list.page > 1 && <Link to={pageLink(list.page - 1)}>← Previous</Link>}
        {list.page < pages && <Link to={pageLink(list.page + 1)}>Next →</Link>}
      </nav>
    </section>
  );
}
