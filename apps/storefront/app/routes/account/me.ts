import { data } from "react-router";
import { personalParts } from "../../lib/personal.server";
import type { Route } from "./+types/me";

/**
 * The visitor's own parts of every page (decision 069): asked for after a shared page hydrates.
 * The root middleware has read the session (refreshing an expired token) and the guest cookie,
 * so this answers for the caller alone, and is never stored.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return data(await personalParts(context, request), {
    headers: { "Cache-Control": "private, no-store" },
  });
}

/** Only GET: anything else is told so, in the API's error shape. */
export function action() {
  return data(
    { message: "Method not allowed: /account/me is read with GET", status: 405 },
    { status: 405, headers: { Allow: "GET" } },
  );
}
