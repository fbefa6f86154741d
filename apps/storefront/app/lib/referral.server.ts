import {
  REFERRAL_CODE,
  REFERRAL_COOKIE,
  REFERRAL_COOKIE_SECONDS,
} from "@maidan/contracts/referrals";
import { readCookie } from "./guest-id.server";

/**
 * The invite code `/invite/{code}` remembered in this browser (decision 055), for the sign-up
 * actions to hand to the account they make; anything not shaped like a code is ignored.
 */
export function inviteCodeOf(request: Request): string | undefined {
  const code = readCookie(request.headers.get("cookie"), REFERRAL_COOKIE);
  return code && REFERRAL_CODE.test(code) ? code : undefined;
}

/** Remembers a checked invite code for 30 days; only the server reads it. */
export function inviteCookie(code: string, secure: boolean) {
  return `${REFERRAL_COOKIE}=${code}; Path=/; Max-Age=${REFERRAL_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
