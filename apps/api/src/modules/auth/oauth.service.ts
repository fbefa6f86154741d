import { LONG_SESSION_SECONDS } from "@maidan/contracts/auth";
import { AppError } from "@maidan/contracts/errors";
import type { Db } from "@maidan/db/database";
import type { Kv } from "../../lib/kv.ts";
import * as repo from "./auth.repository.ts";
import { type AccountCreated, createAccount } from "./new-account.ts";
import type { OAuthProfile, OAuthProvider } from "./oauth-providers.ts";
import { hashLinkToken, newLinkToken, sameHash } from "./secrets.ts";
import type { Sessions } from "./sessions.ts";

/** How long a started login may take; also the nonce cookie's lifetime. */
export const STATE_SECONDS = 600;
type SavedState = { returnTo: string; browser: string };
export const FACEBOOK_FAILED = "Facebook login failed. Please try again.";
export const UNVERIFIED_EMAIL =
  "An account with this e-mail exists but is not confirmed yet. Log in with its password, or confirm the e-mail first.";

/** Facebook login through a provider adapter; sessions from it last a year (spec §9). */
export function createOAuthService(deps: {
  db: Db;
  kv: Kv;
  sessions: Sessions;
  provider: OAuthProvider;
  accountCreated?: AccountCreated;
}) {
  const { db, kv, sessions, provider } = deps;

  /**
   * The user of a provider identity: linked before, else the account with the same e-mail if
   * that account proved it owns the address, else new. An unverified account is never linked:
   * whoever signed up with someone else's address would otherwise get their Facebook sign-ins.
   */
  async function userFor(p: OAuthProfile, referral?: string) {
    return db.transaction(async (tx) => {
      const linked = await repo.findOauthUser(tx, provider.name, p.id);
      if (linked) return repo.findUserById(tx, linked.userId);
      const sameEmail = p.email ? await repo.findUserByEmail(tx, p.email) : null;
      if (sameEmail && !sameEmail.verified)
        throw new AppError("OAUTH_UNVERIFIED", UNVERIFIED_EMAIL);
      let user = sameEmail;
      user ??= await createAccount(
        tx,
        {
          email: p.email,
          firstName: p.firstName,
          lastName: p.lastName,
          verified: p.email !== null,
        },
        referral,
        deps.accountCreated,
      );
      if (!user) return null;
      await repo.linkOauth(tx, { userId: user.id, provider: provider.name, providerUserId: p.id });
      return user;
    });
  }

  async function loginWithAccessToken(accessToken: string, referral?: string) {
    const profile = await provider.profile(accessToken).catch(() => null);
    const user = profile && (await userFor(profile, referral));
    if (!user) throw new AppError("OAUTH_FAILED", FACEBOOK_FAILED);
    return sessions.issue(user, LONG_SESSION_SECONDS);
  }

  return {
    provider,
    loginWithAccessToken,

    /**
     * Where to send the browser, and the nonce for its cookie. The state remembers the same-site
     * page to return to and the nonce's hash: only the browser that started may finish (a login
     * started elsewhere and handed to a victim's browser would sign them in as the attacker).
     */
    async start(redirectUri: string, returnTo: string) {
      const state = newLinkToken();
      const nonce = newLinkToken();
      const saved: SavedState = { returnTo, browser: hashLinkToken(nonce) };
      await kv.set(`oauth:${state}`, JSON.stringify(saved), STATE_SECONDS);
      return { url: provider.authorizeUrl(state, redirectUri), nonce };
    },

    async callback(
      code: string,
      state: string,
      nonce: string | undefined,
      redirectUri: string,
      referral?: string,
    ) {
      const raw = await kv.get(`oauth:${state}`);
      if (raw === null) throw new AppError("OAUTH_STATE", FACEBOOK_FAILED);
      // Spent by any answer, right or wrong: a state is never tried twice.
      await kv.del(`oauth:${state}`);
      const { returnTo, browser } = JSON.parse(raw) as SavedState;
      if (!nonce || !sameHash(hashLinkToken(nonce), browser))
        throw new AppError("OAUTH_STATE", FACEBOOK_FAILED);
      const accessToken = await provider.exchangeCode(code, redirectUri).catch(() => {
        throw new AppError("OAUTH_FAILED", FACEBOOK_FAILED);
      });
      return { session: await loginWithAccessToken(accessToken, referral), returnTo };
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
