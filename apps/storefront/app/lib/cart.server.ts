import type { CartOwner } from "@maidan/contracts/cart";
import type { RouterContextProvider } from "react-router";
import { guestIdContext, viewerContext } from "../context";

/** Whose cart a page request is about: the signed-in user, else the `guest` cookie's visitor. */
export function cartOwner(context: Readonly<RouterContextProvider>): CartOwner {
  const viewer = context.get(viewerContext);
  return { userId: viewer?.id ?? null, guestId: context.get(guestIdContext) };
}
