/**
 * SQL fragments of a product listing: the WHERE clause (with one filter left out for its facet),
 * the ORDER BY, and the card columns. Values are always bound parameters.
 */
import type { Sort } from "@maidan/contracts/catalog";
import { type SQL, sql } from "drizzle-orm";

/** A listing's filters after slugs are resolved to ids. `null` id lists match nothing. */
export type ListingFilter = {
  /** The listing's scope (a category page and its descendants); never left out. */
  categoryIds?: string[];
  /** The `subcategory` filter; left out for the subcategory facet. */
  subcategoryIds?: string[];
  brandIds?: string[];
  vendorIds?: string[];
  sizes?: string[];
  colors?: string[];
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  onSale?: boolean;
  /** A `to_tsquery('english', …)` string built by search-query.ts. */
  tsQuery?: string;
  /** Fallback typo match on the whole name (trigram word similarity). */
  fuzzyName?: string;
};

export type FacetKey = "category" | "brand" | "size" | "color" | "price";

const uuids = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::uuid[]`;
const texts = (xs: string[]) =>
  sql`array[${sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]`;

export const tsq = (q: string) => sql`to_tsquery('english', ${q})`;

/** Size, colour and stock are properties of one variant: "M in Black, in stock" is one row. */
function variantCondition(f: ListingFilter, skip?: FacetKey): SQL | undefined {
  const parts: SQL[] = [];
  if (f.sizes?.length && skip !== "size") parts.push(sql`v.size = any(${texts(f.sizes)})`);
  if (f.colors?.length && skip !== "color") parts.push(sql`v.color = any(${texts(f.colors)})`);
  if (f.inStock) parts.push(sql`v.stock > 0`);
  if (!parts.length) return undefined;
  return sql`exists (select 1 from variants v where v.product_id = p.id and v.active and ${sql.join(parts, sql` and `)})`;
}

export function whereClause(f: ListingFilter, skip?: FacetKey): SQL {
  const parts: SQL[] = [sql`p.active`];
  for (const ids of [f.categoryIds, skip === "category" ? undefined : f.subcategoryIds]) {
    if (ids) parts.push(ids.length ? sql`p.category_id = any(${uuids(ids)})` : sql`false`);
  }
  if (f.brandIds && skip !== "brand") {
    parts.push(f.brandIds.length ? sql`p.brand_id = any(${uuids(f.brandIds)})` : sql`false`);
  }
  if (f.vendorIds) {
    parts.push(f.vendorIds.length ? sql`p.vendor_id = any(${uuids(f.vendorIds)})` : sql`false`);
  }
  if (skip !== "price") {
    if (f.minPrice !== undefined) parts.push(sql`p.price >= ${f.minPrice}`);
    if (f.maxPrice !== undefined) parts.push(sql`p.price <= ${f.maxPrice}`);
  }
  if (f.onSale) parts.push(sql`p.price < p.mrp`);
  if (f.tsQuery) parts.push(sql`p.search @@ ${tsq(f.tsQuery)}`);
  if (f.fuzzyName) parts.push(sql`p.name %> ${f.fuzzyName}`);
  const v = variantCondition(f, skip);
  if (v) parts.push(v);
  return sql.join(parts, sql` and `);
}

export function orderBy(sort: Sort, f: ListingFilter): SQL {
  switch (sort) {
    case "relevance":
      if (f.tsQuery) return sql`ts_rank(p.search, ${tsq(f.tsQuery)}) desc, p.sold_count desc, p.id`;
      if (f.fuzzyName) return sql`word_similarity(${f.fuzzyName}, p.name) desc, p.id`;
      return sql`p.sold_count desc, p.created_at desc, p.id`;
    case "newest":
      return sql`p.created_at desc, p.id`;
    case "price-asc":
      return sql`p.price asc, p.id`;
    case "price-desc":
      return sql`p.price desc, p.id`;
    case "best-selling":
      return sql`p.sold_count desc, p.id`;
    case "rating":
      return sql`p.rating_avg_x100 desc, p.rating_count desc, p.id`;
  }
}

/**
 * Whether product `p` has a variant in stock. A scalar subquery with LIMIT, not EXISTS: in a
 * select list or FILTER, EXISTS may be planned as a hashed subplan over the whole variants table.
 */
export const inStockTest = sql`coalesce((select true from variants v
  where v.product_id = p.id and v.active and v.stock > 0 limit 1), false)`;
const inStockOf = sql`${inStockTest} as "inStock"`;

/** The columns of a product card; `p` is products. */
export const cardColumns = sql`p.id as "_id", p.slug, p.name, p.price, p.mrp,
  p.rating_avg_x100 as "ratingX100", p.rating_count as "ratingCount",
  (select b.name from brands b where b.id = p.brand_id) as brand,
  (select i.url from product_images i where i.product_id = p.id order by i.sort limit 1) as img,
  ${inStockOf}`;

export type CardRow = {
  _id: string;
  slug: string;
  name: string;
  price: number;
  mrp: number;
  ratingX100: number;
  ratingCount: number;
  brand: string | null;
  img: string | null;
  inStock: boolean;
};
