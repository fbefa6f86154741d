import { rupees } from "@maidan/contracts/money";
import { Form, Link, useLoaderData } from "react-router";
import { requireViewer } from "../../lib/account.server";
import { useRootData } from "../../lib/root-data";
import { pageMeta } from "../../lib/seo";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/dashboard";
import { STATUS_LABEL } from "./orders";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "My account" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  const { auth, addresses, orders } = services(context);
  const [user, book, recent] = await Promise.all([
    auth.me(viewer.id),
    addresses.list(viewer.id),
    orders.listMine(viewer.id, 3),
  ]);
  return { user, defaultAddress: book.find((a) => a.isDefault) ?? null, recent };
}

export default function DashboardPage() {
  const { user, defaultAddress, recent } = useLoaderData<typeof loader>();
  const { unread } = useRootData();
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return (
    <section aria-labelledby="dash-title">
      <h1 id="dash-title">Hello{name ? `, ${name}` : ""}</h1>
      {!user.verified && user.email && (
        <p className="notice">Please confirm your e-mail address: we sent you a link.</p>
      )}
      <dl className="facts">
        <dt>E-mail</dt>
        <dd>{user.email ?? "—"}</dd>
        <dt>Phone</dt>
        <dd>{user.phone ? `0${user.phone.slice(2)}` : "—"}</dd>
        <dt>Default address</dt>
        <dd>{defaultAddress ? `${defaultAddress.address}, ${defaultAddress.city}` : "—"}</dd>
      </dl>
      <h2>Recent orders</h2>
      {recent.length === 0 ? (
        <p>No orders yet.</p>
      ) : (
        <ul className="order-list">
          {recent.map((o) => (
            <li key={o._id}>
              <Link to={`/my/orders/${o._id}`}>{o.orderNo}</Link> · {rupees(o.amount.total)} ·{" "}
              {STATUS_LABEL[o.status] ?? o.status}
            </li>
          ))}
        </ul>
      )}
      <ul className="link-list">
        <li>
          <Link to="/notifications">
            Notifications{unread > 0 && <span className="cart-count">{unread}</span>}
          </Link>
        </li>
        <li>
          <Link to="/my/orders">My orders</Link>
        </li>
        <li>
          <Link to="/my/reviews">My reviews</Link>
        </li>
        <li>
          <Link to="/my/account">Edit profile</Link>
        </li>
        <li>
          <Link to="/my/address">Addresses</Link>
        </li>
        <li>
          <Link to="/my/change-password">Change password</Link>
        </li>
      </ul>
      <Form method="post" action="/account/logout">
        <button className="button button--ghost" type="submit">
          Log out
        </button>
      </Form>
      <Form method="post" action="/account/logout-all" reloadDocument>
        <button className="button button--ghost" type="submit">
          Log out of all devices
        </button>
      </Form>
    </section>
  );
}
