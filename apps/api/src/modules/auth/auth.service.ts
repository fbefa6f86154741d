import type { Config } from "@maidan/config/config";
import { messagingOf } from "@maidan/config/messaging";
import type { CartSummary, PublicUser } from "@maidan/contracts/auth";
import {
  forgotBody,
  localLoginBody,
  otpGenerateBody,
  otpLoginBody,
  phoneCodeBody,
  phoneConfirmBody,
  resetPasswordBody,
  SESSION_COOKIE,
  updatePasswordBody,
} from "@maidan/contracts/auth";
import type {
  AuthService,
  SessionResult,
  Viewer,
  ViewerUser,
} from "@maidan/contracts/auth-service";
import type { Db } from "@maidan/db/database";
import { logger } from "@maidan/observability/log";
import type { Kv } from "../../lib/kv.ts";
import { parseInput } from "../../lib/parse.ts";
import { createMediaStorage } from "../media/create-media-storage.ts";
import type { DropPictures } from "../media/media-cleanup.ts";
import type { MediaStorage } from "../media/media-storage.ts";
import type { Messages } from "../messages/messages.ts";
import { createAccountService } from "./account.service.ts";
import * as repo from "./auth.repository.ts";
import { createAvatarService } from "./avatar.service.ts";
import {
  cookieFromHeader,
  serializeClearedCookie,
  serializeSessionCookie,
  tokenFrom,
} from "./cookies.ts";
import { emptyCartUntilCartModule } from "./empty-cart.ts";
import { createLoginService } from "./login.service.ts";
import type { AccountCreated } from "./new-account.ts";
import { createOAuthService } from "./oauth.service.ts";
import { facebookProvider, type OAuthProvider, sandboxProvider } from "./oauth-providers.ts";
import { createOtpService } from "./otp.service.ts";
import { createPhoneService } from "./phone.service.ts";
import { createSessions, type Session } from "./sessions.ts";
import { createTokenSigner } from "./tokens.ts";
import { displayName, publicUserOf } from "./user-view.ts";

export type AuthDeps = {
  config: Config;
  db: Db;
  kv: Kv;
  /** Where avatars are stored; by default the media storage the config names. */
  media?: MediaStorage;
  /** Queues the removal of a replaced avatar in the profile change's transaction (decision 065). */
  dropPictures: DropPictures;
  settings: () => Promise<{ demo: boolean; otpLength: number }>;
  /** Runs in the transaction that makes a shopper's account, with its invite code (#17). */
  accountCreated?: AccountCreated;
  /** The SMS and e-mail it sends: jobs written in its transactions (modules/messages). */
  messages: Messages;
  oauthProvider?: OAuthProvider;
  /**
   * The cart module (#5): the signed-in user's cart with the guest cart merged into it. Without
   * it (unit tests of auth alone) responses carry an empty cart.
   */
  carts?: {
    forSession(userId: string, guestId: string | null): Promise<CartSummary>;
    empty(): Promise<CartSummary>;
  };
};

/** Whether /dev/outbox and /api/dev/outbox answer (decision 042: also in the demo shop). */
export const outboxReadable = (config: Config) => messagingOf(config).outboxReadable;

/** Builds the whole auth domain from the config: adapters, sessions, and the services on top. */
export function createAuth(deps: AuthDeps) {
  const { config, db, kv } = deps;
  // Session warnings (spec §8 'jwt expired', refresh errors), with the request they concern.
  const log = (m: string) => logger().warn(m);
  const secure = config.publicUrl.startsWith("https:");
  const signer = createTokenSigner(config.jwtSecret, config.jwtPreviousSecrets);
  const sessions = createSessions(db, signer, kv);
  const provider =
    deps.oauthProvider ??
    (config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET
      ? facebookProvider(config.FACEBOOK_APP_ID, config.FACEBOOK_APP_SECRET)
      : sandboxProvider(config.jwtSecret));
  const otp = createOtpService({
    db,
    kv,
    messages: deps.messages,
    secret: config.jwtSecret,
    codeLength: async () => (await deps.settings()).otpLength,
  });
  const { accountCreated } = deps;
  const phones = createPhoneService({ db, otp, accountCreated });
  const logins = createLoginService({
    db,
    kv,
    sessions,
    otp,
    messages: deps.messages,
    publicUrl: config.publicUrl,
    phones,
    accountCreated,
  });
  const avatars = createAvatarService({
    db,
    media: deps.media ?? createMediaStorage(config),
    dropPictures: deps.dropPictures,
    isDemo: async () => (await deps.settings()).demo,
  });
  const account = createAccountService({
    db,
    kv,
    sessions,
    messages: deps.messages,
    publicUrl: config.publicUrl,
    isDemo: async () => (await deps.settings()).demo,
    phones,
    dropAvatar: avatars.dropReplaced,
  });
  const oauth = createOAuthService({ db, kv, sessions, provider, accountCreated });

  const withCart = async (s: Session, guestId?: string | null): Promise<SessionResult> => ({
    ...s,
    cart: deps.carts
      ? await deps.carts.forSession(s.user._id, guestId ?? null)
      : emptyCartUntilCartModule(),
    setCookie: serializeSessionCookie(s.token, s.maxAge, secure),
  });
  const emptyCart = () => (deps.carts ? deps.carts.empty() : emptyCartUntilCartModule());

  const viewerUser = (u: PublicUser): ViewerUser => ({
    id: u._id,
    role: u.role,
    name: displayName(u),
    firstName: u.firstName,
    email: u.email,
    phone: u.phone,
    // §3 auth state `zipcode`: the profile's postal code (decision 018).
    zipcode: u.zip,
    city: u.city,
  });

  /** Who a token names; `tokenExpired` when it is genuine but past its exp (refreshable). */
  async function viewerOf(
    token: string | null,
    guestId: string | null,
  ): Promise<Viewer & { tokenExpired: boolean }> {
    const { user, expired } = await sessions.resolve(token);
    return { user: user ? viewerUser(publicUserOf(user)) : null, guestId, tokenExpired: expired };
  }

  /**
   * Spec §4/§8 on a navigation with an expired token: 'jwt expired' is logged and a refresh
   * tried; on success the new cookie goes out. A refresh that breaks is logged and the shopper
   * stays signed in for this request as far as the expired token still proves who they are. A
   * refresh the server refuses (revoked, past its window) is logged and signs out: keeping that
   * session would undo a logout (decision 010 addendum).
   */
  async function refreshOnNavigation(token: string, guestId: string | null) {
    log("auth: jwt expired; refreshing the session");
    try {
      const refreshed = await sessions.refresh(token);
      if (refreshed) {
        return {
          viewer: { user: viewerUser(refreshed.user), guestId },
          setCookie: serializeSessionCookie(refreshed.token, refreshed.maxAge, secure),
        };
      }
      log("auth: refresh refused (session revoked or past its refresh window); signed out");
      return { viewer: { user: null, guestId }, setCookie: serializeClearedCookie(secure) };
    } catch (e) {
      log(`auth: refresh failed (${(e as Error).message})`);
      const user = await sessions.refreshableUser(token).catch(() => null);
      return { viewer: { user: user && viewerUser(publicUserOf(user)), guestId }, setCookie: null };
    }
  }

  const fromRequest = (request: Request) => {
    const cookies = request.headers.get("cookie");
    const token = tokenFrom(
      request.headers.get("authorization") ?? undefined,
      cookieFromHeader(cookies, SESSION_COOKIE),
    );
    const guest = cookieFromHeader(cookies, "guest");
    return {
      token,
      guestId: guest && /^[A-Za-z0-9_-]{8,64}$/.test(guest) ? guest : null,
      hasCookie: cookieFromHeader(cookies, SESSION_COOKIE) !== undefined,
    };
  };

  const service: AuthService = {
    viewerFromRequest(request) {
      const { token, guestId } = fromRequest(request);
      return viewerOf(token, guestId);
    },
    async sessionFromRequest(request) {
      const { token, guestId, hasCookie } = fromRequest(request);
      if (token && (await sessions.isExpired(token))) return refreshOnNavigation(token, guestId);
      const { user } = await viewerOf(token, guestId);
      // A cookie that names nobody (empty, "null", tampered, revoked) is cleared: the shopper is
      // signed out (spec §4).
      const clear = hasCookie && !user;
      return {
        viewer: { user, guestId },
        setCookie: clear ? serializeClearedCookie(secure) : null,
      };
    },
    passwordLogin: async (input, ip, guestId) =>
      withCart(await logins.passwordLogin(parseInput(localLoginBody, input), ip), guestId),
    signup: async (input, guestId) => withCart(await logins.signup(input), guestId),
    otpGenerate: (input, ip) => otp.generate(parseInput(otpGenerateBody, input).phone, ip),
    otpLogin: async (input, guestId) =>
      withCart(await logins.phoneLogin(parseInput(otpLoginBody, input)), guestId),
    tokenLogin: async (token, guestId) => withCart(await logins.tokenLogin(token), guestId),
    verifyEmail: (token) => logins.verifyEmail(token),
    forgot: (input, ip) => account.forgot(parseInput(forgotBody, input).email, ip),
    checkResetToken: (token) => account.checkResetToken(token),
    resetPassword: (input) => {
      const b = parseInput(resetPasswordBody, input);
      return account.resetPassword(b.token, b.password);
    },
    me: (userId) => account.me(userId),
    updateProfile: (userId, input, ip) => account.updateProfile(userId, input, ip),
    requestPhoneCode: async (userId, input, ip) =>
      publicUserOf(await phones.request(userId, parseInput(phoneCodeBody, input).phone, ip)),
    async confirmPhone(userId, input) {
      const b = parseInput(phoneConfirmBody, input);
      return publicUserOf(await phones.confirm(userId, b.phone, b.otp));
    },
    setAvatar: (userId, file) => avatars.set(userId, file),
    async changePassword(userId, input) {
      const b = parseInput(updatePasswordBody, input);
      return withCart(await account.changePassword(userId, b.currentPassword, b.password));
    },
    async logout(token) {
      await sessions.revoke(token);
      return { setCookie: serializeClearedCookie(secure), cart: await emptyCart() };
    },
    async logoutAll(userId) {
      await sessions.revokeAll(userId);
      return { setCookie: serializeClearedCookie(secure), cart: await emptyCart() };
    },
    outboxReadable: () => outboxReadable(config),
    async outbox(recipient) {
      if (!outboxReadable(config)) return null;
      const rows = await repo.listOutbox(db, recipient);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  };

  /** Merges a guest cart into the user's after a sign-in that does not go through `service`. */
  const mergeGuestCart = async (userId: string, guestId: string | null) => {
    if (guestId && deps.carts) await deps.carts.forSession(userId, guestId);
  };

  return {
    service,
    sessions,
    signer,
    oauth,
    logins,
    account,
    otp,
    secure,
    viewerOf,
    mergeGuestCart,
  };
}

export type Auth = ReturnType<typeof createAuth>;
