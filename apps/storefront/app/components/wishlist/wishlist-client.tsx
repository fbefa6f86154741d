import { useEffect } from "react";
import { useRootData } from "../../lib/root-data";
import { start } from "./wish-client";

/**
 * The hearts (on product tiles and the product page) are plain buttons written where they stand,
 * `<button type="button" class="heart" data-wish={product id} data-slug={slug}
 * data-variant={chosen variant id}>`: no component, so a page's first load pays for no more than
 * the markup. This part comes with the page's idle-time code (idle-parts.tsx): it loads the
 * list for a signed-in shopper and clears it on sign-out (spec §4); wish-client.ts then answers
 * the hearts' presses and marks the saved products' hearts `aria-pressed`. A press toggles the
 * product (with the chosen variant) in the default list; signed out, it opens the login dialog,
 * and the shopper comes back to the product with it saved.
 */
export function WishlistClient() {
  const signedIn = !!useRootData().viewer;
  useEffect(() => {
    void start(signedIn);
  }, [signedIn]);
  return null;
}
