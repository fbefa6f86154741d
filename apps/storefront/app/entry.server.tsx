import { PassThrough } from "node:stream";
import type { AppServices } from "@maidan/contracts/services";
import { SHARED_PAGE_HEADER } from "@maidan/contracts/shared-pages";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { type RenderToPipeableStreamOptions, renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  RouterContextProvider,
  ServerRouter,
} from "react-router";
import { cspNonceContext, servicesContext } from "./context";
import { guestCookie, guestCookieName, newGuestId } from "./lib/guest-id.server";
import { log } from "./lib/log.server";
import { isSharedPage } from "./lib/shared-pages.server";
import { afterBodyOpens, testModeRibbon } from "./lib/test-mode.server";

/**
 * Called by the API server for each request, before handing it to the request handler, so that
 * loaders reach the services in-process, with the nonce of the response's content security
 * policy. It lives here because the RouterContextProvider must come from the same react-router
 * instance as the build's routes.
 */
export function createLoadContext(services: AppServices, nonce?: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(cspNonceContext, nonce);
  return context;
}

/**
 * The server hands over its logger once per build (its lines carry the request's id); loaders
 * and actions log through `log()` of lib/log.server.ts.
 */
export { connectLog } from "./lib/log.server";

/**
 * A loader's, action's or render's failure, logged with the request it failed (React Router
 * would print it to the console). A request the client gave up on is not a failure.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A response thrown on purpose (404, redirect) carries the error that caused it, if any.
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  log().error({ err: cause ?? error }, "storefront: request failed");
};

/**
 * The request handler from the same react-router module instance as the build. The server uses
 * this one: a handler from another instance (Vite's dev module graph, or a second installed
 * copy) rejects the context made here ("Invalid `context` value").
 */
export { createRequestHandler } from "react-router";

/**
 * For the API's page cache (apps/server/src/storefront/page-cache.ts), which keeps whole pages rendered for
 * first-time anonymous visitors. Such a render sets only the new guest cookie; a page served
 * from the cache gets a guest id of its own. Crawlers get a differently streamed page.
 */
export const firstVisit = {
  cookies: (secure: boolean) => [guestCookie(newGuestId(), secure)],
  onlyGuestCookie: (setCookies: string[]) =>
    setCookies.every((c) => c.startsWith(`${guestCookieName}=`)),
  variant: (userAgent: string | undefined) => (userAgent && isbot(userAgent) ? "bot" : "person"),
};

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // Read by the server's page cache, which removes it (decision 069).
  const routeIds = routerContext.staticHandlerContext.matches.map((match) => match.route.id);
  if (isSharedPage(routeIds, new URL(request.url))) responseHeaders.set(SHARED_PAGE_HEADER, "1");

  const shop = loadContext.get(servicesContext);
  const ribbon = shop.payments.availability().testMode
    ? testModeRibbon({ outbox: shop.auth.outboxReadable() })
    : null;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    // Every inline script of the page carries it: React Router's (through ServerRouter) and
    // React's own streaming scripts (the option below). The app writes none of its own.
    const nonce = loadContext.get(cspNonceContext);
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // React moves a finished Suspense boundary bigger than this (12.8 KB by default) after
        // the rest of the page, to stream the shell sooner; a whole listing or product view then
        // lands after the footer and pushes it down (CLS 0.7). Keep every boundary in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          const page = ribbon ? body.pipe(afterBodyOpens(ribbon)) : body;
          resolve(
            new Response(createReadableStreamFromReadable(page), {
              headers: responseHeaders,
              status,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors before the shell are logged by React Router; only later ones need it here.
          if (shellRendered) log().error({ err: error }, "storefront: render failed");
        },
      },
    );
  });
}
