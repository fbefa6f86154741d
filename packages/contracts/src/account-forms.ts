/**
 * The account forms as the storefront's actions check them on the server, in the §5 default
 * messages word for word. The browser checks the same fields with the §5 rule strings
 * (storefront components/forms/account-rules.ts); a unit test there holds the two to the same
 * messages. The API's request bodies (./auth.ts) stay as the mobile apps know them.
 */
import { z } from "zod";
import { normalizePakPhone, PASSWORD_MIN } from "./auth.ts";
import { messages } from "./validation/messages.ts";

const PASSWORD_MAX = 128;

/** A text field the shopper must fill: missing and blank both read 'The {field} field is required'. */
const filled = (label: string) =>
  z
    .string({ error: messages.required(label) })
    .trim()
    .min(1, messages.required(label));

const newPassword = filled("password")
  .min(PASSWORD_MIN, messages.min("password", PASSWORD_MIN))
  .max(PASSWORD_MAX, messages.max("password", PASSWORD_MAX));
const confirmation = filled("password");
const confirmed = <T extends { password: string; confirmPassword: string }>(v: T) =>
  v.password === v.confirmPassword;
const mismatch = { message: messages.confirmed("password"), path: ["confirmPassword"] };

export const passwordLoginForm = z.object({
  email: filled("e-mail or phone").max(254, messages.max("e-mail or phone", 254)),
  password: filled("password").max(PASSWORD_MAX, messages.max("password", PASSWORD_MAX)),
});

const mobile = filled("mobile number").refine(
  (v) => normalizePakPhone(v) !== null,
  messages.invalid("mobile number"),
);
export const otpSendForm = z.object({ phone: mobile });
export const otpLoginForm = z.object({
  phone: mobile,
  otp: filled("code").regex(/^\d{4,8}$/, messages.invalid("code")),
});

export const forgotPasswordForm = z.object({
  email: filled("email").pipe(
    z.email(messages.email("email")).max(254, messages.max("email", 254)),
  ),
});

export const signupForm = z
  .object({
    firstName: filled("first name").max(60, messages.max("first name", 60)),
    lastName: z.string().trim().max(60, messages.max("last name", 60)).optional(),
    email: forgotPasswordForm.shape.email,
    phone: z
      .string()
      .refine((v) => normalizePakPhone(v) !== null, messages.invalid("mobile number"))
      .optional(),
    password: newPassword,
    confirmPassword: confirmation,
  })
  .refine(confirmed, mismatch);

export const resetPasswordForm = z
  .object({ password: newPassword, confirmPassword: confirmation })
  .refine(confirmed, mismatch);

export const changePasswordForm = z
  .object({
    currentPassword: filled("current password").max(
      PASSWORD_MAX,
      messages.max("current password", PASSWORD_MAX),
    ),
    password: newPassword,
    confirmPassword: confirmation,
  })
  .refine(confirmed, mismatch);

/** The first message of a failed form check, for the page's toast. */
export function formError(schema: z.ZodType, values: Record<string, unknown>): string | null {
  const r = schema.safeParse(values);
  return r.success ? null : (r.error.issues[0]?.message ?? messages.invalid("form"));
}
