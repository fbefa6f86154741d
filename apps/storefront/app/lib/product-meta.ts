import type { ProductDetail } from "@maidan/contracts/catalog";
import type { MetaDescriptor } from "react-router";
import { excerpt, pageMeta } from "./seo";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** Title, description, canonical, Open Graph and the JSON-LD of a product page. */
export function productMeta(
  matches: readonly MatchLike[],
  data: {
    product: ProductDetail;
    seo: { url: string; image: string | null; jsonLd: readonly object[] };
  },
): MetaDescriptor[] {
  const { product } = data;
  const { url, image, jsonLd } = data.seo;
  return [
    ...pageMeta(matches, {
      title: product.seoTitle || product.name,
      description: product.seoDescription || excerpt(product.description),
    }),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { property: "product:price:amount", content: String(product.price) },
    { property: "product:price:currency", content: "PKR" },
    // React Router escapes `<` inside these, so product text cannot end the script element.
    ...jsonLd.map((ld) => ({ "script:ld+json": ld })),
  ];
}
