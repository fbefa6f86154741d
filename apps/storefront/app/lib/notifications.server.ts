import type { Viewer } from "../context";
import { readCookie } from "./guest-id.server";

/**
 * Spec §4: notifications are fetched only when an `Authorization` cookie exists and is not the
 * null value (a logged-out client may have left the literal "null" behind).
 */
export function hasAuthorizationCookie(request: Request): boolean {
  const token = readCookie(request.headers.get("cookie"), "Authorization");
  return Boolean(token) && token !== "null" && token !== "undefined";
}

/** Whose notifications to fetch for this request, or null (§4's rule, and a signed-in viewer). */
export const notificationsOwner = (request: Request, viewer: Viewer | null) =>
  viewer && hasAuthorizationCookie(request) ? viewer.id : null;
