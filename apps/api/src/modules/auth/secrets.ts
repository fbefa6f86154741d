import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** A random URL-safe token for links (verify, reset, token login): 256 bits. */
export const newLinkToken = () => randomBytes(32).toString("base64url");

/** Link tokens are long and random, so a plain SHA-256 is enough to keep them unreadable at rest. */
export const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A numeric code of `length` digits from a CSPRNG, leading zeros kept. */
export const newOtpCode = (length: number) =>
  Array.from({ length }, () => String(randomInt(10))).join("");

/**
 * A short code has few possible values, so a plain hash could be reversed by trying them all; a
 * keyed hash (HMAC with the server secret) cannot be without the key.
 */
export const hashOtp = (secret: string, phone: string, code: string) =>
  createHmac("sha256", secret).update(`${phone}:${code}`).digest("hex");

const HEX = /^[0-9a-f]*$/i;

export function sameHash(a: string, b: string) {
  // Buffer.from(…, "hex") stops at the first non-hex character: "ab12x" would equal "ab12".
  if (a.length !== b.length || !HEX.test(a) || !HEX.test(b)) return false;
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}
