import { rupees } from "@maidan/contracts/money";
import type { VoucherView } from "@maidan/contracts/vouchers";
import { Link, useLoaderData } from "react-router";
import { requireViewer } from "../../lib/account.server";
import { formatDate } from "../../lib/format";
import { pageMeta } from "../../lib/seo";
import { services } from "../../lib/services.server";
import checkoutCss from "../../styles/checkout.css?url";
import type { Route } from "./+types/vouchers";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: checkoutCss }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "My vouchers" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return await services(context).vouchers.mine(viewer.id);
}

/** What the voucher takes off, in the shopper's words. */
function worth(v: VoucherView) {
  if (v.kind === "fixed") return `${rupees(v.value)} off`;
  return `${v.value}% off${v.maxDiscount !== null ? ` (up to ${rupees(v.maxDiscount)})` : ""}`;
}

export default function MyVouchers() {
  const { vouchers } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="vouchers-title">
      <h1 id="vouchers-title">My vouchers</h1>
      {vouchers.length === 0 && <p>No vouchers available right now.</p>}
      <ul className="order-list">
        {vouchers.map((v) => (
          <li key={v._id} className="order-card voucher-card">
            <strong className="voucher-code">{v.code}</strong> · {worth(v)}
            <div>{v.description}</div>
            {v.appliesTo && (
              <div>
                On {v.appliesTo.length > 0 ? v.appliesTo.join(", ") : "selected items"} only
              </div>
            )}
            <div className="muted">
              {v.minCartValue > 0 ? `On orders of ${rupees(v.minCartValue)} or more` : "Any order"}
              {v.endsAt ? ` · until ${formatDate(v.endsAt)}` : ""}
              {v.usesLeft > 1 ? ` · ${v.usesLeft} uses left` : ""}
            </div>
          </li>
        ))}
      </ul>
      {vouchers.length > 0 && (
        <p>
          Enter a code at <Link to="/checkout">checkout</Link> to use it.
        </p>
      )}
    </section>
  );
}
