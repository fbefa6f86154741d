import type { Variant } from "@maidan/contracts/catalog";

/**
 * The cart issue (#5) replaces `addToCart` with its real action (POST cart/v2/add, spec §7).
 * Until then the button says honestly that ordering is not open and cannot be pressed.
 */
export const addToCart: ((variant: Variant, qty: number) => Promise<void>) | null = null;

export function AddToCart({ variant }: { variant: Variant | null }) {
  const soldOut = variant !== null && variant.stock <= 0;
  const label = !addToCart ? "Ordering online opens soon" : soldOut ? "Sold out" : "Add to cart";
  return (
    <button
      type="button"
      className="button button--primary add-to-cart"
      disabled={!addToCart || !variant || soldOut}
      onClick={() => variant && addToCart?.(variant, 1)}
    >
      {label}
    </button>
  );
}
