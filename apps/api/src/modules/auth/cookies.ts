import { SESSION_COOKIE } from "@maidan/contracts/auth";

/** The `Authorization` cookie's attributes (spec §4, §9; quality bars: HttpOnly, Lax, Secure on TLS). */
export function sessionCookieOptions(maxAgeSeconds: number, secure: boolean) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure,
    maxAge: maxAgeSeconds,
  };
}

/** The same cookie as a Set-Cookie header value, for the storefront's in-process responses. */
export function serializeSessionCookie(token: string, maxAgeSeconds: number, secure: boolean) {
  const parts = [
    `${SESSION_COOKIE}=${encodeURIComponent(token)}`,
    "Path=/",
    `Max-Age=${maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function serializeClearedCookie(secure: boolean) {
  return serializeSessionCookie("", 0, secure);
}

/** The token from `Authorization: Bearer x` (mobile apps) or else the cookie (browsers). */
export function tokenFrom(
  authorizationHeader: string | undefined,
  cookieValue: string | undefined,
) {
  const bearer = authorizationHeader?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const raw = bearer ?? cookieValue;
  // The old client stored the literal "null" when signed out (spec §4).
  if (!raw || raw === "null" || raw === "undefined") return null;
  return raw.replace(/^Bearer\s+/i, "");
}

/** One cookie from a Cookie header. */
export function cookieFromHeader(
  header: string | null | undefined,
  name: string,
): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i === -1 || part.slice(0, i).trim() !== name) continue;
    const raw = part.slice(i + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}
