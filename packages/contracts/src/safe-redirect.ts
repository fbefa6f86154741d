// No zod here: the storefront imports this in every page (the login dialog store).

/**
 * A `redirectTo` the shop may follow: a path on `origin` (the shop's configured origin; the
 * browser's login dialog has none and uses a stand-in), as the path, query and fragment of the
 * target once the URL parser has normalised it. The normalised form is what is checked and
 * what is returned, because it is what a browser follows: dot segments (`/.//x`, `/x/..//x`,
 * `/%2e//x`), tabs and newlines can all fold into `//x`, another site to a browser. The target
 * is checked percent-decoded too, for anything between here and the browser that decodes `%2F`.
 * Anything else is null: schemes, protocol-relative and backslash forms, control characters, a
 * malformed encoding.
 */
export function safeRedirect(target: unknown, origin = "http://same-site.invalid"): string | null {
  if (typeof target !== "string" || target.length > 2000) return null;
  try {
    const base = new URL(origin);
    let path: string | null = null;
    for (const t of [target, decodeURIComponent(target)]) {
      if (t[0] !== "/" || t.includes("\\") || hasControlCharacter(t)) return null;
      const url = new URL(t, base);
      const normal = url.pathname + url.search + url.hash;
      // Exactly one leading slash: `//x` is another host to a browser.
      if (url.origin !== base.origin || normal[1] === "/") return null;
      path ??= normal;
    }
    return path;
  } catch {
    return null;
  }
}

function hasControlCharacter(s: string) {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}
