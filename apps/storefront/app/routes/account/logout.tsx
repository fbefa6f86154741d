import { redirect } from "react-router";
import { viewerContext } from "../../context";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/logout";

/** POST /account/logout: revokes the session on the server and clears the cookie (spec §4). */
export async function action({ context }: Route.ActionArgs) {
  const viewer = context.get(viewerContext);
  const { setCookie } = await services(context).auth.logout(viewer?.id ?? null);
  return redirect("/", { headers: { "Set-Cookie": setCookie } });
}

export const loader = () => redirect("/");
