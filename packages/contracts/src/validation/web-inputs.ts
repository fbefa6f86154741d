import { INVALID_EMAIL, INVALID_URL } from "./messages.ts";
import { isEmail, isURL } from "./validator-lib.ts";

/**
 * Spec §5/§9 e-mail and URL checks. validator.js enforces the §9 limits itself: isEmail caps the
 * local part at 64, the domain at 254 and each label at 63; isURL checks the port is 1–65535.
 */

// §5: a 2 to 24 character top-level domain (isEmail only asks for at least 2).
const TLD_MAX = 24;
// §9: "URL under 2083 characters".
export const URL_MAX_LENGTH = 2082;

export function isShopEmail(value: string): boolean {
  if (!isEmail(value)) return false;
  const tld = value.slice(value.lastIndexOf(".") + 1);
  return tld.length >= 2 && tld.length <= TLD_MAX;
}

export function isShopUrl(value: string, { requireProtocol = true } = {}): boolean {
  return isURL(value, {
    protocols: ["http", "https"],
    require_protocol: requireProtocol,
    require_valid_protocol: true,
    require_tld: true,
    max_allowed_length: URL_MAX_LENGTH,
  });
}

/** Dialog inputs (spec §5): the message for a value typed into an email or url input, or null. */
export function dialogInputError(type: "email" | "url", value: string): string | null {
  if (type === "email") return isShopEmail(value.trim()) ? null : INVALID_EMAIL;
  return isShopUrl(value.trim()) ? null : INVALID_URL;
}
