import { rupees } from "@maidan/contracts/money";
import { data, Link } from "react-router";
import { ErrorPage } from "../components/error-page";
import { ProgrammeSteps } from "../components/referrals/programme-terms";
import { originOf } from "../lib/origin.server";
import { inviteCookie } from "../lib/referral.server";
import { useRootData } from "../lib/root-data";
import { errorMeta, pageMeta } from "../lib/seo";
import { services } from "../lib/services.server";
import referralsCss from "../styles/referrals.css?url";
import type { Route } from "./+types/invite";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: referralsCss }];

export const meta: Route.MetaFunction = ({ matches, error, loaderData }) => [
  ...(error
    ? errorMeta(matches, error)
    : pageMeta(matches, {
        title: loaderData?.invite
          ? `${loaderData.invite.inviter} invited you to Maidan`
          : "Invite link not valid",
      })),
  { name: "robots", content: "noindex" },
];

/**
 * /invite/{code}: the invited friend's landing page. A valid code is remembered in a cookie
 * the sign-up actions read (every sign-up path links the new account, decision 055); an
 * unknown one gets a plain 404 page saying so.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const invite = await services(context).referrals.invite(params.id);
  if (!invite) return data({ invite: null }, { status: 404 });
  const secure = originOf(request).startsWith("https:");
  return data({ invite }, { headers: { "Set-Cookie": inviteCookie(invite.code, secure) } });
}

function SignUpLinks({ other: [to, label] }: { other: [string, string] }) {
  return (
    <p className="referral-cta">
      <Link className="button button--primary" to="/account/signup">
        Sign up
      </Link>
      <Link className="button button--ghost" to={to}>
        {label}
      </Link>
    </p>
  );
}

export default function InvitePage({ loaderData: { invite } }: Route.ComponentProps) {
  const { viewer } = useRootData();
  if (!invite)
    return (
      <section className="referral-page" aria-labelledby="invite-title">
        <h1 id="invite-title">This invite link is not valid</h1>
        <p>
          Check the link your friend sent: it ends in an 8-character code. You can still sign up and
          shop.
        </p>
        <SignUpLinks other={["/earn", "How inviting works"]} />
      </section>
    );
  const { settings } = invite;
  return (
    <section className="referral-page" aria-labelledby="invite-title">
      <div className="referral-hero">
        {settings.welcome > 0 && (
          <p className="referral-hero__amount">{rupees(settings.welcome)}</p>
        )}
        <h1 id="invite-title">{invite.inviter} invited you to Maidan</h1>
        <p>
          {settings.welcome > 0
            ? `Sign up and get ${rupees(settings.welcome)} in your wallet when your first order of ${rupees(settings.minOrder)} or more is delivered.`
            : "Sign up to shop sports and fashion with cash on delivery across Pakistan."}
        </p>
      </div>
      {viewer ? (
        <p className="notice" role="status">
          You are signed in already: invites are for new accounts. Invite your own friends from{" "}
          <Link to="/my/referral">My referral</Link>.
        </p>
      ) : (
        <SignUpLinks other={["/account/login?tab=phone", "Sign up with mobile number"]} />
      )}
      <p className="muted">Invite code {invite.code}</p>
      <ProgrammeSteps settings={settings} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
