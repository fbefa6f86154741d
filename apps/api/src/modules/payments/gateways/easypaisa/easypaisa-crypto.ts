import { createCipheriv, createDecipheriv } from "node:crypto";

/**
 * Easypay's `merchantHashedReq` (integration guide §5): the request's fields sorted by name,
 * empty ones left out, joined `k=v&k=v`, AES/ECB/PKCS5 with the merchant hash key, base64.
 */
export function hashedRequestPlaintext(fields: Record<string, string | undefined>): string {
  return Object.keys(fields)
    .filter((k) => k !== "merchantHashedReq" && fields[k] !== undefined && fields[k] !== "")
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("&");
}

function cipherName(key: string) {
  const bytes = Buffer.byteLength(key);
  if (bytes !== 16 && bytes !== 24 && bytes !== 32) {
    throw new Error("Easypaisa hash key must be 16, 24 or 32 characters");
  }
  return `aes-${bytes * 8}-ecb`;
}

export function encryptEcb(plaintext: string, key: string): string {
  const c = createCipheriv(cipherName(key), Buffer.from(key), null);
  return Buffer.concat([c.update(plaintext, "utf8"), c.final()]).toString("base64");
}

/** Throws on a wrong key or tampered text (the padding check fails or the text is garbage). */
export function decryptEcb(base64: string, key: string): string {
  const d = createDecipheriv(cipherName(key), Buffer.from(key), null);
  return Buffer.concat([d.update(Buffer.from(base64, "base64")), d.final()]).toString("utf8");
}

export const merchantHashedReq = (fields: Record<string, string | undefined>, key: string) =>
  encryptEcb(hashedRequestPlaintext(fields), key);
