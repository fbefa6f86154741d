import type { OrderStatus, OrderSummary } from "@maidan/contracts/orders";
import { Link, useLoaderData } from "react-router";
import { PushPrompt } from "../../components/push-prompt";
import { requireViewer } from "../../lib/account.server";
import { formatDate } from "../../lib/format";
import { orderMoneyLine } from "../../lib/order-money";
import { pageMeta } from "../../lib/seo";
import { services } from "../../lib/services.server";
import checkoutCss from "../../styles/checkout.css?url";
import type { Route } from "./+types/orders";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: checkoutCss }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "My orders" });

export const STATUS_LABEL: Record<OrderStatus, string> = {
  placed: "Placed",
  pending_confirmation: "Waiting for your confirmation",
  awaiting_payment: "Payment not completed",
  confirmed: "Confirmed",
  packed: "Packed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  return_requested: "Return requested",
  returned: "Returned",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return { orders: await services(context).orders.listMine(viewer.id) };
}

function OrderMoney({ order }: { order: OrderSummary }) {
  const m = orderMoneyLine(order);
  return (
    <div className="order-card__money" data-testid="order-money">
      <strong>{m.total}</strong>
      {m.due && ` · ${m.due}`}
    </div>
  );
}

export default function MyOrders() {
  const { orders } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">My orders</h1>
      <PushPrompt signedIn={orders.length > 0} />
      {orders.length === 0 && (
        <p>
          No orders yet. <Link to="/">Start shopping</Link>
        </p>
      )}
      <ul className="order-list">
        {orders.map((o) => (
          <li key={o._id} className="order-card">
            <Link to={`/my/orders/${o._id}`}>
              <strong>{o.orderNo}</strong>
            </Link>{" "}
            · {formatDate(o.createdAt)} · {STATUS_LABEL[o.status] ?? o.status}
            <div>
              {o.firstItem?.name}
              {o.itemCount > 1 ? ` and ${o.itemCount - 1} more` : ""}
            </div>
            <OrderMoney order={o} />
          </li>
        ))}
      </ul>
    </section>
  );
}
