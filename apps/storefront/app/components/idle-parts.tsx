import { LinkPrefetcher } from "./link-prefetcher";
import { WishlistClient } from "./wishlist/wishlist-client";

/**
 * What the root layout loads once the page is idle (link-prefetch.tsx), in one chunk kept out of
 * first-load JavaScript: link prefetching, and the wishlist hearts' state and presses.
 */
export function IdleParts() {
  return (
    <>
      <LinkPrefetcher />
      <WishlistClient />
    </>
  );
}
