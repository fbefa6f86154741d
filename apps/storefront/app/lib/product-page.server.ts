import type { ProductCard } from "@maidan/contracts/catalog";
import type { AppServices } from "@maidan/contracts/services";
import { log } from "./log.server";
import { originOf } from "./origin.server";
import { productImageUrl, productJsonLd } from "./product-seo";

const RELATED_COUNT = 8;

/**
 * A product page's data: the product itself is awaited (it is the page), related products are
 * left as a promise so React Router streams them after the first paint (hydrogen's pattern).
 */
export function productPageData(
  catalog: AppServices["catalog"],
  product: NonNullable<Awaited<ReturnType<AppServices["catalog"]["detail"]>>>,
  request: Request,
) {
  const related: Promise<ProductCard[]> = catalog
    .related(product._id, RELATED_COUNT)
    .catch((error: unknown) => {
      log().warn({ err: error }, "storefront: related products could not be loaded");
      return [];
    });
  const origin = originOf(request);
  // Built here so the JSON-LD code stays on the server; meta() only copies it into the head.
  const seo = {
    url: new URL(`/${product.slug}`, origin).toString(),
    image: productImageUrl(origin, product),
    jsonLd: productJsonLd(origin, product),
  };
  return { kind: "product" as const, product, seo, related };
}
