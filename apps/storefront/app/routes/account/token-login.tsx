import { isAppError } from "@maidan/contracts/errors";
import { useEffect } from "react";
import { data, useLoaderData, useNavigate } from "react-router";
import { guestIdOf } from "../../lib/account.server";
import { log } from "../../lib/log.server";
import { pageMeta } from "../../lib/seo";
import { services } from "../../lib/services.server";
import { notifyError, notifySuccess } from "../../lib/toast";
import type { Route } from "./+types/token-login";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "Logging in" });

/** /verify/auth?token=…: token login (spec §5: success only with a truthy status). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    const s = await services(context).auth.tokenLogin(token, guestIdOf(context));
    return data(
      { status: true, message: "Logged In Redirecting" },
      { headers: { "Set-Cookie": s.setCookie } },
    );
  } catch (e) {
    // The server's own message for a refused token (4xx); anything else is 'login error' (§8).
    const refused = isAppError(e) && e.status < 500;
    if (!refused) log().error({ err: e }, "storefront: token login failed");
    return { status: false, message: refused ? e.message : "login error" };
  }
}

export default function TokenLoginPage() {
  const { status, message } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  useEffect(() => {
    if (status) {
      notifySuccess(message);
      const timer = setTimeout(() => navigate("/my", { replace: true }), 800);
      return () => clearTimeout(timer);
    }
    notifyError({ message });
  }, [status, message, navigate]);
  return (
    <main id="main" className="account-card">
      <h1>{status ? "Logged in" : "Could not log in"}</h1>
      <p role={status ? "status" : "alert"}>{message}</p>
    </main>
  );
}
