import { redirect } from "react-router";
import { tokenOfRequest } from "../../lib/microservice.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/logout";

/**
 * POST /account/logout: ends this session on the server and clears the cookie (spec §4); the
 * shopper's other devices stay signed in (decision 043).
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Read the (empty) body so the request stream ends cleanly before the response goes out.
  await request.text();
  const { setCookie } = await services(context).auth.logout(tokenOfRequest(request));
  return redirect("/", { headers: { "Set-Cookie": setCookie } });
}

export const loader = () => redirect("/");
