// @ts-check
/**
 * Which caching strategy the service worker (sw.js) uses for a request. Plain JavaScript so
 * the browser loads it as is (module service worker) and the unit tests import the same file.
 */

export const CACHES = {
  pages: "maidan-pages-v1",
  assets: "maidan-assets-v1",
  images: "maidan-images-v1",
};
/** Spec §9 "cache 200" for images; pages kept to the last 50 visited. */
export const LIMITS = { [CACHES.pages]: 50, [CACHES.images]: 200, [CACHES.assets]: 400 };
export const OFFLINE_PAGE = "/offline.html";

/**
 * @param {{ method: string; mode: string; url: string }} request
 * @param {string} origin the service worker's own origin
 * @returns {{ kind: "page" | "data" | "asset" | "image"; cache: string } | null} null: leave it to the network
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
  // React Router's data requests for client-side navigations (`/x.data`, `/_root.data`).
  if (path.endsWith(".data")) return { kind: "data", cache: CACHES.pages };
  if (request.mode === "navigate") return { kind: "page", cache: CACHES.pages };
  return null;
}
