import { createCipheriv, createDecipheriv } from "node:crypto";

/**
 * APG's RequestHash: AES-128-CBC with Key1 as key and Key2 as IV over "k1=v1&k2=v2&..." in form
 * order, base64. Bank Alfalah's own page includes the empty hash field itself in the plaintext;
 * the PHP packages leave it out. We send without it; a verifier accepts both.
 */
export function requestHashPlaintext(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => `${k}=${v}`).join("&");
}

function check(key1: string, key2: string) {
  if (Buffer.byteLength(key1) !== 16 || Buffer.byteLength(key2) !== 16) {
    throw new Error("Alfalah Key1 and Key2 must be 16 characters each");
  }
}

export function requestHash(pairs: [string, string][], key1: string, key2: string): string {
  check(key1, key2);
  const c = createCipheriv("aes-128-cbc", Buffer.from(key1), Buffer.from(key2));
  return Buffer.concat([c.update(requestHashPlaintext(pairs), "utf8"), c.final()]).toString(
    "base64",
  );
}

export function decryptRequestHash(hash: string, key1: string, key2: string): string {
  check(key1, key2);
  const d = createDecipheriv("aes-128-cbc", Buffer.from(key1), Buffer.from(key2));
  return Buffer.concat([d.update(Buffer.from(hash, "base64")), d.final()]).toString("utf8");
}

/**
 * Whether a posted form's RequestHash covers exactly the posted fields: decrypt, then compare
 * the key/value sets, ignoring order and the optional empty hash key.
 */
export function hashMatchesFields(
  fields: Record<string, string>,
  hashField: string,
  key1: string,
  key2: string,
): boolean {
  let plain: string;
  try {
    plain = decryptRequestHash(fields[hashField] ?? "", key1, key2);
  } catch {
    return false;
  }
  const signed = new Map<string, string>();
  for (const part of plain.split("&")) {
    const i = part.indexOf("=");
    if (i < 0) return false;
    const k = part.slice(0, i);
    if (k === hashField) continue;
    signed.set(k, part.slice(i + 1));
  }
  const posted = Object.entries(fields).filter(([k]) => k !== hashField);
  return posted.length === signed.size && posted.every(([k, v]) => signed.get(k) === v);
}
