import type { ClaimState, FreebieClaim } from "@maidan/contracts/freebies";
import { Link, useLoaderData } from "react-router";
import { requireViewer } from "../../lib/account.server";
import { formatDate } from "../../lib/format";
import { pageMeta } from "../../lib/seo";
import { services } from "../../lib/services.server";
import freebiesCss from "../../styles/freebies.css?url";
import type { Route } from "./+types/freebies";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: freebiesCss }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "My freebies" });

export const CLAIM_LABEL: Record<ClaimState, string> = {
  claimed: "Claimed: joins your next order",
  ordered: "In your order",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** Where a claim stands, with its order's number once it is in one. */
export function claimStateText(c: FreebieClaim) {
  const label = CLAIM_LABEL[c.state];
  return c.order && c.state !== "cancelled" ? `${label} ${c.order.orderNo}` : label;
}

export const variantText = (p: FreebieClaim["product"]) =>
  [p.size, p.color].filter(Boolean).join(", ");

/** /myfreebies: the shopper's freebie claims and where each stands (decision 057). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return services(context).freebieClaims.mine(viewer.id);
}

export default function MyFreebies() {
  const { claims } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="my-freebies-title">
      <h1 id="my-freebies-title">My freebies</h1>
      {claims.length === 0 ? (
        <p>
          You have not claimed a freebie yet. <Link to="/freebies">See the offers</Link>
        </p>
      ) : (
        <ul className="my-freebies">
          {claims.map((c) => (
            <li key={c._id} className="my-freebie">
              {c.product.img ? (
                <img src={c.product.img} alt="" width={64} height={64} loading="lazy" />
              ) : (
                <span />
              )}
              <div>
                <p>
                  <Link to={`/myfreebies/${c._id}`}>
                    <strong>{c.product.name}</strong>
                  </Link>
                  {variantText(c.product) && (
                    <span className="muted"> · {variantText(c.product)}</span>
                  )}
                </p>
                <p className="muted">
                  {c.freebie.title} · claimed {formatDate(c.createdAt)}
                </p>
                <p>
                  <span className="claim-state">{claimStateText(c)}</span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
