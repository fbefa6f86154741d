/**
 * Every redirect the storefront makes before a page loads (spec §2: legacy table, /cart, route
 * rules 1 to 3). Pure functions, so the root middleware and the tests share one source of truth.
 */

export type Redirect = { to: string; status: 301 | 302 };

/** Old shop addresses still linked from the web; permanent, so search engines move on. */
export const legacyRedirects: Readonly<Record<string, string>> = {
  "/sales-page": "/sale",
  "/sale/page": "/sale",
  "/shop/page": "/sale",
  "/product-category/hardware": "/accessories-equipment-hardware-accessories",
  "/product-category/equipment": "/accessories-equipment-fitness-gear",
  "/product-category/apparel": "/men/all?subcategory=men-clothing,women-clothing,kids-clothing",
  "/product-category/footwear": "/men/all?subcategory=men-shoes,women-shoes,kids-shoes",
};

// Route matching ignores case, so the rules do too.
function startsWithSegment(pathname: string, segment: string): boolean {
  const path = pathname.toLowerCase();
  return path === segment || path.startsWith(`${segment}/`);
}

/** `/%61dmin` must meet the same rules as `/admin`. */
function decodePath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Route rules 1 to 3 of spec §2, given only the path and whether the visitor is signed in.
 * Returns the target path, or null when the rules let the request through.
 */
export function routeRule(pathname: string, isLoggedIn: boolean): string | null {
  if (pathname.includes("/c/")) return pathname.replaceAll("/c/", "/");
  if (!isLoggedIn && startsWithSegment(pathname, "/admin")) return "/account/login";
  if (isLoggedIn && startsWithSegment(pathname, "/login")) return "/my";
  // The same for the login page itself: a signed-in shopper has nothing to do there (issue #18).
  if (isLoggedIn && withoutTrailingSlash(pathname) === "/account/login") return "/my";
  return null;
}

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

/**
 * Redirects that depend on the address alone (legacy table, /cart, rule 1), so the browser can
 * apply them before asking the server anything.
 */
export function pathRedirect(url: URL): Redirect | null {
  const path = withoutTrailingSlash(decodePath(url.pathname));
  const legacy = legacyRedirects[path];
  if (legacy) return { to: legacy, status: 301 };
  if (path === "/cart") return { to: "/checkout", status: 302 };
  // Rule 1 only tidies the address: it keeps the query and is permanent.
  if (url.pathname.includes("/c/")) {
    return { to: `${url.pathname.replaceAll("/c/", "/")}${url.search}`, status: 301 };
  }
  return null;
}

/** Where a request for `url` must go instead, or null to serve it. */
export function resolveRedirect(url: URL, isLoggedIn: boolean): Redirect | null {
  const byPath = pathRedirect(url);
  if (byPath) return byPath;
  const ruled = routeRule(decodePath(url.pathname), isLoggedIn);
  // The sign-in rules depend on the visitor, so they must never be cached.
  return ruled === null ? null : { to: ruled, status: 302 };
}
