import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * pp_SecureHash: every non-empty field but pp_SecureHash itself, sorted by field name, values
 * joined with "&" after the integrity salt, HMAC-SHA256 keyed with the same salt, hex. A callback
 * also carries ppmbf_* and whatever else NIFT posts, and all of it is covered (payment-gateways.md
 * §2.5: "recompute the hash over the posted non-empty fields except pp_SecureHash"). Samples
 * differ in case, so we send upper case and compare without regard to case.
 */
export function secureHashText(fields: Record<string, string>, salt: string): string {
  const values = Object.keys(fields)
    .filter((k) => k !== "pp_SecureHash" && fields[k] !== "")
    .sort()
    .map((k) => fields[k]);
  return [salt, ...values].join("&");
}

/**
 * Whether a value can take part in a signed list without making it ambiguous: the list is joined
 * with '&' and carries no field names, so a value holding '&' (or the '=' of a re-encoded pair)
 * could be read back as several fields (decision 022).
 */
export const unambiguous = (value: string) => !/[&=]/.test(value);

export const secureHash = (fields: Record<string, string>, salt: string) =>
  createHmac("sha256", salt).update(secureHashText(fields, salt)).digest("hex").toUpperCase();

export function secureHashMatches(fields: Record<string, string>, salt: string): boolean {
  const got = Buffer.from((fields.pp_SecureHash ?? "").toUpperCase());
  const want = Buffer.from(secureHash(fields, salt));
  return got.length === want.length && timingSafeEqual(got, want);
}
