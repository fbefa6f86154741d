import { formError, otpLoginForm, otpSendForm } from "@maidan/contracts/account-forms";
import type { AuthService } from "@maidan/contracts/auth-service";
import { type ActionFeedback, failure } from "./service-errors.server";

export const PHONE_CODE_SENT = "A verification code has been sent to your phone.";
export const PHONE_CONFIRMED = "Your mobile number is confirmed.";

/**
 * The two steps that make a number the account's (decision 027), for the pages that offer them
 * (/my/account, /account/signup): `phone-code` texts a code to `phone` and keeps it pending;
 * `phone-confirm` saves it with the code.
 */
export async function phoneStep(
  intent: "phone-code" | "phone-confirm",
  input: Record<string, string>,
  auth: AuthService,
  userId: string,
  ip: string,
): Promise<ActionFeedback> {
  const invalid = formError(intent === "phone-code" ? otpSendForm : otpLoginForm, input);
  if (invalid) return { ok: false, message: invalid };
  try {
    if (intent === "phone-code") {
      await auth.requestPhoneCode(userId, { phone: input.phone }, ip);
      return { ok: true, message: PHONE_CODE_SENT };
    }
    await auth.confirmPhone(userId, { phone: input.phone, otp: input.otp });
    return { ok: true, message: PHONE_CONFIRMED };
  } catch (e) {
    return failure(e);
  }
}
