import { rupees } from "@maidan/contracts/money";
import { Link } from "react-router";
import { ErrorPage } from "../components/error-page";
import { ProgrammeRules, ProgrammeSteps } from "../components/referrals/programme-terms";
import { useRootData } from "../lib/root-data";
import { errorMeta, pageMeta } from "../lib/seo";
import { services } from "../lib/services.server";
import referralsCss from "../styles/referrals.css?url";
import type { Route } from "./+types/earn";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: referralsCss }];

export const meta: Route.MetaFunction = ({ matches, error }) =>
  error ? errorMeta(matches, error) : pageMeta(matches, { title: "Invite friends and earn" });

/** /earn: the referral programme with its current amounts (settings, decision 055). */
export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await services(context).referrals.settings() };
}

export default function EarnPage({ loaderData: { settings } }: Route.ComponentProps) {
  const { viewer } = useRootData();
  return (
    <section className="referral-page" aria-labelledby="earn-title">
      <div className="referral-hero">
        <p className="referral-hero__amount">{rupees(settings.bonus)}</p>
        <h1 id="earn-title">Invite friends, earn {rupees(settings.bonus)} each</h1>
        <p>For every friend whose first order is delivered, straight into your Maidan wallet.</p>
      </div>
      <ProgrammeSteps settings={settings} />
      <p className="referral-cta">
        {viewer ? (
          <Link className="button button--primary" to="/my/referral">
            Get my invite link
          </Link>
        ) : (
          <Link className="button button--primary" to="/account/login?redirectTo=/my/referral">
            Log in to get your invite link
          </Link>
        )}
      </p>
      <ProgrammeRules settings={settings} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
