import type { CartSummary } from "@maidan/contracts/auth";

/**
 * Empty cart until the cart module (#5) lands. Auth responses carry `cart` (spec §7); the cart
 * module replaces this with the shopper's cart, merged with the guest cart on login.
 */
export function emptyCartUntilCartModule(): CartSummary {
  return {
    items: [],
    qty: 0,
    subtotal: 0,
    discountedSubtotal: 0,
    oldSubtotal: 0,
    discount: 0,
    total: 0,
    cod: true,
    couponDiscount: 0,
    promotionDiscount: 0,
    shipping: 0,
  };
}
