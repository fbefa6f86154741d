import { redirect } from "react-router";
import { viewerContext } from "../../context";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/logout-all";

/** POST /account/logout-all: ends every session of the shopper on every device (decision 043). */
export async function action({ request, context }: Route.ActionArgs) {
  // Read the (empty) body so the request stream ends cleanly before the response goes out.
  await request.text();
  const viewer = context.get(viewerContext);
  if (!viewer) return redirect("/login");
  const { setCookie } = await services(context).auth.logoutAll(viewer.id);
  return redirect("/", { headers: { "Set-Cookie": setCookie } });
}

export const loader = () => redirect("/");
