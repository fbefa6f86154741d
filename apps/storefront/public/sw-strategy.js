// @ts-check
/**
 * Which caching strategy the service worker (sw.js) uses for a request. Plain JavaScript so
 * the browser loads it as is (module service worker) and the unit tests import the same file.
 */

// v2: the v1 pages cache could hold one shopper's pages; a new name drops it on activation.
export const CACHES = {
  pages: "maidan-pages-v2",
  assets: "maidan-assets-v1",
  images: "maidan-images-v1",
};
/** Spec §9 "cache 200" for images; pages kept to the last 50 visited. */
export const LIMITS = { [CACHES.pages]: 50, [CACHES.images]: 200, [CACHES.assets]: 400 };
export const OFFLINE_PAGE = "/offline.html";

/**
 * One shopper's pages (account, orders, checkout, order confirmations, wishlist …) and pages
 * whose loader acts (verification and invitation links, gateway returns): never kept, so
 * nothing of theirs is readable offline after a logout. Their `.data` requests too.
 */
const PRIVATE =
  /^\/(my|account|login|logout|checkout|cart|order-success|order-success-guest|success|wishlist|notifications|myfreebies|earn|pgw|oauth|verify|invite|review|admin)(\/|\.data$|$)/;

/**
 * @param {{ method: string; mode: string; url: string }} request
 * @param {string} origin the service worker's own origin
 * @returns {{ kind: "page" | "data" | "asset" | "image" | "private"; cache: string } | null} null: leave it to the network
 */
export function strategyFor(request, origin) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  const path = url.pathname;
  // The API, the sandbox gateways and dev pages change per call: never served from a cache.
  if (/^\/(api|sandbox|dev)(\/|$)/.test(path)) return null;
  if (path.startsWith("/assets/")) return { kind: "asset", cache: CACHES.assets };
  if (/^\/(img|media|images)\//.test(path)) return { kind: "image", cache: CACHES.images };
  // Network only; a navigation that fails offline gets the offline page.
  if (PRIVATE.test(path))
    return request.mode === "navigate" ? { kind: "private", cache: CACHES.pages } : null;
  // React Router's data requests for client-side navigations (`/x.data`, `/_root.data`).
  if (path.endsWith(".data")) return { kind: "data", cache: CACHES.pages };
  if (request.mode === "navigate") return { kind: "page", cache: CACHES.pages };
  return null;
}

/**
 * Whether a page or data response may be kept: the server marks what it rendered for a
 * signed-in shopper, or what sets their session, `Cache-Control: private` (a page with their
 * name in the header must not outlive their logout), and `no-store` means what it says.
 * @param {{ ok: boolean; headers: { get(name: string): string | null } }} response
 */
export function storable(response) {
  return (
    response.ok && !/\b(private|no-store)\b/i.test(response.headers.get("cache-control") ?? "")
  );
}
