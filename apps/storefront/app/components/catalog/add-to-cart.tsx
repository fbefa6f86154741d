import type { Variant } from "@maidan/contracts/catalog";
import { useFetcher } from "react-router";
import { useFeedback } from "../account/use-feedback";

/**
 * Adds the chosen variant to the cart (the /checkout action, which calls the cart service as
 * POST cart/v2/add does). A quantity beyond stock comes back as the server's message in a toast
 * ("Only 2 left in stock"); the header's cart count follows from the root loader's revalidation.
 */
export function AddToCart({ productId, variant }: { productId: string; variant: Variant | null }) {
  const fetcher = useFetcher<{ ok: boolean; message: string; qty?: number }>();
  useFeedback(fetcher.data);
  const soldOut = variant !== null && variant.stock <= 0;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/checkout" className="add-to-cart-form">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="pid" value={productId} />
      <input type="hidden" name="vid" value={variant?._id ?? ""} />
      <input type="hidden" name="qty" value="1" />
      <button
        type="submit"
        className="button button--primary add-to-cart"
        disabled={!variant || soldOut || busy}
      >
        {soldOut ? "Sold out" : !variant ? "Choose a size" : busy ? "Adding…" : "Add to cart"}
      </button>
    </fetcher.Form>
  );
}
