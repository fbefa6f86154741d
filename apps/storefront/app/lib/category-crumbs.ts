import type { ProductDetail } from "@maidan/contracts/catalog";

/** The product's categories as links: `/{root}`, then `/{root}/{child}` (spec §2 category routes). */
export function categoryCrumbs(product: Pick<ProductDetail, "breadcrumbs">) {
  const root = product.breadcrumbs[0];
  return product.breadcrumbs.map((c, i) => ({
    name: c.name,
    path: i === 0 || !root ? `/${c.slug}` : `/${root.slug}/${c.slug}`,
  }));
}
