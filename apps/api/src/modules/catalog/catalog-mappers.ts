import type { ProductCard, ProductDetail } from "@maidan/contracts/catalog";
import { COLORS } from "@maidan/db/seed/catalog-data";
import type { findProduct } from "./catalog.repository.ts";
import type { CardRow } from "./listing-sql.ts";

export const discountOf = (price: number, mrp: number) =>
  mrp > price && mrp > 0 ? Math.round(((mrp - price) / mrp) * 100) : 0;

export const hexOf = (color: string) => (COLORS as Record<string, string>)[color] ?? null;

export const toCard = (r: CardRow): ProductCard => ({
  _id: r._id,
  slug: r.slug,
  name: r.name,
  img: r.img,
  price: r.price,
  mrp: r.mrp,
  discount: discountOf(r.price, r.mrp),
  brand: r.brand,
  inStock: r.inStock,
  rating: Math.round(r.ratingX100 / 10) / 10,
  ratingCount: r.ratingCount,
});

type Found = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

export function toDetail(
  p: Found,
  category: { breadcrumbs: ProductDetail["breadcrumbs"] },
): ProductDetail {
  const unique = <T>(xs: (T | null)[]) => [...new Set(xs.filter((x): x is T => x !== null))];
  const own = category.breadcrumbs.at(-1) ?? { slug: "", name: "" };
  return {
    ...toCard(p),
    description: p.description,
    specs: p.specs,
    tags: p.tags,
    images: p.images,
    stock: p.variants.reduce((n, v) => n + v.stock, 0),
    variants: p.variants,
    sizes: unique(p.variants.map((v) => v.size)),
    colors: unique(p.variants.map((v) => v.color)).map((name) => ({ name, hex: hexOf(name) })),
    brandRef: p.brand && p.brandSlug ? { slug: p.brandSlug, name: p.brand } : null,
    vendor: { _id: p.vendorId, slug: p.vendorSlug, name: p.vendorName },
    category: own,
    breadcrumbs: category.breadcrumbs,
    createdAt: new Date(p.createdAt).toISOString(),
    seoTitle: p.seoTitle,
    seoDescription: p.seoDescription,
  };
}
