import {
  DISPUTE_REASON_LABEL,
  DISPUTE_STATUS_LABEL,
  type DisputeSummary,
} from "@maidan/contracts/disputes";
import { Link, useLoaderData } from "react-router";
import { requireViewer } from "../../lib/account.server";
import { formatDate } from "../../lib/format";
import { pageMeta } from "../../lib/seo";
import { services } from "../../lib/services.server";
import checkoutCss from "../../styles/checkout.css?url";
import disputesCss from "../../styles/disputes.css?url";
import type { Route } from "./+types/disputes";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: checkoutCss },
  { rel: "stylesheet", href: disputesCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "My disputes" }),
  { name: "robots", content: "noindex" },
];

/** The signed-in shopper's disputes, newest first, with their status (decision 052). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return { disputes: await services(context).disputes.listMine(viewer.id) };
}

export function DisputeStatus({ d }: { d: Pick<DisputeSummary, "status"> }) {
  return (
    <span className={`dispute-status dispute-status--${d.status}`}>
      {DISPUTE_STATUS_LABEL[d.status]}
    </span>
  );
}

export default function MyDisputes() {
  const { disputes } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="disputes-title" className="order-detail">
      <h1 id="disputes-title">My disputes</h1>
      <p className="muted">
        Something wrong with a delivered item? Open the order in{" "}
        <Link to="/my/orders">My orders</Link> and choose “Report a problem”.
      </p>
      {disputes.length === 0 ? (
        <p>You have not reported any problem.</p>
      ) : (
        <ul className="dispute-list">
          {disputes.map((d) => (
            <li key={d._id} className="dispute-card">
              {d.item.img ? (
                <img src={d.item.img} alt="" width={56} height={56} loading="lazy" />
              ) : (
                <span className="dispute-card__img" />
              )}
              <div>
                <Link to={`/my/disputes/detail/${d._id}`}>{d.item.name}</Link>
                <div className="muted">
                  Order {d.orderNo} · {DISPUTE_REASON_LABEL[d.reason]} · {formatDate(d.createdAt)}
                </div>
              </div>
              <DisputeStatus d={d} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
