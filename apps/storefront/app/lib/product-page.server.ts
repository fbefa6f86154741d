import type { ProductCard } from "@maidan/contracts/catalog";
import { type ProductReviews, REVIEW_PAGE_SIZE } from "@maidan/contracts/reviews";
import type { AppServices } from "@maidan/contracts/services";
import { log } from "./log.server";
import { originOf } from "./origin.server";
import { productImageUrl, productJsonLd } from "./product-seo";

const RELATED_COUNT = 8;
const NO_REVIEWS: ProductReviews = {
  summary: { average: 0, count: 0, distribution: [0, 0, 0, 0, 0] },
  reviews: [],
  total: 0,
  page: 1,
  pageSize: REVIEW_PAGE_SIZE,
  sort: "newest",
};

/**
 * A product page's data: the product itself is awaited (it is the page), related products are
 * left as a promise so React Router streams them after the first paint (hydrogen's pattern).
 */
export async function productPageData(
  { catalog, reviews: reviewsService }: Pick<AppServices, "catalog" | "reviews">,
  product: NonNullable<Awaited<ReturnType<AppServices["catalog"]["detail"]>>>,
  request: Request,
) {
  const related: Promise<ProductCard[]> = catalog
    .related(product._id, RELATED_COUNT)
    .catch((error: unknown) => {
      log().warn({ err: error }, "storefront: related products could not be loaded");
      return [];
    });
  // The first page of reviews is the page's (its HTML and JSON-LD); the rest load in the browser.
  // Read without the viewer, so every visitor's copy is the same (the page cache keeps one).
  const reviews = await reviewsService.ofProduct(product._id, {}, null).catch((error: unknown) => {
    log().warn({ err: error }, "storefront: reviews could not be loaded");
    return NO_REVIEWS;
  });
  const origin = originOf(request);
  // Built here so the JSON-LD code stays on the server; meta() only copies it into the head.
  const seo = {
    url: new URL(`/${product.slug}`, origin).toString(),
    image: productImageUrl(origin, product),
    jsonLd: productJsonLd(origin, product, reviews.reviews),
  };
  return { kind: "product" as const, product, seo, related, reviews };
}
