import type { PlaceDeps } from "./place-order.ts";

/**
 * The products whose stock a checkout takes, known without a query: placeOrder prices the cart
 * with `carts.priced` in its transaction and takes stock for exactly those lines and the
 * promotion's gift. `deps` is what to give placeOrder; `products` is read once it has
 * committed (a checkout that fails took nothing, and nobody reads it then).
 */
export function watchStock(deps: PlaceDeps) {
  const products = new Set<string>();
  const priced: PlaceDeps["carts"]["priced"] = async (...args) => {
    const cart = await deps.carts.priced(...args);
    for (const line of cart.items) products.add(line.product._id);
    if (cart.promo?.item) products.add(cart.promo.item.product._id);
    return cart;
  };
  return { deps: { ...deps, carts: { ...deps.carts, priced } }, products };
}
