import { randomBytes } from "node:crypto";
import { BLOCKED_MESSAGE } from "@maidan/contracts/admin-customers";
import {
  DEFAULT_SESSION_SECONDS,
  type PublicUser,
  REFRESHED_SESSION_SECONDS,
} from "@maidan/contracts/auth";
import { AppError } from "@maidan/contracts/errors";
import type { Db } from "@maidan/db/database";
import type { Kv } from "../../lib/kv.ts";
import * as repo from "./auth.repository.ts";
import type { TokenSigner } from "./tokens.ts";
import { publicUserOf } from "./user-view.ts";

/** Access tokens live an hour at most; the cookie may live longer and is refreshed (spec §4). */
export const ACCESS_TOKEN_SECONDS = 3600;

export type Session = { token: string; user: PublicUser; maxAge: number };

const revokedKey = (sid: string) => `session:revoked:${sid}`;
const blocked = () => new AppError("FORBIDDEN", BLOCKED_MESSAGE);

/**
 * Issues and checks session tokens (decision 043). Every check reads the user's token_version, so
 * "Log out of all devices" and a password change revoke the tokens issued before them at once;
 * each session also has its own id (`sid`), kept on refresh, and logout revokes only that id in
 * the shared kv (Redis across instances) until the session could no longer be refreshed.
 */
export function createSessions(db: Db, signer: TokenSigner, kv: Kv) {
  async function issue(user: repo.UserRow, maxAge = DEFAULT_SESSION_SECONDS): Promise<Session> {
    // A blocked account signs in no way: password, SMS code, Facebook (decision 046).
    if (user.blockedAt) throw blocked();
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: user.id,
      ver: user.tokenVersion,
      role: user.role,
      rfx: now + maxAge,
      sid: randomBytes(16).toString("base64url"),
    };
    const token = await signer.sign(claims, Math.min(ACCESS_TOKEN_SECONDS, maxAge));
    return { token, user: publicUserOf(user), maxAge };
  }

  /** The user a token names while neither its version nor its session was revoked, or null. */
  async function live(claims: { sub: string; ver: number; sid?: string }) {
    if (claims.sid && (await kv.get(revokedKey(claims.sid))) !== null) return null;
    const user = await repo.findUserById(db, claims.sub);
    return user && user.tokenVersion === claims.ver && !user.blockedAt ? user : null;
  }

  async function userOf(token: string, allowExpired: boolean) {
    const claims = await signer.verify(token, { allowExpired });
    if (!claims) return null;
    const user = await live(claims);
    return user ? { user, claims } : null;
  }

  /** The user of an expired token still inside its refresh window and not revoked, or null. */
  async function refreshable(token: string) {
    const found = await userOf(token, true);
    if (!found || found.claims.rfx * 1000 < Date.now()) return null;
    return found;
  }

  return {
    issue,

    /** The signed-in user of a live token, or null. */
    async current(token: string | null) {
      if (!token) return null;
      return (await userOf(token, false))?.user ?? null;
    },

    /**
     * Who a token names, and whether it is a genuine token past its exp: the API answers those
     * with their own 401 (TOKEN_EXPIRED) so apps know to call auth/local/refreshToken.
     */
    async resolve(token: string | null): Promise<{ user: repo.UserRow | null; expired: boolean }> {
      if (!token) return { user: null, expired: false };
      const claims = await signer.verify(token, { allowExpired: true });
      if (!claims) return { user: null, expired: false };
      if (claims.expired) return { user: null, expired: true };
      return { user: await live(claims), expired: false };
    },

    /**
     * A new token for an expired (or live) one, while the session's refresh window lasts and no
     * logout happened since. The cookie then lives 3600 s (spec §9).
     */
    async refresh(token: string | null): Promise<Session | null> {
      if (!token) return null;
      const found = await refreshable(token);
      if (!found) {
        // A session ended by a block says so, rather than only that it ended.
        const claims = await signer.verify(token, { allowExpired: true });
        const user = claims ? await repo.findUserById(db, claims.sub) : null;
        if (user?.blockedAt) throw blocked();
        return null;
      }
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        sub: found.user.id,
        ver: found.user.tokenVersion,
        role: found.user.role,
        rfx: found.claims.rfx,
        ...(found.claims.sid ? { sid: found.claims.sid } : {}),
      };
      const ttl = Math.max(1, Math.min(REFRESHED_SESSION_SECONDS, found.claims.rfx - now));
      return {
        token: await signer.sign(claims, ttl),
        user: publicUserOf(found.user),
        maxAge: REFRESHED_SESSION_SECONDS,
      };
    },

    /** The user of an expired token that a refresh would accept (same checks), or null. */
    refreshableUser: async (token: string) => (await refreshable(token))?.user ?? null,

    /**
     * Ends the session of a genuine token (live or expired): its id is kept as revoked until
     * neither the token nor a refresh of it could be used. A token from before session ids
     * (no `sid`) can only be ended by its version, which ends the user's other sessions too.
     * Returns the user the token named, or null for no genuine token.
     */
    async revoke(token: string | null): Promise<string | null> {
      if (!token) return null;
      const claims = await signer.verify(token, { allowExpired: true });
      if (!claims) return null;
      if (!claims.sid) {
        if (await live(claims)) await repo.bumpTokenVersion(db, claims.sub);
        return claims.sub;
      }
      const now = Math.floor(Date.now() / 1000);
      const ttl = Math.max(claims.exp, claims.rfx) - now + 60;
      if (ttl > 0) await kv.set(revokedKey(claims.sid), "1", ttl);
      return claims.sub;
    },

    /** Ends every session of the user, on every device ("Log out of all devices"). */
    async revokeAll(userId: string) {
      await repo.bumpTokenVersion(db, userId);
    },

    /** Whether a token is genuine but past its exp (the storefront then refreshes). */
    async isExpired(token: string) {
      const claims = await signer.verify(token, { allowExpired: true });
      return claims?.expired === true;
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
