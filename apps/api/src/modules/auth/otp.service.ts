import { clampOtpLength } from "@maidan/contracts/auth";
import { AppError } from "@maidan/contracts/errors";
import type { Db } from "@maidan/db/database";
import type { Kv } from "../../lib/kv.ts";
import type { Messages } from "../messages/messages.ts";
import * as repo from "./auth.repository.ts";
import { isOver, limit, tooMany } from "./rate-limit.ts";
import { hashOtp, newOtpCode, sameHash } from "./secrets.ts";

export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_TRIES = 5;
export const OTP_GAP_SECONDS = 30;
export const OTP_SENDS_PER_HOUR = 5;
export const OTP_SENDS_PER_IP_HOUR = 30;
export const INVALID_LOGIN = "Invalid Login Details!";

export const otpMessages = {
  sent: "A verification code has been sent to your phone.",
  wait: `Please wait ${OTP_GAP_SECONDS} seconds before asking for another code.`,
  hourly: "Too many codes requested for this number. Please try again in an hour.",
} as const;

/**
 * One-time login codes: single use, 10 minutes, at most 5 tries, stored only as a keyed hash.
 * Sending answers the same whether or not the phone has an account.
 */
export function createOtpService(deps: {
  db: Db;
  kv: Kv;
  messages: Messages;
  secret: string;
  codeLength: () => Promise<number>;
}) {
  const { db, kv, messages, secret } = deps;

  return {
    async generate(phone: string, ip: string) {
      if (await kv.get(`otp:gap:${phone}`)) throw tooMany(otpMessages.wait);
      if (await isOver(kv, `otp:send:${phone}`, OTP_SENDS_PER_HOUR))
        throw tooMany(otpMessages.hourly);
      // Against SMS pumping: one address cannot send to endless numbers.
      if (await isOver(kv, `otp:ip:${ip}`, OTP_SENDS_PER_IP_HOUR))
        throw tooMany(otpMessages.hourly);
      await kv.set(`otp:gap:${phone}`, "1", OTP_GAP_SECONDS);
      const length = clampOtpLength(await deps.codeLength());
      const code = newOtpCode(length);
      const expiresAt = new Date(Date.now() + OTP_TTL_SECONDS * 1000);
      // The code and its SMS (a job, decision 034) are kept together or not at all.
      await db.transaction(async (tx) => {
        await repo.retireOtps(tx, phone);
        await repo.insertOtp(tx, { phone, codeHash: hashOtp(secret, phone, code), expiresAt });
        await messages.sms(tx, phone, { template: "login-code", code });
      });
      // Counted once the SMS is on its way (the gap above keeps two sends from racing).
      await limit(kv, `otp:send:${phone}`, Number.MAX_SAFE_INTEGER, 3600, "");
      await limit(kv, `otp:ip:${ip}`, Number.MAX_SAFE_INTEGER, 3600, "");
      return { status: "success", message: otpMessages.sent };
    },

    /** Consumes the phone's live code when `code` matches; throws 'Invalid Login Details!' else. */
    async verify(phone: string, code: string) {
      // The attempt is counted in its own transaction, so a wrong code is not rolled back.
      const ok = await db.transaction(async (tx) => {
        const row = await repo.lockLatestOtp(tx, phone);
        if (!row || row.attempts >= OTP_MAX_TRIES) return false;
        const match = sameHash(row.codeHash, hashOtp(secret, phone, code));
        const lastTry = row.attempts + 1 >= OTP_MAX_TRIES;
        await repo.recordOtpAttempt(tx, row.id, match || lastTry);
        return match;
      });
      if (!ok) throw new AppError("INVALID_LOGIN", INVALID_LOGIN);
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
