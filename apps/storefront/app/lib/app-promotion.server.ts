import { readCookie } from "./guest-id.server";

/** Set when a shopper closes the app banner; the banner stays away for half a year. */
const COOKIE = "app_promotion";
const MAX_AGE_SECONDS = 182 * 24 * 60 * 60;

export const DISMISS_APP_PROMOTION = "dismiss-app-promotion";

export const appPromotionDismissed = (request: Request) =>
  readCookie(request.headers.get("cookie"), COOKIE) === "dismissed";

/** The cookie that remembers the dismissal (Secure when the shop is served over https). */
export function dismissAppPromotionCookie(request: Request) {
  const attributes = [
    `${COOKIE}=dismissed`,
    "Path=/",
    `Max-Age=${MAX_AGE_SECONDS}`,
    "SameSite=Lax",
  ];
  if (new URL(request.url).protocol === "https:") attributes.push("Secure");
  return attributes.join("; ");
}
