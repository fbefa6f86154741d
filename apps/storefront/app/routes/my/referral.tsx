import { rupees } from "@maidan/contracts/money";
import type { FriendState } from "@maidan/contracts/referrals";
import { useEffect, useState } from "react";
import { Link, useLoaderData } from "react-router";
import { InviteShare } from "../../components/referrals/invite-share";
import { ProgrammeRules, ProgrammeSteps } from "../../components/referrals/programme-terms";
import { requireViewer } from "../../lib/account.server";
import { formatDate } from "../../lib/format";
import { pageMeta } from "../../lib/seo";
import { services } from "../../lib/services.server";
import checkoutCss from "../../styles/checkout.css?url";
import referralsCss from "../../styles/referrals.css?url";
import type { Route } from "./+types/referral";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: checkoutCss },
  { rel: "stylesheet", href: referralsCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "My referral" }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return await services(context).referrals.mine(viewer.id);
}

const STATE_LABELS: Record<FriendState, string> = {
  joined: "Joined",
  ordered: "Ordered: bonus when delivered",
  rewarded: "Delivered: bonus earned",
  capped: "Delivered: past this month's limit",
  refused: "Not eligible (same mobile number)",
  reversed: "Order refunded: bonus taken back",
};

/** Copies the link; a visible "Copied" for a moment (needs script, like sharing). */
function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(id);
  }, [copied]);
  return (
    <button
      type="button"
      className="button button--ghost"
      disabled={!ready}
      onClick={() => navigator.clipboard?.writeText(text).then(() => setCopied(true))}
    >
      {copied ? "Copied" : "Copy link"}
    </button>
  );
}

export default function MyReferral() {
  const { code, link, settings, friends } = useLoaderData<typeof loader>();
  return (
    <section className="referral-page referral-page--mine" aria-labelledby="referral-title">
      <h1 id="referral-title">My referral</h1>
      <p>
        Earn {rupees(settings.bonus)} for each friend whose first order is delivered.{" "}
        <Link to="/my/earnings">My earnings</Link>
      </p>
      <div className="referral-link">
        <p className="muted">Your code</p>
        <p className="referral-link__code" data-testid="referral-code">
          {code}
        </p>
        <label className="field">
          Your invite link
          <input
            readOnly
            value={link}
            data-testid="referral-link"
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
        <div className="referral-link__actions">
          <CopyButton text={link} />
          <InviteShare
            content={{
              url: link,
              title: `Join me on Maidan${settings.welcome > 0 ? `: ${rupees(settings.welcome)} welcome credit` : ""}`,
              description: "Sports and fashion, cash on delivery across Pakistan.",
              heading: "Share your invite link",
            }}
          />
        </div>
      </div>
      <h2>Friends who joined</h2>
      {friends.length === 0 ? (
        <p>No one yet. Share your link: friends appear here as soon as they sign up.</p>
      ) : (
        <ul className="order-list referral-friends">
          {friends.map((f) => (
            <li key={`${f.name}-${f.joinedAt}`} className="order-card">
              <strong>{f.name}</strong>
              <span className={`referral-state referral-state--${f.state}`}>
                {STATE_LABELS[f.state]}
              </span>
              <div className="muted">
                Joined {formatDate(f.joinedAt)}
                {f.bonus > 0 && ` · you earned ${rupees(f.bonus)}`}
              </div>
            </li>
          ))}
        </ul>
      )}
      <h2>How it works</h2>
      <ProgrammeSteps settings={settings} />
      <ProgrammeRules settings={settings} />
    </section>
  );
}
