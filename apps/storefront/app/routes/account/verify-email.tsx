import { Link, useLoaderData } from "react-router";
import { pageMeta } from "../../lib/seo";
import { failure } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Confirm e-mail" });

/** /account/verify/{token}: the link from the sign-up e-mail. */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { ok: true, message: (await services(context).auth.verifyEmail(params.token)).message };
  } catch (e) {
    return { ok: false, message: failure(e).message };
  }
}

export default function VerifyEmailPage() {
  const { ok, message } = useLoaderData<typeof loader>();
  return (
    <section className="account-card">
      <h1>{ok ? "E-mail confirmed" : "Link not valid"}</h1>
      <p role={ok ? "status" : "alert"}>{message}</p>
      <Link className="button" to="/my">
        Go to my account
      </Link>
    </section>
  );
}
