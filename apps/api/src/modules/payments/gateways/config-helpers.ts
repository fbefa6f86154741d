import { generateKeyPair, randomBytes, randomInt } from "node:crypto";

/** Whether `url` lives on the same origin as `base` (relative sandbox URLs count as ours). */
export function fromHostOf(url: string, base: string): boolean {
  if (base.startsWith("/")) return url.startsWith("/") && !url.startsWith("//");
  try {
    return new URL(url).origin === new URL(base).origin;
  } catch {
    return false;
  }
}

/** A host root without its trailing slash. */
export const withoutSlash = (url: string) => url.replace(/\/$/, "");

/** Random credentials for a sandbox: `n` URL-safe characters, or `n` digits. */
export const randomToken = (n: number) => randomBytes(n).toString("base64url").slice(0, n);
export const randomDigits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join("");

/** An RSA key pair in PEM (SPKI public, PKCS#8 private), made off the main thread. */
export const rsaKeyPair = (bits: number) =>
  new Promise<{ publicKey: string; privateKey: string }>((ok, fail) =>
    generateKeyPair(
      "rsa",
      {
        modulusLength: bits,
        publicKeyEncoding: { type: "spki", format: "pem" },
        privateKeyEncoding: { type: "pkcs8", format: "pem" },
      },
      (e, publicKey, privateKey) => (e ? fail(e) : ok({ publicKey, privateKey })),
    ),
  );

/** Runs `f` once and keeps its result; after a failure, the next call tries again. */
export function memo<T>(f: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => {
    p ??= f().catch((e) => {
      p = undefined;
      throw e;
    });
    return p;
  };
}
