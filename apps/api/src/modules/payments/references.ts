import { randomBytes } from "node:crypto";

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
