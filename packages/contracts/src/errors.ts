import { z } from "zod";

/** Every error body the API sends (spec §8: message plus status, and the code it came from). */
export const errorBody = z.object({
  message: z.string(),
  status: z.number().int(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Spec §8, word for word. */
export const INVALID_LOGIN_MESSAGE = "Invalid Login Details!";

/**
 * Every failure a domain reports, with the HTTP status it answers and the message it carries when
 * the thrower gives none. The API's error handler and the storefront's error adapter read this
 * table; a domain throws `new AppError(code, message?)` and never chooses a status.
 */
export const ERRORS = {
  BAD_REQUEST: { status: 400, message: "Bad Request" },
  VALIDATION: { status: 400, message: "Invalid request" },
  BAD_VALUE: {
    status: 400,
    message: "The request contains characters or values that cannot be accepted",
  },
  TOKEN_INVALID: { status: 400, message: "This link is invalid or has expired." },
  WRONG_PASSWORD: { status: 400, message: INVALID_LOGIN_MESSAGE },
  INVALID_CODE: { status: 400, message: INVALID_LOGIN_MESSAGE },
  OAUTH_STATE: { status: 400, message: "Facebook login failed. Please try again." },
  AVATAR_INVALID: { status: 400, message: "The avatar value is not valid" },
  /** A list's page link (a keyset cursor, decision 054) that is broken or another sort's. */
  PAGE_LINK_INVALID: {
    status: 400,
    message:
      "This page link is broken or belongs to another sort. Start again from the first page.",
  },
  PHOTO_INVALID: { status: 400, message: "A photo must be a JPG, PNG, GIF or WebP picture" },
  GATEWAY_DISABLED: {
    status: 400,
    message: "This payment method is switched off at this shop. Please choose another one.",
  },
  UNAUTHORIZED: { status: 401, message: "Please log in to continue." },
  TOKEN_EXPIRED: { status: 401, message: "jwt expired" },
  SESSION_EXPIRED: { status: 401, message: "Session expired. Please log in again." },
  INVALID_LOGIN: { status: 401, message: INVALID_LOGIN_MESSAGE },
  LOGIN_LINK_INVALID: { status: 401, message: "This link is invalid or has expired." },
  OAUTH_FAILED: { status: 401, message: "Facebook login failed. Please try again." },
  FORBIDDEN: { status: 403, message: "You do not have access to this." },
  NOT_FOUND: { status: 404, message: "Not Found" },
  CONFLICT: { status: 409, message: "Conflict" },
  OUT_OF_STOCK: { status: 409, message: "Sorry, this item is out of stock." },
  IN_PROGRESS: {
    status: 409,
    message: "This order is already being placed. Please wait a moment.",
  },
  VOUCHER_USED_UP: { status: 409, message: "This voucher has been used up" },
  OAUTH_UNVERIFIED: {
    status: 409,
    message:
      "An account with this e-mail exists but is not confirmed yet. Log in with its password, or confirm the e-mail first.",
  },
  AVATAR_TOO_LARGE: { status: 413, message: "The picture is too large" },
  PHOTO_TOO_LARGE: { status: 413, message: "The photo is too large" },
  BODY_TOO_LARGE: { status: 413, message: "Request body is too large" },
  IDEMPOTENCY_MISMATCH: {
    status: 422,
    message: "This Idempotency-Key was already used for a different order request.",
  },
  RATE_LIMITED: { status: 429, message: "Too many requests. Please try again later." },
  TOO_MANY_CODES: { status: 429, message: "Too many codes requested. Please try again later." },
  TOO_MANY_ATTEMPTS: {
    status: 429,
    message: "Too many wrong codes. Use the link in the SMS or call us.",
  },
  TOO_MANY_ORDERS: { status: 429, message: "Too many orders are waiting for confirmation." },
  INTERNAL: { status: 500, message: "Internal Server Error" },
  SERVICE_UNAVAILABLE: { status: 503, message: "Service temporarily unavailable" },
  SMS_FAILED: {
    status: 503,
    message: "We could not send the SMS just now. Please try again in a few minutes.",
  },
  MEDIA_UNAVAILABLE: {
    status: 503,
    message: "Pictures cannot be reached right now. Please try again in a moment.",
  },
  GATEWAY_UNAVAILABLE: {
    status: 503,
    message: "The payment gateway is not answering right now. Please try again in a few minutes.",
  },
  PAYMENTS_UNAVAILABLE: {
    status: 503,
    message: "Online payment is not available yet. Please choose cash on delivery.",
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** A failure the client caused or may see: a code from the table, and the shopper's sentence. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  constructor(code: ErrorCode, message: string = ERRORS[code].message) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = ERRORS[code].status;
  }
}

/** The body an AppError answers with. */
export const errorBodyOf = (error: AppError): ErrorBody => ({
  message: error.message,
  status: error.status,
  code: error.code,
});

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === "string" && Object.hasOwn(ERRORS, value);

/**
 * An AppError, also one made by another copy of this module (the storefront's development server
 * loads its own), recognised by its name and a code of the table.
 */
export function isAppError(error: unknown): error is AppError {
  if (error instanceof AppError) return true;
  if (!(error instanceof Error) || error.name !== "AppError") return false;
  const { code, status } = error as { code?: unknown; status?: unknown };
  return isErrorCode(code) && status === ERRORS[code].status;
}

/**
 * Connection failures of a dependency: Node's socket errors and PostgreSQL's "cannot connect now"
 * classes (57P01 admin shutdown, 57P03 starting up, 08xxx connection exceptions).
 */
const DOWN_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "57P01", "57P03", "08006", "08001"]);
const DOWN_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect)/;

/**
 * The database (or a service it depends on) cannot be reached: a 503 code of the table, or a
 * connection failure here or in a cause (Drizzle wraps the driver's error).
 */
export function isUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  if (isAppError(error)) return error.status === 503;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  return (
    (typeof code === "string" && DOWN_CODES.has(code)) ||
    (typeof message === "string" && DOWN_MESSAGES.test(message)) ||
    isUnavailable(cause, depth + 1)
  );
}
