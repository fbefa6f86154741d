import type { Sort } from "@maidan/contracts/catalog";
import type { DbOrTx } from "@maidan/db/database";
import { sql } from "drizzle-orm";
import {
  type CardRow,
  cardColumns,
  inStockTest,
  type ListingFilter,
  orderBy,
  tsq,
  whereClause,
} from "./listing-sql.ts";

const rows = async <T>(db: DbOrTx, query: ReturnType<typeof sql>) =>
  (await db.execute(query)).rows as T[];

export const listCards = (
  db: DbOrTx,
  f: ListingFilter,
  sort: Sort,
  limit: number,
  offset: number,
) =>
  rows<CardRow>(
    db,
    sql`select ${cardColumns} from products p where ${whereClause(f)}
        order by ${orderBy(sort, f)} limit ${limit} offset ${offset}`,
  );

export const countListing = async (db: DbOrTx, f: ListingFilter) => {
  const [r] = await rows<{ total: number; onSale: number; inStock: number }>(
    db,
    sql`select count(*)::int as total,
          count(*) filter (where p.price < p.mrp)::int as "onSale",
          count(*) filter (where ${inStockTest})::int as "inStock"
        from products p where ${whereClause(f)}`,
  );
  return r ?? { total: 0, onSale: 0, inStock: 0 };
};

export const countByCategory = (db: DbOrTx, f: ListingFilter) =>
  rows<{ id: string; count: number }>(
    db,
    sql`select p.category_id as id, count(*)::int as count from products p
        where ${whereClause(f, "category")} group by p.category_id`,
  );

export const countByBrand = (db: DbOrTx, f: ListingFilter) =>
  rows<{ id: string; count: number }>(
    db,
    sql`select p.brand_id as id, count(*)::int as count from products p
        where ${whereClause(f, "brand")} and p.brand_id is not null group by p.brand_id`,
  );

export const countByVariant = (db: DbOrTx, f: ListingFilter, key: "size" | "color") => {
  const col = key === "size" ? sql`v.size` : sql`v.color`;
  return rows<{ value: string; count: number }>(
    db,
    sql`select ${col} as value, count(distinct p.id)::int as count
        from products p join variants v on v.product_id = p.id and v.active
        where ${whereClause(f, key)} and ${col} is not null group by ${col}`,
  );
};

export const priceRange = async (db: DbOrTx, f: ListingFilter) => {
  const [r] = await rows<{ min: number | null; max: number | null }>(
    db,
    sql`select min(p.price)::int as min, max(p.price)::int as max from products p
        where ${whereClause(f, "price")}`,
  );
  return { min: r?.min ?? 0, max: r?.max ?? 0 };
};

export const findProduct = async (db: DbOrTx, slug: string) => {
  const [p] = await rows<
    CardRow & {
      description: string;
      specs: Record<string, string>;
      tags: string[];
      createdAt: Date | string;
      categoryId: string;
      brandSlug: string | null;
      vendorId: string;
      vendorSlug: string;
      vendorName: string;
    }
  >(
    db,
    sql`select ${cardColumns}, p.description, p.specs, p.tags, p.created_at as "createdAt",
          p.category_id as "categoryId", b.slug as "brandSlug",
          ve.id as "vendorId", ve.slug as "vendorSlug", ve.name as "vendorName"
        from products p
        left join brands b on b.id = p.brand_id
        join vendors ve on ve.id = p.vendor_id
        where p.slug = ${slug} and p.active`,
  );
  if (!p) return null;
  const [variants, images] = await Promise.all([
    rows<{
      _id: string;
      sku: string;
      size: string | null;
      color: string | null;
      price: number;
      mrp: number;
      stock: number;
    }>(
      db,
      sql`select id as "_id", sku, size, color, price, mrp, stock from variants
          where product_id = ${p._id} and active order by sort, sku`,
    ),
    rows<{ url: string; alt: string; width: number; height: number }>(
      db,
      sql`select url, alt, width, height from product_images where product_id = ${p._id}
          order by sort`,
    ),
  ]);
  return { ...p, variants, images };
};

export const relatedCards = (db: DbOrTx, productId: string, categoryId: string, limit: number) =>
  rows<CardRow>(
    db,
    sql`select ${cardColumns} from products p
        where p.active and p.category_id = ${categoryId} and p.id <> ${productId}
        order by p.sold_count desc, p.id limit ${limit}`,
  );

export const findCategoryIdOfProduct = async (db: DbOrTx, productId: string) => {
  const [r] = await rows<{ categoryId: string }>(
    db,
    sql`select category_id as "categoryId" from products where id = ${productId} and active`,
  );
  return r?.categoryId ?? null;
};

/** Active categories with the number of active products directly in each (index-only). */
export const listCategories = (db: DbOrTx) =>
  rows<{
    id: string;
    slug: string;
    name: string;
    image: string | null;
    description: string | null;
    parentId: string | null;
    direct: number;
  }>(
    db,
    sql`select c.id, c.slug, c.name, c.image, c.description, c.parent_id as "parentId",
          coalesce(n.count, 0)::int as direct
        from categories c
        left join (select category_id, count(*) as count from products where active
                   group by category_id) n on n.category_id = c.id
        where c.active order by c.sort, c.name`,
  );

export const listBrands = (db: DbOrTx) =>
  rows<{
    _id: string;
    slug: string;
    name: string;
    logo: string | null;
    description: string | null;
    productCount: number;
  }>(
    db,
    sql`select b.id as "_id", b.slug, b.name, b.logo, b.description,
          coalesce(n.count, 0)::int as "productCount"
        from brands b
        left join (select brand_id, count(*) as count from products where active
                   group by brand_id) n on n.brand_id = b.id
        where b.active order by b.sort, b.name`,
  );

export const listVendors = (db: DbOrTx) =>
  rows<{
    _id: string;
    slug: string;
    name: string;
    description: string | null;
    logo: string | null;
    banner: string | null;
    city: string | null;
    productCount: number;
  }>(
    db,
    sql`select ve.id as "_id", ve.slug, ve.name, ve.description, ve.logo, ve.banner, ve.city,
          coalesce(n.count, 0)::int as "productCount"
        from vendors ve
        left join (select vendor_id, count(*) as count from products where active
                   group by vendor_id) n on n.vendor_id = ve.id
        where ve.active order by ve.name`,
  );

/** Per query word, the closest vocabulary word (itself when known), or null. */
export const closestTerms = async (db: DbOrTx, tokens: string[]) => {
  if (!tokens.length) return new Map<string, string | null>();
  const r = await rows<{ token: string; term: string | null }>(
    db,
    sql`select t.token, (select s.term from search_terms s where s.term % t.token
          order by similarity(s.term, t.token) desc, s.weight desc, s.term limit 1) as term
        from unnest(${sql`array[${sql.join(
          tokens.map((t) => sql`${t}`),
          sql`, `,
        )}]::text[]`}) as t(token)`,
  );
  return new Map(r.map((x) => [x.token, x.term]));
};

/** Vocabulary words like `token`, most similar first (for "did you mean"). */
export const similarTerms = (db: DbOrTx, token: string, limit: number) =>
  rows<{ term: string }>(
    db,
    sql`select term from search_terms where term % ${token}
        order by similarity(term, ${token}) desc, weight desc, term limit ${limit}`,
  ).then((r) => r.map((x) => x.term));

/** Vocabulary words starting with `prefix`, commonest first (header suggestions). */
export const termsWithPrefix = (db: DbOrTx, prefix: string, limit: number) =>
  rows<{ term: string }>(
    db,
    sql`select term from search_terms where term like ${`${prefix.replace(/[\\%_]/g, "")}%`}
        order by weight desc, term limit ${limit}`,
  ).then((r) => r.map((x) => x.term));

export const searchCount = async (db: DbOrTx, tsQuery: string) => {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from products p where p.active and p.search @@ ${tsq(tsQuery)}`,
  );
  return r?.n ?? 0;
};

/**
 * Rebuilds the vocabulary from product names, categories, brands and the synonym keys. A full
 * pass, run only when the catalogue changes (never per request).
 */
export const rebuildSearchTerms = (db: DbOrTx, extra: string[]) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_terms`);
    await tx.execute(sql`insert into search_terms (term, weight)
      select w, count(*)::int from (
        select regexp_split_to_table(lower(name), '[^a-z0-9]+') as w from products where active
        union all select regexp_split_to_table(lower(name), '[^a-z0-9]+') from categories where active
        union all select regexp_split_to_table(lower(name), '[^a-z0-9]+') from brands where active
      ) words where length(w) >= 3 group by w
      on conflict (term) do nothing`);
    if (extra.length) {
      await tx.execute(sql`insert into search_terms (term, weight)
        select unnest(${sql`array[${sql.join(
          extra.map((t) => sql`${t}`),
          sql`, `,
        )}]::text[]`}), 0 on conflict (term) do nothing`);
    }
  });

export const countSearchTerms = async (db: DbOrTx) => {
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from search_terms`);
  return r?.n ?? 0;
};

export const countActiveProducts = async (db: DbOrTx) => {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from products where active`,
  );
  return r?.n ?? 0;
};

/** One sitemap file's worth of product slugs, oldest first so pages stay stable as products are added. */
export const productSlugs = (db: DbOrTx, offset: number, limit: number) =>
  rows<{ slug: string; updatedAt: Date | string }>(
    db,
    sql`select slug, updated_at as "updatedAt" from products where active
        order by created_at, id limit ${limit} offset ${offset}`,
  );
