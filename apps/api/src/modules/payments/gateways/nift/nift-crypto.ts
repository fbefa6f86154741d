import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * pp_SecureHash: the non-empty pp_* and ppmpf_* values sorted by field name, joined with "&"
 * after the integrity salt, HMAC-SHA256 keyed with the same salt, hex. Samples differ in case,
 * so we send upper case and compare without regard to case.
 */
export function secureHashText(fields: Record<string, string>, salt: string): string {
  const values = Object.keys(fields)
    .filter((k) => /^(pp_|ppmpf_)/.test(k) && k !== "pp_SecureHash" && fields[k] !== "")
    .sort()
    .map((k) => fields[k]);
  return [salt, ...values].join("&");
}

export const secureHash = (fields: Record<string, string>, salt: string) =>
  createHmac("sha256", salt).update(secureHashText(fields, salt)).digest("hex").toUpperCase();

export function secureHashMatches(fields: Record<string, string>, salt: string): boolean {
  const got = Buffer.from((fields.pp_SecureHash ?? "").toUpperCase());
  const want = Buffer.from(secureHash(fields, salt));
  return got.length === want.length && timingSafeEqual(got, want);
}
