import type { Role } from "@maidan/contracts/auth";
import { errors, jwtVerify, SignJWT } from "jose";

/**
 * What a session token carries: the user, their token version, when refreshing stops, and the
 * session's id (`sid`, decision 043; tokens issued before it have none).
 */
export type SessionClaims = { sub: string; ver: number; role: Role; rfx: number; sid?: string };
export type VerifiedToken = SessionClaims & { exp: number; expired: boolean };

const ISSUER = "maidan";
// Pinned: a token naming any other algorithm (including "none") is refused by jose.
const ALGORITHMS = ["HS256"];

/**
 * Signs with the current secret and verifies with it or any retired secret, so a rotation does
 * not sign everyone out (JWT_PREVIOUS_SECRETS).
 */
export function createTokenSigner(secret: string, previous: string[] = []) {
  const encode = (s: string) => new TextEncoder().encode(s);
  const current = encode(secret);
  const keys = [current, ...previous.map(encode)];

  return {
    async sign(claims: SessionClaims, ttlSeconds: number, now = Date.now()): Promise<string> {
      const iat = Math.floor(now / 1000);
      const body = { ver: claims.ver, role: claims.role, rfx: claims.rfx };
      return new SignJWT(claims.sid ? { ...body, sid: claims.sid } : body)
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(current);
    },

    /**
     * The claims of a genuine token, or null. An expired one is returned with `expired: true`
     * only when `allowExpired` (the refresh path), since its signature still proves who sent it.
     */
    async verify(
      token: string,
      opts: { allowExpired?: boolean } = {},
    ): Promise<VerifiedToken | null> {
      for (const key of keys) {
        try {
          const { payload } = await jwtVerify(token, key, {
            algorithms: ALGORITHMS,
            issuer: ISSUER,
          });
          return toClaims(payload, false);
        } catch (e) {
          if (e instanceof errors.JWTExpired) {
            return opts.allowExpired ? toClaims(e.payload, true) : null;
          }
          if (e instanceof errors.JWSSignatureVerificationFailed) continue;
          return null;
        }
      }
      return null;
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;

function toClaims(p: Record<string, unknown>, expired: boolean): VerifiedToken | null {
  const { sub, ver, role, rfx, exp, sid } = p;
  if (typeof sub !== "string" || typeof ver !== "number" || typeof exp !== "number") return null;
  if (typeof role !== "string" || typeof rfx !== "number") return null;
  if (sid !== undefined && typeof sid !== "string") return null;
  const claims = { sub, ver, role: role as Role, rfx, exp, expired };
  return typeof sid === "string" ? { ...claims, sid } : claims;
}
