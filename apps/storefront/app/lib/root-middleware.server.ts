import { data, type MiddlewareFunction, redirect } from "react-router";
import { guestIdContext, viewerContext } from "../context";
import { guestCookie, newGuestId, readGuestId } from "./guest-id.server";
import { log } from "./log.server";
import { resolveRedirect } from "./redirects";
import { services } from "./services.server";

/** What a page's action answers to a body it cannot read as a form. */
export const UNREADABLE_FORM = "The form could not be read. Please reload the page and try again.";

/**
 * Every page action reads a form (`request.formData()`: URL-encoded or multipart), as browsers
 * post them. Any other body (JSON, text, a broken multipart, none at all on a PUT) would throw
 * inside the action and answer 500; it is refused here, before any action runs, with 400.
 * The check reads a copy of the body: the action still reads its own.
 */
export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request }) => {
  if (request.method === "GET" || request.method === "HEAD") return;
  try {
    await request.clone().formData();
  } catch {
    throw data({ message: UNREADABLE_FORM, status: 400 }, { status: 400 });
  }
};

/**
 * Who is asking (spec §4): reads the Authorization cookie through the auth service, refreshing an
 * expired token on the way (the new cookie goes out with this response). A failure only logs:
 * the visitor is then anonymous for this request.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  let setCookie: string | null = null;
  try {
    const session = await services(context).auth.sessionFromRequest(request);
    context.set(viewerContext, session.viewer.user);
    setCookie = session.setCookie;
  } catch (e) {
    log().warn({ err: e }, "storefront: session not read");
  }
  const response = await next();
  if (setCookie) response.headers.append("Set-Cookie", setCookie);
  return response;
};

/**
 * Legacy addresses, /cart and route rules 1 to 3. Runs for document requests and for the data
 * requests of client navigations alike, so both get the same redirect.
 */
export const redirectMiddleware: MiddlewareFunction<Response> = ({ url, context }) => {
  // `url`, not `request.url`: a client navigation's data request ends in `.data`.
  const target = resolveRedirect(url, context.get(viewerContext) !== null);
  if (target) throw redirect(target.to, target.status);
};

/** Reads the guest id, or mints one and sets the cookie on the way out. */
export const guestMiddleware: MiddlewareFunction<Response> = async (
  { request, url, context },
  next,
) => {
  const existing = readGuestId(request);
  const id = existing ?? newGuestId();
  context.set(guestIdContext, id);
  const response = await next();
  if (!existing) {
    const secure = url.protocol === "https:";
    response.headers.append("Set-Cookie", guestCookie(id, secure));
  }
  return response;
};
