import { LinkPrefetcher } from "./link-prefetcher";
import { ServiceWorker } from "./service-worker";
import { Toaster } from "./toaster";
import { WishlistClient } from "./wishlist/wishlist-client";

/**
 * What the root layout loads once the page is idle (link-prefetch.tsx), in one chunk kept out of
 * first-load JavaScript: link prefetching, the wishlist hearts' state and presses, the toasts'
 * host and the service worker's registration.
 */
export function IdleParts() {
  return (
    <>
      <LinkPrefetcher />
      <WishlistClient />
      <ServiceWorker />
      <Toaster />
    </>
  );
}
