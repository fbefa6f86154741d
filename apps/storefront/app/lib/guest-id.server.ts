/**
 * The `guest` cookie (spec §4 "Server start: guest id from cookie") identifies an anonymous
 * shopper's cart across visits. HttpOnly: only the server reads it.
 */

export const guestCookieName = "guest";
export const guestCookieMaxAgeSeconds = 31_536_000;

const guestIdPattern = /^[A-Za-z0-9_-]{8,64}$/;

/** One cookie's value from a Cookie header, or null. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** The request's guest id when it has a well-formed one. */
export function readGuestId(request: Request): string | null {
  const id = readCookie(request.headers.get("cookie"), guestCookieName);
  return id && guestIdPattern.test(id) ? id : null;
}

export function newGuestId(): string {
  return crypto.randomUUID();
}

export function guestCookie(id: string, secure: boolean): string {
  const attributes = [
    `${guestCookieName}=${id}`,
    "Path=/",
    `Max-Age=${guestCookieMaxAgeSeconds}`,
    "SameSite=Lax",
    "HttpOnly",
  ];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}
