/**
 * Which links the shop prefetches on intent (spec §4: on by default). Only its own catalogue and
 * content pages: never the API, pages of one shopper (their data is private and short-lived),
 * and never pages whose loader acts (a verification or invitation link would be used up by a
 * prefetch), nor files (a sitemap, an image).
 */
const NOT_PREFETCHED =
  /^\/(api|sandbox|dev|admin|my|account|login|logout|checkout|cart|order-success|order-success-guest|success|pgw|oauth|verify|invite|review|wishlist|notifications|myfreebies)(\/|$)/;

/** The page to prefetch for a link to `href` seen from `here`, or null when it is not worth it. */
export function prefetchPage(
  href: string,
  here: { origin: string; pathname: string; search: string },
): string | null {
  let url: URL;
  try {
    url = new URL(href, here.origin);
  } catch {
    return null;
  }
  if (url.origin !== here.origin) return null;
  if (NOT_PREFETCHED.test(url.pathname) || /\.[a-z0-9]+$/i.test(url.pathname)) return null;
  const page = url.pathname + url.search;
  return page === here.pathname + here.search ? null : page;
}

type Connection = { saveData?: boolean; effectiveType?: string };

/**
 * Spec §4: prefetch links unless the connection is slow-2g, data saving is on, or the browser
 * is offline. Browsers without the Network Information API prefetch.
 */
export function shouldPrefetch(nav: { onLine: boolean; connection?: Connection }): boolean {
  if (!nav.onLine) return false;
  const c = nav.connection;
  return !(c?.saveData || c?.effectiveType === "slow-2g");
}
