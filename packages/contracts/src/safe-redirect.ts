// No zod here: the storefront imports this in every page (the login dialog store).

/** Stands in for the shop's origin where none is at hand (the browser's login dialog). */
const SOMEWHERE = "http://same-site.invalid";

/**
 * A `redirectTo` the shop may follow: a path on `origin` (the shop's configured origin), as the
 * path, query and fragment of the target once the URL parser has normalised it. The normalised
 * form is what is checked and what is returned, because it is what a browser follows: dot
 * segments (`/.//x`, `/x/..//x`, `/%2e//x`), tabs and newlines can all fold into `//x`, which
 * a browser reads as another site. The target is also checked once percent-decoded, for
 * anything between here and the browser that decodes `%2F` or `%5C`. Anything else is null:
 * schemes, protocol-relative and backslash forms, control characters, a malformed encoding.
 */
export function safeRedirect(target: unknown, origin: string = SOMEWHERE): string | null {
  if (typeof target !== "string" || target.length === 0 || target.length > 2000) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return null;
  }
  let base: URL;
  try {
    base = new URL(origin);
  } catch {
    return null;
  }
  for (const t of [target, decoded]) {
    if (!t.startsWith("/") || t.includes("\\") || hasControlCharacter(t)) return null;
  }
  const path = sameSitePath(target, base);
  return path !== null && sameSitePath(decoded, base) !== null ? path : null;
}

/** The normalised path, query and fragment of `target` if it stays on `base`'s origin. */
function sameSitePath(target: string, base: URL): string | null {
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Exactly one leading slash: `//x` and `/\x` are another host to a browser.
  if (!path.startsWith("/") || path[1] === "/" || path[1] === "\\") return null;
  // And read again as the browser will read it, relative to the page it is on.
  return new URL(path, base).origin === base.origin ? path : null;
}

function hasControlCharacter(s: string) {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}
