import { Form } from "react-router";

/**
 * "Add to cart" on a listing tile. The tile knows only the product: the server adds it when it
 * has a single variant, and otherwise (or when it cannot) opens the product page to choose.
 * With scripts the post runs beside the page (`navigate={false}`): the listing stays, and the
 * header's and tab bar's counts (live regions) follow. Without, it opens the cart. Kept to plain
 * markup on purpose: listings are at the 120 KB first-load budget.
 */
export function TileAddToCart({
  product,
}: {
  product: { _id: string; slug: string; name: string };
}) {
  return (
    <Form method="post" action="/checkout" navigate={false} className="product-tile__add">
      <input type="hidden" name="intent" value="quick-add" />
      <input type="hidden" name="pid" value={product._id} />
      <input type="hidden" name="slug" value={product.slug} />
      <button
        type="submit"
        className="button product-tile__add-button"
        aria-label={`Add to cart: ${product.name}`}
      >
        Add to cart
      </button>
    </Form>
  );
}
