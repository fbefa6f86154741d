import { AVATAR_PATH, profileBody } from "@maidan/contracts/auth";
import { AppError } from "@maidan/contracts/errors";
import type { Db, DbOrTx } from "@maidan/db/database";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import type { Kv } from "../../lib/kv.ts";
import { parseInput } from "../../lib/parse.ts";
import type { Messages } from "../messages/messages.ts";
import * as repo from "./auth.repository.ts";
import { INVALID_LOGIN } from "./otp.service.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import type { PhoneService } from "./phone.service.ts";
import { limit } from "./rate-limit.ts";
import { hashLinkToken, newLinkToken } from "./secrets.ts";
import type { Sessions } from "./sessions.ts";
import { publicUserOf } from "./user-view.ts";

export const RESET_TOKEN_SECONDS = 3600;

export const accountMessages = {
  demoProfile: "Demo mode: Unable to update profile info",
  demoPassword: "Demo mode: Unable to change password",
  profileUpdated: "Profile updated.",
  passwordChanged: "Your password has been changed.",
  forgotSent: "If an account exists for this e-mail, we have sent a link to reset the password.",
  resetDone: "Your password has been reset. You can log in now.",
  resetInvalid: "This password reset link is invalid or has expired.",
  resetValid: "This password reset link is valid.",
  forgotLimit: "Too many reset requests. Please try again in an hour.",
  avatarInvalid: "The avatar value is not valid",
} as const;

/** The signed-in shopper's own account: profile, password, and recovery by e-mail. */
export function createAccountService(deps: {
  db: Db;
  kv: Kv;
  sessions: Sessions;
  messages: Messages;
  isDemo: () => Promise<boolean>;
  /** The shop's configured public origin, for links in e-mails (never a request's Host). */
  publicUrl: string;
  phones: PhoneService;
  /** Removes the user's own picture a profile change let go of (the avatar service). */
  dropAvatar: (
    tx: DbOrTx,
    userId: string,
    previous: string | null,
    current: string | null,
  ) => Promise<void>;
}) {
  const { db, kv, sessions } = deps;

  async function me(userId: string) {
    const user = await repo.findUserById(db, userId);
    if (!user) throw notFound("User not found");
    return publicUserOf(user);
  }

  /**
   * PUT /users/profile. A new `phone` is not saved here: it becomes the pending number and is
   * texted a code, and POST /users/phone/confirm saves it (decision 027). The same number back
   * changes nothing; null removes the number and any claim.
   */
  async function updateProfile(userId: string, input: unknown, ip: string) {
    if (await deps.isDemo()) throw forbidden(accountMessages.demoProfile);
    const body = parseInput(profileBody, input);
    const current = await repo.findUserById(db, userId);
    if (!current) throw notFound("User not found");
    // A picture of ours is set by uploading it; the profile may only keep the one it has.
    if (body.avatar && AVATAR_PATH.test(body.avatar) && body.avatar !== current.avatar)
      throw badRequest(accountMessages.avatarInvalid);
    const newPhone =
      body.phone && body.phone !== current.phone && body.phone !== current.phonePending
        ? body.phone
        : null;
    // Checked and texted before anything is written: a refusal leaves the profile as it was.
    if (newPhone) await deps.phones.sendCode(userId, newPhone, ip);
    const patch = {
      firstName: body.firstName,
      lastName: body.lastName,
      ...(newPhone ? { phonePending: newPhone } : {}),
      ...(body.phone === null ? { phone: null, phonePending: null } : {}),
      ...(body.state !== undefined ? { state: body.state || null } : {}),
      ...(body.city !== undefined ? { city: body.city || null } : {}),
      ...(body.zip !== undefined ? { zip: body.zip || null } : {}),
      ...(body.avatar !== undefined ? { avatar: body.avatar } : {}),
      ...(body.gender !== undefined ? { gender: body.gender } : {}),
      ...(body.dob !== undefined ? { dob: body.dob } : {}),
      ...(body.language !== undefined ? { language: body.language } : {}),
    };
    const swapped = await repo.updateUserKeepingPrevious(db, userId, patch, (tx, previous, user) =>
      deps.dropAvatar(tx, userId, previous.avatar, user.avatar),
    );
    if (!swapped) throw notFound("User not found");
    return publicUserOf(swapped.user);
  }

  /** Changes the password and revokes every older token; the caller gets a fresh session. */
  async function changePassword(userId: string, current: string, next: string) {
    if (await deps.isDemo()) throw forbidden(accountMessages.demoPassword);
    const user = await repo.findUserById(db, userId);
    if (!user) throw notFound("User not found");
    const ok = user.passwordHash ? await verifyPassword(user.passwordHash, current) : false;
    if (!ok) throw new AppError("WRONG_PASSWORD", INVALID_LOGIN);
    const passwordHash = await hashPassword(next);
    // One transaction: a new password never lives beside tokens that should have been revoked.
    const bumped = await db.transaction(async (tx) => {
      await repo.updateUser(tx, userId, { passwordHash });
      return repo.bumpTokenVersion(tx, userId);
    });
    if (!bumped) throw notFound("User not found");
    return sessions.issue(bumped);
  }

  async function forgot(email: string, ip: string) {
    await limit(kv, `forgot:${email.toLowerCase()}`, 5, 3600, accountMessages.forgotLimit);
    await limit(kv, `forgot-ip:${ip}`, 20, 3600, accountMessages.forgotLimit);
    const user = await repo.findUserByEmail(db, email);
    // The same answer for unknown addresses: the form must not tell who has an account.
    if (user?.email) {
      const token = newLinkToken();
      const to = user.email;
      const link = `${deps.publicUrl}/account/reset-password/${token}`;
      await db.transaction(async (tx) => {
        await repo.insertAuthToken(tx, {
          userId: user.id,
          kind: "reset",
          tokenHash: hashLinkToken(token),
          expiresAt: new Date(Date.now() + RESET_TOKEN_SECONDS * 1000),
        });
        await deps.messages.email(tx, to, { template: "reset-password", link });
      });
    }
    return { status: true, message: accountMessages.forgotSent };
  }

  async function checkResetToken(token: string) {
    const row = await repo.findLiveAuthToken(db, "reset", hashLinkToken(token));
    if (!row) throw new AppError("TOKEN_INVALID", accountMessages.resetInvalid);
    return { status: true, message: accountMessages.resetValid };
  }

  async function resetPassword(token: string, password: string) {
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const row = await repo.consumeAuthToken(tx, "reset", hashLinkToken(token));
      if (!row) throw new AppError("TOKEN_INVALID", accountMessages.resetInvalid);
      await repo.updateUser(tx, row.userId, { passwordHash });
      await repo.bumpTokenVersion(tx, row.userId);
    });
    return { status: true, message: accountMessages.resetDone };
  }

  return { me, updateProfile, changePassword, forgot, checkResetToken, resetPassword };
}
