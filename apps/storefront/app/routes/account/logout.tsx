import { redirect } from "react-router";
import { viewerContext } from "../../context";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/logout";

/** POST /account/logout: revokes the session on the server and clears the cookie (spec §4). */
export async function action({ request, context }: Route.ActionArgs) {
  // Read the (empty) body so the request stream ends cleanly before the response goes out.
  await request.text();
  const viewer = context.get(viewerContext);
  const { setCookie } = await services(context).auth.logout(viewer?.id ?? null);
  return redirect("/", { headers: { "Set-Cookie": setCookie } });
}

export const loader = () => redirect("/");
