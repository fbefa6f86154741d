/**
 * What the storefront may call on the auth service in-process (AppServices["auth"]). Inputs are
 * the raw form values; the service validates them with the schemas of ./auth.ts.
 */
import type { CartSummary, PublicUser, Role } from "./auth.ts";

export type ViewerUser = {
  id: string;
  role: Role;
  name: string;
  firstName: string;
  email: string | null;
  phone: string | null;
  /** Spec §3 auth state `zipcode`: the profile's postal code, or null. */
  zipcode?: string | null;
  /** The profile's city, or null: the product page's delivery line names it. */
  city?: string | null;
};

/** Who is asking: the signed-in user (or null) and the anonymous `guest` cookie's id. */
export type Viewer = { user: ViewerUser | null; guestId: string | null };

/** A new session: the spec's response fields plus the Set-Cookie value to send. */
export type SessionResult = {
  token: string;
  user: PublicUser;
  cart: CartSummary;
  maxAge: number;
  setCookie: string;
};

export type StatusMessage = { status: boolean | string; message: string };
export type OutboxMessage = {
  id: string;
  channel: "sms" | "email";
  recipient: string;
  subject: string | null;
  body: string;
  /** An e-mail's HTML part (null for SMS). */
  html: string | null;
  createdAt: string;
};

export type AuthService = {
  viewerFromRequest(request: Request): Promise<Viewer>;
  /** The viewer, refreshing an expired token first (spec §4); `setCookie` must reach the browser. */
  sessionFromRequest(request: Request): Promise<{ viewer: Viewer; setCookie: string | null }>;
  /** `guestId`: the visitor's guest cart is merged into the user's cart (cart module, #5). */
  passwordLogin(input: unknown, ip: string, guestId?: string | null): Promise<SessionResult>;
  signup(input: unknown, guestId?: string | null): Promise<SessionResult>;
  otpGenerate(input: unknown, ip: string): Promise<StatusMessage>;
  otpLogin(input: unknown, guestId?: string | null): Promise<SessionResult>;
  tokenLogin(token: string, guestId?: string | null): Promise<SessionResult>;
  verifyEmail(token: string): Promise<StatusMessage>;
  forgot(input: unknown, ip: string): Promise<StatusMessage>;
  checkResetToken(token: string): Promise<StatusMessage>;
  resetPassword(input: unknown): Promise<StatusMessage>;
  me(userId: string): Promise<PublicUser>;
  /** `ip`: a new phone is texted a code, under the OTP limits per number and per address. */
  updateProfile(userId: string, input: unknown, ip: string): Promise<PublicUser>;
  /** A code to `{phone}`, which becomes the pending number (decision 027). */
  requestPhoneCode(userId: string, input: unknown, ip: string): Promise<PublicUser>;
  /** `{phone, otp}`: the pending number becomes the account's. */
  confirmPhone(userId: string, input: unknown): Promise<PublicUser>;
  /** A new profile picture (§9 image rules); 400/413 {message,status} when it is refused. */
  setAvatar(
    userId: string,
    file: { name: string; type: string; bytes: Uint8Array },
  ): Promise<PublicUser>;
  changePassword(userId: string, input: unknown): Promise<SessionResult>;
  /** Ends the session of this token only; the user's other devices stay signed in (043). */
  logout(token: string | null): Promise<{ setCookie: string; cart: CartSummary }>;
  /** Ends every session of the user on every device ("Log out of all devices"). */
  logoutAll(userId: string): Promise<{ setCookie: string; cart: CartSummary }>;
  /** Dev outbox messages, newest first; null when the outbox is not readable (production). */
  outbox(recipient?: string): Promise<OutboxMessage[] | null>;
  /** Whether /dev/outbox shows the messages (development, the demo shop; decision 042). */
  outboxReadable(): boolean;
};
