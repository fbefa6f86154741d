import { safeRedirect } from "@maidan/contracts/auth";
import { type RouterContextProvider, redirect } from "react-router";
import type { Viewer } from "../context";
import { guestIdContext, viewerContext } from "../context";
import { originOf } from "./origin.server";
import { loginRedirect } from "./service-errors.server";

type Context = Readonly<RouterContextProvider>;

/** The signed-in user, or a redirect to the login page that comes back here afterwards. */
export function requireViewer(context: Context, request: Request): Viewer {
  const viewer = context.get(viewerContext);
  if (viewer) return viewer;
  throw loginRedirect(request);
}

/** The visitor's guest id: its cart is merged into the account's cart on sign-in. */
export const guestIdOf = (context: Context) => context.get(guestIdContext);

/** The caller's address as the server saw it (set by the API's storefront mount, not the client). */
export const clientIp = (request: Request) =>
  request.headers.get("x-maidan-client-ip") ?? "unknown";

/** Where to go after signing in: a same-site `redirectTo` (normalised), else /my. */
export function afterLogin(request: Request, form?: FormData) {
  const asked = form?.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo");
  return safeRedirect(asked, originOf(request)) ?? "/my";
}

/** A redirect that also sets the session cookie. */
export const redirectWithCookie = (to: string, setCookie: string) =>
  redirect(to, { headers: { "Set-Cookie": setCookie } });

export const formObject = (form: FormData) =>
  Object.fromEntries(
    [...form.entries()].filter(([, v]) => typeof v === "string" && v !== ""),
  ) as Record<string, string>;
