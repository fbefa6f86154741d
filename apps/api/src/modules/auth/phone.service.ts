import { AppError, isAppError } from "@maidan/contracts/errors";
import type { Db } from "@maidan/db/database";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import * as repo from "./auth.repository.ts";
import { type AccountCreated, createAccount } from "./new-account.ts";
import { INVALID_LOGIN, type OtpService } from "./otp.service.ts";

export const phoneMessages = {
  taken: "This phone number belongs to another account.",
  askFirst: "Ask for a code for this number first.",
  confirmed: "Your mobile number is confirmed.",
} as const;

/**
 * Phone numbers belong to an account only once its owner proved them with an SMS code
 * (decision 027). Asking for a number makes it the account's pending claim and texts it a code;
 * the code makes it the account's number and drops every other claim on it. A claim never
 * signs anyone in.
 */
export function createPhoneService(deps: {
  db: Db;
  otp: OtpService;
  accountCreated?: AccountCreated;
}) {
  const { db, otp } = deps;

  async function refuseTaken(userId: string, phone: string) {
    const owner = await repo.findUserByPhone(db, phone);
    if (owner && owner.id !== userId) throw conflict(phoneMessages.taken);
    return owner;
  }

  /**
   * Texts a code to a number the user wants, after checking no other account proved it; the
   * caller then keeps it as pending. Limits throw before anything is kept; the SMS is a job.
   * Returns false for the user's own proven number: there is nothing to prove.
   */
  async function sendCode(userId: string, phone: string, ip: string) {
    if (await refuseTaken(userId, phone)) return false;
    await otp.generate(phone, ip);
    return true;
  }

  /** POST /users/phone/code: texts a (new) code and makes `phone` the pending number. */
  async function request(userId: string, phone: string, ip: string) {
    const sent = await sendCode(userId, phone, ip);
    const user = await repo.updateUser(db, userId, { phonePending: sent ? phone : null });
    if (!user) throw notFound("User not found");
    return user;
  }

  /** The pending number becomes the account's when `code` is the one texted to it. */
  async function confirm(userId: string, phone: string, code: string) {
    const user = await repo.findUserById(db, userId);
    if (!user) throw notFound("User not found");
    if (user.phonePending !== phone) throw badRequest(phoneMessages.askFirst);
    await refuseTaken(userId, phone);
    await otp.verify(phone, code).catch((e: unknown) => {
      // Spec §8's words for any OTP failure; 400, since the session itself is fine.
      if (isAppError(e) && e.code === "INVALID_LOGIN")
        throw new AppError("INVALID_CODE", INVALID_LOGIN);
      throw e;
    });
    const proven = await db
      .transaction(async (tx) => {
        await repo.dropPhoneClaims(tx, phone);
        return repo.updateUser(tx, userId, { phone, phonePending: null });
      })
      .catch((e: { code?: string }) => {
        if (e.code === "23505") throw conflict(phoneMessages.taken);
        throw e;
      });
    if (!proven) throw notFound("User not found");
    return proven;
  }

  /**
   * The account an SMS-code login for `phone` enters: the one that proved the number, else a
   * new one for whoever holds it now. Claims on the number are dropped: it is proven now.
   */
  async function accountForLogin(phone: string, campaign: string | null, referral?: string) {
    const owner = await repo.findUserByPhone(db, phone);
    if (owner) return owner.verified ? owner : repo.updateUser(db, owner.id, { verified: true });
    const created = await db.transaction(async (tx) => {
      await repo.dropPhoneClaims(tx, phone);
      return createAccount(tx, { phone, verified: true, campaign }, referral, deps.accountCreated);
    });
    // A concurrent first login for the same number made the account: that one is it.
    return created ?? repo.findUserByPhone(db, phone);
  }

  return { sendCode, request, confirm, accountForLogin };
}

export type PhoneService = ReturnType<typeof createPhoneService>;
