import { rupees } from "@maidan/contracts/money";
import type { Earning } from "@maidan/contracts/referrals";
import { Link, useLoaderData } from "react-router";
import { requireViewer } from "../../lib/account.server";
import { formatDate } from "../../lib/format";
import { pageMeta } from "../../lib/seo";
import { services } from "../../lib/services.server";
import checkoutCss from "../../styles/checkout.css?url";
import referralsCss from "../../styles/referrals.css?url";
import type { Route } from "./+types/earnings";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: checkoutCss },
  { rel: "stylesheet", href: referralsCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "My earnings" }),
  { name: "robots", content: "noindex" },
];

/** Pending (friends not yet delivered) and credited referral earnings, from the wallet ledger. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return await services(context).referrals.earnings(viewer.id);
}

const KIND_LABELS: Record<Earning["kind"], string> = {
  pending: "Pending",
  referral_bonus: "Referral bonus",
  referral_welcome: "Welcome credit",
  referral_reversal: "Taken back",
};

const signed = (n: number) => (n < 0 ? `−${rupees(-n)}` : `+${rupees(n)}`);

export default function MyEarnings() {
  const { pending, available, entries } = useLoaderData<typeof loader>();
  return (
    <section className="referral-page referral-page--mine" aria-labelledby="earnings-title">
      <h1 id="earnings-title">My earnings</h1>
      <div className="earnings-totals">
        <p>
          <span className="muted">Available</span>
          <strong data-testid="earnings-available">{rupees(available)}</strong>
          <span className="muted">in your wallet</span>
        </p>
        <p>
          <span className="muted">Pending</span>
          <strong data-testid="earnings-pending">{rupees(pending)}</strong>
          <span className="muted">when friends' orders are delivered</span>
        </p>
      </div>
      {entries.length === 0 ? (
        <p>
          Nothing yet. <Link to="/my/referral">Invite friends</Link> and earn when their first order
          is delivered.
        </p>
      ) : (
        <ul className="order-list earnings-list">
          {entries.map((e) => (
            <li key={e._id} className={`order-card earning earning--${e.kind}`}>
              <strong>{e.kind === "pending" ? rupees(e.amount) : signed(e.amount)}</strong> ·{" "}
              {KIND_LABELS[e.kind]}
              <div>{e.source}</div>
              <div className="muted">{formatDate(e.createdAt)}</div>
            </li>
          ))}
        </ul>
      )}
      <p>
        Credits are in <Link to="/my/wallet">My wallet</Link>: they pay all or part of any order at
        checkout.
      </p>
    </section>
  );
}
