import type { RouterContextProvider } from "react-router";
import { viewerContext } from "../context";
import { cartOwner } from "./cart.server";
import { readGuestId } from "./guest-id.server";
import { notificationsOwner } from "./notifications.server";
import type { PersonalParts } from "./personal";
import { services, settledOr } from "./services.server";

/**
 * The parts of every page that belong to the visitor: who is signed in, their cart's units and
 * unread notifications. The root loader renders them into a page; `/account/me` answers them
 * alone for a page that came from the shared cache (decision 069). Each part may fail: it is
 * then logged and left out, as the root loader always did.
 */
export async function personalParts(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<PersonalParts> {
  const viewer = context.get(viewerContext);
  // Nobody yet (no session, no guest cookie): an empty cart, no query for it.
  const anonymous = viewer === null && readGuestId(request) === null;
  const notified = notificationsOwner(request, viewer);
  const [cart, unread] = await Promise.allSettled([
    anonymous ? null : services(context).carts.get(cartOwner(context)),
    // §4: only with an Authorization cookie; §8: a failure is only logged.
    notified ? services(context).notifications.unreadCount(notified) : null,
  ]);
  return {
    anonymous,
    viewer: viewer && {
      name: viewer.name,
      role: viewer.role,
      zipcode: viewer.zipcode ?? null,
      city: viewer.city ?? null,
    },
    cartQty: settledOr(cart, null, "cart")?.qty ?? 0,
    unread: settledOr(unread, null, "notifications") ?? 0,
  };
}
