import { resolveRedirect } from "./redirects";

/**
 * The routes whose pages are the same for every visitor once the root's personal parts are
 * taken out (decision 069): product pages, listings, stores, brand and CMS pages, and their
 * layouts. None of their loaders reads the session, the guest cookie or any other cookie; a
 * route that starts to must leave this list (lib/shared-pages.server.test.ts reads each).
 */
export const SHARED_ROUTES: ReadonlySet<string> = new Set([
  "root",
  "layouts/bottom-navigation-footer",
  "layouts/default",
  "sale",
  "new-arrivals",
  "search",
  "slug",
  "catch-all",
  "landing",
  "women-summer-collection",
  "brands",
  "brands-short",
  "vendors",
  "store",
  "shop",
  "store-directory",
]);

/**
 * Whether the page rendered for these routes at this address may go to anyone: every route is
 * shared, and no sign-in rule sends a signed-in visitor elsewhere (`/login/...` goes to /my).
 */
export function isSharedPage(routeIds: readonly string[], url: URL): boolean {
  return (
    routeIds.length > 0 &&
    routeIds.every((id) => SHARED_ROUTES.has(id)) &&
    resolveRedirect(url, true)?.to === resolveRedirect(url, false)?.to
  );
}
