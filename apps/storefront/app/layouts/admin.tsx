import { Form, Link, NavLink, Outlet, useLoaderData } from "react-router";
import { MarketingNav } from "../components/admin/marketing-nav";
import { OverviewNav } from "../components/admin/overview-nav";
import { requireStaff } from "../lib/admin.server";
import adminCss from "../styles/admin.css?url";
import type { Route } from "./+types/admin";

/**
 * The back-office's own chrome (decision 044): none of the storefront's header, footer or
 * scripts, and none of this reaches a storefront page. Guarded on every request, client
 * navigations included (the loader below makes them ask the server).
 */
const staffOnly: Route.MiddlewareFunction = ({ request, context }) => {
  requireStaff(context, request);
};

export const middleware: Route.MiddlewareFunction[] = [staffOnly];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

export function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  return { role: staff.role };
}

export default function AdminLayout() {
  const { role } = useLoaderData<typeof loader>();
  return (
    <div className="admin">
      <header className="admin__bar">
        <Link to="/admin/orders" className="admin__brand">
          Maidan back-office
        </Link>
        <nav aria-label="Back-office" className="admin__nav">
          <NavLink to="/admin/orders">Orders</NavLink>
          {role !== "vendor" && <NavLink to="/admin/customers">Customers</NavLink>}
          <NavLink to="/admin/reviews">Reviews</NavLink>
          {role === "vendor" && <NavLink to="/admin/my-store">My store</NavLink>}
          <NavLink to="/admin/products">Products</NavLink>
          <NavLink to="/admin/stock">Stock</NavLink>
          <OverviewNav role={role} />
          <MarketingNav role={role} />
        </nav>
        <span className="admin__who">
          {role} · <Link to="/">Shop</Link>
          <Form method="post" action="/account/logout" reloadDocument>
            <button type="submit" className="admin__link">
              Log out
            </button>
          </Form>
        </span>
      </header>
      <main id="main" className="admin__main">
        <Outlet />
      </main>
    </div>
  );
}
