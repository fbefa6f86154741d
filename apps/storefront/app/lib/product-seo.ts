import type { ProductDetail } from "@maidan/contracts/catalog";
import type { PublicReview } from "@maidan/contracts/reviews";
import { categoryCrumbs } from "./category-crumbs";
import { shareImageUrl } from "./listing-seo";

/** Absolute address on the shop's origin. */
export const absolute = (origin: string, path: string) => new URL(path, origin).toString();

/** The picture crawlers and share previews get: the first image as an 800 px JPEG. */
export function productImageUrl(origin: string, product: ProductDetail): string | null {
  const first = product.images[0]?.url ?? product.img;
  return first ? shareImageUrl(origin, first) : null;
}

/**
 * schema.org `Product` with one `Offer` per variant (PKR, availability from its stock) and the
 * `BreadcrumbList`, as JSON-LD. Prices are whole rupees.
 */
export function productJsonLd(
  origin: string,
  product: ProductDetail,
  reviews: PublicReview[] = [],
) {
  const url = absolute(origin, `/${product.slug}`);
  const image = productImageUrl(origin, product);
  const offer = (price: number, stock: number, sku?: string) => ({
    "@type": "Offer",
    url,
    ...(sku ? { sku } : {}),
    price: String(price),
    priceCurrency: "PKR",
    availability: stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    itemCondition: "https://schema.org/NewCondition",
    seller: { "@type": "Organization", name: product.vendor.name },
  });
  const offers =
    product.variants.length > 0
      ? product.variants.map((v) => offer(v.price, v.stock, v.sku))
      : [offer(product.price, product.stock)];
  const productLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    url,
    sku: product.variants[0]?.sku ?? product._id,
    ...(image ? { image: [image] } : {}),
    ...(product.brandRef ? { brand: { "@type": "Brand", name: product.brandRef.name } } : {}),
    ...(product.ratingCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating,
            ratingCount: product.ratingCount,
            ...(reviews.length > 0 ? { reviewCount: product.ratingCount } : {}),
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    // The page's first published reviews, as shown on it (decision 051).
    ...(reviews.length > 0
      ? {
          review: reviews.map((r) => ({
            "@type": "Review",
            author: { "@type": "Person", name: r.author },
            datePublished: r.createdAt.slice(0, 10),
            name: r.title,
            reviewBody: r.text,
            reviewRating: {
              "@type": "Rating",
              ratingValue: r.rating,
              bestRating: 5,
              worstRating: 1,
            },
          })),
        }
      : {}),
    offers,
  };
  const crumbs = [{ name: "Home", path: "/" }, ...categoryCrumbs(product)];
  const breadcrumbLd = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [...crumbs, { name: product.name, path: `/${product.slug}` }].map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: absolute(origin, c.path),
    })),
  };
  return [productLd, breadcrumbLd] as const;
}
