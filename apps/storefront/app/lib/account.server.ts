import { safeRedirect } from "@maidan/contracts/auth";
import { type RouterContextProvider, redirect } from "react-router";
import type { Viewer } from "../context";
import { guestIdContext, viewerContext } from "../context";
import { log } from "./log.server";
import { originOf } from "./origin.server";

type Context = Readonly<RouterContextProvider>;

/** The signed-in user, or a redirect to the login page that comes back here afterwards. */
export function requireViewer(context: Context, request: Request): Viewer {
  const viewer = context.get(viewerContext);
  if (viewer) return viewer;
  const url = new URL(request.url);
  // A client navigation's data request ends in `.data` and may carry `_routes`: not the page's.
  url.searchParams.delete("_routes");
  const back = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  throw redirect(`/account/login?${new URLSearchParams({ redirectTo: back })}`);
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

export type ActionFeedback = { ok: boolean; message: string; phone?: string };

/** A failed service call as action data: the server's message, shown by the page as a toast. */
export function failure(e: unknown, phone?: string): ActionFeedback {
  if (e instanceof Response) throw e;
  const message = e instanceof Error ? e.message : "Something went wrong";
  const { status, code } = e as { status?: number; code?: unknown };
  // The API's own errors (they carry a code) are written for the shopper, including a 503 such as
  // "We could not send the SMS just now"; anything else stays private.
  const forShopper = !!status && (status < 500 || (status === 503 && typeof code === "string"));
  if (!forShopper) log().error({ err: e }, "storefront: account action failed");
  return {
    ok: false,
    message: forShopper ? message : "Something went wrong. Please try again.",
    phone,
  };
}

export const formObject = (form: FormData) =>
  Object.fromEntries(
    [...form.entries()].filter(([, v]) => typeof v === "string" && v !== ""),
  ) as Record<string, string>;
