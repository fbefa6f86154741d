import type { ProductCard } from "@maidan/contracts/catalog";
import type { ProductReviews as Reviews } from "@maidan/contracts/reviews";
import { Suspense } from "react";
import { Await } from "react-router";
import ProductCarousel from "../carousel/product-carousel";
import { ProductReviews } from "./product-reviews";

type Props = {
  productId: string;
  reviews: Reviews;
  related: Promise<ProductCard[]>;
  shown: { src: string; sizes: string } | undefined;
};

/**
 * What a product page shows below its description, as one chunk fetched after the first paint
 * (decision 051): the reviews, then related products. The server renders both into the page's
 * HTML; the browser keeps that HTML until this code arrives.
 */
export default function ProductMore({ productId, reviews, related, shown }: Props) {
  return (
    <>
      <ProductReviews productId={productId} initial={reviews} />
      <section className="product-view__related" aria-labelledby="related-heading">
        <h2 id="related-heading">You may also like</h2>
        <Suspense fallback={<p className="empty-note">Loading related products…</p>}>
          <Await
            resolve={related}
            errorElement={<p className="empty-note">No related products right now.</p>}
          >
            {(items) => (
              <ProductCarousel
                products={items}
                labelledBy="related-heading"
                empty="No related products right now."
                shown={shown}
              />
            )}
          </Await>
        </Suspense>
      </section>
    </>
  );
}
