// No zod here: the storefront imports this in every page (the login dialog store).

/**
 * A `redirectTo` the shop may follow: a same-site path only. Anything that a browser could read
 * as another origin (`//x`, `/\x`, schemes, encoded slashes, control characters) gives null.
 */
export function safeRedirect(target: unknown): string | null {
  if (typeof target !== "string" || target.length === 0 || target.length > 2000) return null;
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return null;
  }
  for (const t of [target, decoded]) {
    if (!t.startsWith("/")) return null;
    if (t.startsWith("//") || t.startsWith("/\\")) return null;
    if (t.includes("\\") || hasControlCharacter(t)) return null;
  }
  try {
    const url = new URL(target, "http://same.invalid");
    if (url.origin !== "http://same.invalid") return null;
    return `${url.pathname}${url.search}${url.hash}`;
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
