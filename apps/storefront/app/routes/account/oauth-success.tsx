import { safeRedirect } from "@maidan/contracts/safe-redirect";
import { Link, redirect, useLoaderData } from "react-router";
import { viewerContext } from "../../context";
import { originOf } from "../../lib/origin.server";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/oauth-success";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "Signed in" });

/** Where Facebook login returns: the session cookie is set; go on, or say it failed. */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const viewer = context.get(viewerContext);
  if (viewer && !url.searchParams.has("error")) {
    throw redirect(safeRedirect(url.searchParams.get("redirectTo"), originOf(request)) ?? "/my");
  }
  return { message: "Facebook login failed. Please try again." };
}

export default function OAuthSuccessPage() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="account-card">
      <h1>Could not sign in</h1>
      <p role="alert">{message}</p>
      <Link className="button" to="/account/login">
        Back to log in
      </Link>
    </main>
  );
}
