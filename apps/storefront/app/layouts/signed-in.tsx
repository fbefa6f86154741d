import { Outlet } from "react-router";
import { requireViewer } from "../lib/account.server";
import type { Route } from "./+types/signed-in";

/**
 * The `auth` route guard (spec §2 route rule 4) around /my and everything under it, placeholders
 * included: an anonymous visitor goes to /account/login and comes back afterwards.
 */
const auth: Route.MiddlewareFunction = ({ request, context }) => {
  requireViewer(context, request);
};

export const middleware: Route.MiddlewareFunction[] = [auth];

// A loader, so that client navigations between /my pages ask the server and meet the guard.
export const loader = () => null;

export default function SignedIn() {
  return <Outlet />;
}
