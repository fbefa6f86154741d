import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Our payment reference, as every gateway sees it: "MP" + 14 characters of [0-9A-Z]. It fits
 * NIFT's 20-character pp_TxnRefNo and the URL-safe ids in Easypaisa's and Alfalah's IPN URLs.
 */
export function newReference(): string {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const bytes = randomBytes(14);
  return `MP${Array.from(bytes, (b) => alphabet[b % 36]).join("")}`;
}

export const REFERENCE = /^MP[0-9A-Z]{14}$/;

/** A secret for a URL the gateway sends the shopper back to: 256 bits, URL-safe. */
export const newUrlToken = () => randomBytes(32).toString("base64url");
export const URL_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** Whether `token` is the one whose hash was kept (constant time over the hashes). */
export function tokenMatches(token: string | null | undefined, hash: string | null): boolean {
  if (!token || !hash || !URL_TOKEN.test(token)) return false;
  const a = Buffer.from(tokenHash(token));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
}
