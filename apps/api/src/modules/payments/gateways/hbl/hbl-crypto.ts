import { constants, createPublicKey, privateDecrypt, publicEncrypt } from "node:crypto";

const PAD = constants.RSA_PKCS1_PADDING;

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

/**
 * HBLPay v1 request encryption: every scalar value except USER_ID is RSA-PKCS#1 v1.5 encrypted
 * with HBL's public key and base64'd, recursively through objects and arrays.
 */
export function encryptValues(value: Json, hblPublicKey: string, key = ""): Json {
  if (Array.isArray(value)) return value.map((v) => encryptValues(v, hblPublicKey));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, encryptValues(v, hblPublicKey, k)]),
    );
  }
  if (key === "USER_ID" || value === null) return value;
  return publicEncrypt({ key: hblPublicKey, padding: PAD }, Buffer.from(String(value))).toString(
    "base64",
  );
}

/**
 * The gateway's side (our sandbox): undo encryptValues with HBL's private key. OpenSSL's implicit
 * rejection turns a block encrypted to another key into random bytes rather than an error, so a
 * value that is not clean text counts as a decryption failure, as it does at HBL.
 */
export function decryptValues(value: Json, hblPrivateKey: string, key = ""): Json {
  if (Array.isArray(value)) return value.map((v) => decryptValues(v, hblPrivateKey));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, decryptValues(v, hblPrivateKey, k)]),
    );
  }
  if (key === "USER_ID" || value === null) return value;
  if (typeof value !== "string") throw new Error(`${key} is not encrypted`);
  const text = privateDecrypt(
    { key: hblPrivateKey, padding: PAD },
    Buffer.from(value, "base64"),
  ).toString();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we look for
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/.test(text))
    throw new Error(`${key} does not decrypt`);
  return text;
}

const modulusBytes = (pem: string) => {
  const bits = createPublicKey(pem).asymmetricKeyDetails?.modulusLength;
  if (!bits) throw new Error("not an RSA key");
  return bits / 8;
};

/**
 * The callback's `data`: the response query string RSA-encrypted with the merchant's public key,
 * in blocks (a 4096-bit key takes at most 501 bytes of plaintext per 512-byte block), base64.
 */
export function encryptCallback(plaintext: string, merchantPublicKey: string): string {
  const size = modulusBytes(merchantPublicKey);
  const chunk = size - 11;
  const bytes = Buffer.from(plaintext);
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) {
    out.push(publicEncrypt({ key: merchantPublicKey, padding: PAD }, bytes.subarray(i, i + chunk)));
  }
  return Buffer.concat(out).toString("base64");
}

/** Split into modulus-sized blocks (512 bytes for RSA-4096), decrypt each, concatenate. */
export function decryptCallback(data: string, merchantPrivateKey: string): string {
  const size = modulusBytes(merchantPrivateKey);
  const bytes = Buffer.from(data, "base64");
  if (bytes.length === 0 || bytes.length % size !== 0) throw new Error("bad block length");
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) {
    out.push(
      privateDecrypt({ key: merchantPrivateKey, padding: PAD }, bytes.subarray(i, i + size)),
    );
  }
  return Buffer.concat(out).toString("utf8");
}
