/**
 * Accounts (spec §3 User, §6 roles, §7 authentication calls). Request bodies are strict about
 * types and lengths; unknown extra fields are ignored so older mobile apps keep working.
 */
import { z } from "zod";
// First: the schemas below are built as this module loads, in the browser too.
import "./zod-browser.ts";

export const ROLES = ["user", "vendor", "manager", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Spec §6: a user has a role when theirs is at or above the one asked for. */
export function hasRole(userRole: Role | null | undefined, asked: Role): boolean {
  if (!userRole) return false;
  return ROLES.indexOf(userRole) >= ROLES.indexOf(asked);
}

/** `03XXXXXXXXX`, `3XXXXXXXXX`, `+92 3XX…` or `92XXXXXXXXXX` → `92XXXXXXXXXX`; else null. */
export function normalizePakPhone(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "").replace(/^\+/, "");
  if (/^03\d{9}$/.test(digits)) return `92${digits.slice(1)}`;
  if (/^3\d{9}$/.test(digits)) return `92${digits}`;
  if (/^923\d{9}$/.test(digits)) return digits;
  return null;
}

export const PHONE_MESSAGE = "Enter a mobile number like 03001234567";
export const phone = z
  .string()
  .max(20)
  .transform((v, ctx) => {
    const n = normalizePakPhone(v);
    if (!n) {
      ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return n;
  });

export const email = z.string().trim().max(254).pipe(z.email("Invalid email address"));
export const PASSWORD_MIN = 8;
export const password = z
  .string()
  .min(PASSWORD_MIN, `The password field must be at least ${PASSWORD_MIN} characters`)
  .max(128, "The password field may not be greater than 128 characters");
/** Seconds; the cookie's max age. Bounded: a minute to a year. */
export const tokenExpiry = z.coerce.number().int().min(60).max(31_536_000).optional();
export const campaign = z.string().max(100).optional();
/** An invite code (decision 055); the API also reads it from the invite cookie. */
export const referral = z.string().max(40).optional();
const name = z.string().trim().max(60);

export const publicUser = z.object({
  _id: z.string(),
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  /** A number its owner proved with an SMS code (the one that signs in), or null. */
  phone: z.string().nullable(),
  /** A number asked for and waiting for its code (decision 027), or null. */
  phonePending: z.string().nullable(),
  avatar: z.string().nullable(),
  dob: z.string().nullable(),
  gender: z.string().nullable(),
  language: z.string(),
  role: z.enum(ROLES),
  state: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  verified: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** The cart as auth responses carry it (spec §3 Cart); the cart module fills it in. */
export const cartSummary = z
  .object({
    items: z.array(z.unknown()),
    qty: z.number().int(),
    subtotal: z.number().int(),
    total: z.number().int(),
  })
  .loose();
export type CartSummary = z.infer<typeof cartSummary>;

export const localLoginBody = z.object({
  identifier: z.string().trim().max(254).optional(),
  email: z.string().trim().max(254).optional(),
  phone: z.string().max(20).optional(),
  password: z.string().min(1).max(128),
  tokenExpiry,
  campaign,
});
export type LocalLoginBody = z.infer<typeof localLoginBody>;

export const signupBody = z.object({
  firstName: name.min(1, "The first name field is required"),
  lastName: name.default(""),
  email,
  phone: phone.optional(),
  password,
  tokenExpiry,
  campaign,
  referral,
});
export type SignupBody = z.input<typeof signupBody>;

export const otpGenerateBody = z.object({ phone });
const otpCode = z.string().regex(/^\d{4,8}$/, "Invalid Login Details!");
export const otpLoginBody = z.object({ phone, otp: otpCode, tokenExpiry, campaign, referral });
/** POST /users/phone/code: a code to the number the signed-in user wants (it becomes pending). */
export const phoneCodeBody = z.object({ phone });
/** POST /users/phone/confirm: the pending number and its code; then it is the account's. */
export const phoneConfirmBody = z.object({ phone, otp: otpCode });
export type OtpLoginBody = z.input<typeof otpLoginBody>;

/**
 * The `otp_length` setting as codes are made and boxes drawn: 4 to 8 digits (4 is the §5
 * default; the login body accepts 4 to 8).
 */
export const clampOtpLength = (n: number) => Math.min(8, Math.max(4, Math.round(n) || 4));

export const tokenBody = z.object({ token: z.string().min(10).max(500) });
export const facebookLoginBody = z.object({
  accessToken: z.string().min(10).max(2000),
  referral,
});
export const forgotBody = z.object({ email });
export const resetPasswordBody = z.object({ token: z.string().min(10).max(500), password });
export const updatePasswordBody = z.object({
  currentPassword: z.string().min(1).max(128),
  password,
});

/** Profile pictures (PUT /users/avatar): §9 image extensions, size in KB (§5 `size`). */
export const AVATAR_MAX_KB = 512;
export const AVATAR_RULES = `required|image|size:${AVATAR_MAX_KB}`;
/** Where an uploaded avatar is shown from (the /img route). */
export const AVATAR_PATH = /^\/img\/\d+\/avatars\/[a-z0-9-]+\.webp$/;
export const avatarMessages = {
  notImage: "The avatar must be an image: jpg, svg, jpeg, png, bmp or gif",
  tooLarge: `The avatar may not be greater than ${AVATAR_MAX_KB} KB`,
  unreadable:
    "The avatar could not be read as a picture. Please upload a JPG, PNG, GIF or SVG image.",
  dimensions: "The avatar must be between 32 and 4096 pixels on each side",
} as const;

export const GENDERS = ["male", "female", "other"] as const;
export const profileBody = z.object({
  firstName: name.min(1, "The first name field is required"),
  lastName: name.default(""),
  phone: phone.optional().nullable(),
  state: z.string().trim().max(60).optional().nullable(),
  city: z.string().trim().max(60).optional().nullable(),
  zip: z
    .string()
    .trim()
    .regex(/^\d{0,5}$/, "The zip field must be numeric")
    .optional()
    .nullable(),
  avatar: z
    .string()
    .trim()
    .max(500)
    .refine(
      (v) => (/^https:\/\//i.test(v) && URL.canParse(v)) || AVATAR_PATH.test(v),
      "The avatar value is not valid",
    )
    .optional()
    .nullable(),
  gender: z.enum(GENDERS).optional().nullable(),
  dob: z.iso.date().optional().nullable(),
  language: z.enum(["en", "ur"]).optional(),
});
export type ProfileBody = z.input<typeof profileBody>;

export const authResult = z.object({
  status: z.string(),
  token: z.string(),
  user: publicUser,
  cart: cartSummary,
});
export const messageResult = z.object({ status: z.boolean(), message: z.string() });

export const SESSION_COOKIE = "Authorization";
/** Spec §9: one year for social, token and facebook logins; 3600 s after a refresh. */
export const LONG_SESSION_SECONDS = 31_536_000;
export const REFRESHED_SESSION_SECONDS = 3600;
export const DEFAULT_SESSION_SECONDS = 30 * 86_400;

export { safeRedirect } from "./safe-redirect.ts";
