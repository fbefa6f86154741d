import type { ProductStatus } from "@maidan/contracts/admin-products";
import type { DbOrTx } from "@maidan/db/database";
import { first, rows } from "@maidan/db/raw-rows";
import { sql } from "drizzle-orm";

/*
 * The back-office's SQL over the catalogue's tables (decision 060). `owner`: a vendor's user id,
 * which narrows every read and lock to the products of the stores that user owns; null for
 * managers and admins.
 */

const ownedBy = (owner: string | null) =>
  owner ? sql`and p.vendor_id in (select id from vendors where owner_id = ${owner})` : sql``;

/** A search text as an `ilike` pattern (its wildcards escaped), or null for none. */
const likeOf = (q: string | undefined) => (q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null);

export type ListRow = {
  id: string;
  slug: string;
  name: string;
  status: ProductStatus;
  img: string | null;
  price: number;
  mrp: number;
  stock: number;
  variant_count: number;
  vendor: string;
  updated_at: Date | string;
  total: number;
};

export const listProducts = (
  db: DbOrTx,
  f: { q?: string; status?: ProductStatus; owner: string | null; limit: number; offset: number },
) => {
  const like = likeOf(f.q);
  return rows<ListRow>(
    db,
    sql`select p.id, p.slug, p.name, p.status, p.price, p.mrp, ve.name as vendor, p.updated_at,
          (select url from product_images i where i.product_id = p.id order by sort limit 1) as img,
          (select coalesce(sum(stock), 0)::int from variants v where v.product_id = p.id and v.active) as stock,
          (select count(*)::int from variants v where v.product_id = p.id and v.active) as variant_count,
          count(*) over ()::int as total
        from products p join vendors ve on ve.id = p.vendor_id
        where true ${ownedBy(f.owner)}
          ${f.status ? sql`and p.status = ${f.status}` : sql``}
          ${
            like
              ? sql`and (p.name ilike ${like} or p.slug ilike ${like} or exists (
                  select 1 from variants v where v.product_id = p.id and v.sku ilike ${like}))`
              : sql``
          }
        order by p.updated_at desc, p.id limit ${f.limit} offset ${f.offset}`,
  );
};

export type PickRow = {
  id: string;
  name: string;
  vendor: string;
  variants: { id: string; sku: string; size: string | null; color: string | null; price: number }[];
};

/**
 * Products to choose in a form (decision 064), every store's: those matching `q` by name, address
 * or SKU, or those whose id (or one of whose variants' id) is in `ids`; by name.
 */
export const pickProducts = (db: DbOrTx, f: { q?: string; ids?: string[]; limit: number }) => {
  const like = likeOf(f.q);
  const ids = f.ids ?? [];
  return rows<PickRow>(
    db,
    sql`select p.id, p.name, ve.name as vendor,
          coalesce((select json_agg(json_build_object('id', v.id, 'sku', v.sku, 'size', v.size,
            'color', v.color, 'price', v.price) order by v.sku)
            from variants v where v.product_id = p.id), '[]') as variants
        from products p join vendors ve on ve.id = p.vendor_id
        where ${
          like
            ? sql`(p.name ilike ${like} or p.slug ilike ${like} or exists (
                select 1 from variants v where v.product_id = p.id and v.sku ilike ${like}))`
            : sql`(p.id = any(${sql.param(ids)}::uuid[]) or exists (
                select 1 from variants v where v.product_id = p.id and v.id = any(${sql.param(ids)}::uuid[])))`
        }
        order by p.name, p.id limit ${f.limit}`,
  );
};

export type ProductRow = {
  id: string;
  slug: string;
  name: string;
  description: string;
  status: ProductStatus;
  category_id: string;
  brand_id: string | null;
  vendor_id: string;
  keywords: string[];
  synonyms: string[];
  seo_title: string | null;
  seo_description: string | null;
  updated_at: Date | string;
};

const productColumns = sql`p.id, p.slug, p.name, p.description, p.status, p.category_id,
  p.brand_id, p.vendor_id, p.keywords, p.synonyms, p.seo_title, p.seo_description, p.updated_at`;

export const productById = (db: DbOrTx, id: string, owner: string | null) =>
  first<ProductRow>(
    db,
    sql`select ${productColumns} from products p where p.id = ${id} ${ownedBy(owner)}`,
  );

/**
 * The product's row locked for the change (decision 029's order: products first), so a save,
 * an image change or a stock adjustment waits for a checkout of it, and the other way round.
 */
export const lockProduct = (tx: DbOrTx, id: string, owner: string | null) =>
  first<ProductRow>(
    tx,
    sql`select ${productColumns} from products p where p.id = ${id} ${ownedBy(owner)}
        for no key update`,
  );

export type VariantRow = {
  id: string;
  sku: string;
  size: string | null;
  color: string | null;
  price: number;
  mrp: number;
  stock: number;
};

export const variantsOf = (db: DbOrTx, productId: string) =>
  rows<VariantRow>(
    db,
    sql`select id, sku, size, color, price, mrp, stock from variants
        where product_id = ${productId} and active order by sort, sku`,
  );

export type ImageRow = { id: string; url: string; alt: string; sort: number };

export const imagesOf = (db: DbOrTx, productId: string) =>
  rows<ImageRow>(
    db,
    sql`select id, url, alt, sort from product_images where product_id = ${productId}
        order by sort, id`,
  );

export const hasOrders = async (db: DbOrTx, productId: string) =>
  (await first(db, sql`select 1 from order_items where product_id = ${productId} limit 1`)) !==
  null;

/** Another product with this slug, if any. */
export const slugTaken = (db: DbOrTx, slug: string, exceptId: string | null) =>
  first<{ id: string; name: string }>(
    db,
    sql`select id, name from products where slug = ${slug}
        ${exceptId ? sql`and id <> ${exceptId}` : sql``}`,
  );

/** Variants of other products (or other variants of this one) holding one of these SKUs. */
export const skusTaken = (
  db: DbOrTx,
  skus: { sku: string; exceptVariantId: string | null }[],
  productId: string | null,
) =>
  skus.length === 0
    ? Promise.resolve([])
    : rows<{ sku: string; product_id: string; product_name: string; same: boolean }>(
        db,
        sql`select v.sku, p.id as product_id, p.name as product_name,
              ${productId ? sql`p.id = ${productId}` : sql`false`} as same
            from variants v join products p on p.id = v.product_id
            join unnest(${sql`array[${sql.join(
              skus.map((s) => sql`${s.sku}`),
              sql`, `,
            )}]::text[]`}, ${sql`array[${sql.join(
              skus.map((s) => sql`${s.exceptVariantId ?? "00000000-0000-0000-0000-000000000000"}`),
              sql`, `,
            )}]::uuid[]`}) as w(sku, except_id) on lower(v.sku) = lower(w.sku) and v.id <> w.except_id`,
      );

export type ProductWrite = {
  slug: string;
  name: string;
  description: string;
  status: ProductStatus;
  categoryId: string;
  brandId: string | null;
  vendorId: string;
  keywords: string[];
  synonyms: string[];
  seoTitle: string | null;
  seoDescription: string | null;
};

const textArray = (xs: string[]) =>
  xs.length
    ? sql`array[${sql.join(
        xs.map((x) => sql`${x}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

/** A new product; its price follows its variants (setPriceFromVariants). */
export const insertProduct = async (tx: DbOrTx, p: ProductWrite) =>
  (
    await first<{ id: string }>(
      tx,
      sql`insert into products (slug, name, description, status, active, category_id, brand_id,
            vendor_id, keywords, synonyms, seo_title, seo_description, price, mrp)
          values (${p.slug}, ${p.name}, ${p.description}, ${p.status}, ${p.status === "active"},
            ${p.categoryId}, ${p.brandId}, ${p.vendorId}, ${textArray(p.keywords)},
            ${textArray(p.synonyms)}, ${p.seoTitle}, ${p.seoDescription}, 0, 0)
          returning id`,
    )
  )?.id as string;

export const updateProduct = (tx: DbOrTx, id: string, p: ProductWrite) =>
  tx.execute(
    sql`update products set slug = ${p.slug}, name = ${p.name}, description = ${p.description},
          status = ${p.status}, active = ${p.status === "active"}, category_id = ${p.categoryId},
          brand_id = ${p.brandId}, vendor_id = ${p.vendorId}, keywords = ${textArray(p.keywords)},
          synonyms = ${textArray(p.synonyms)}, seo_title = ${p.seoTitle},
          seo_description = ${p.seoDescription}, updated_at = now()
        where id = ${id}`,
  );

export const setStatus = (tx: DbOrTx, id: string, status: ProductStatus) =>
  tx.execute(
    sql`update products set status = ${status}, active = ${status === "active"},
          updated_at = now() where id = ${id}`,
  );

export const touchProduct = (tx: DbOrTx, id: string) =>
  tx.execute(sql`update products set updated_at = now() where id = ${id}`);

/**
 * New variants of a product in one statement, each with its `initial` stock history entry
 * (written by `actorId`); nothing for an empty list.
 */
export const insertNewVariants = async (
  tx: DbOrTx,
  productId: string,
  actorId: string,
  list: {
    sku: string;
    size: string | null;
    color: string | null;
    price: number;
    mrp: number;
    stock: number;
    sort: number;
  }[],
) => {
  if (list.length === 0) return;
  await tx.execute(
    sql`with v as (
          insert into variants (product_id, sku, size, color, price, mrp, stock, sort)
          select ${productId}, x.sku, x.size, x.color, x.price, x.mrp, x.stock, x.sort
          from jsonb_to_recordset(${JSON.stringify(list)}::jsonb)
            as x(sku text, size text, color text, price int, mrp int, stock int, sort int)
          order by x.sort
          returning id, stock)
        insert into stock_adjustments (variant_id, product_id, actor_id, reason, delta, stock_after)
        select v.id, ${productId}, ${actorId}, 'initial', v.stock, v.stock from v`,
  );
};

/** Changes a variant's description and price (never its stock); false when not this product's. */
export const updateVariant = async (
  tx: DbOrTx,
  productId: string,
  id: string,
  v: {
    sku: string;
    size: string | null;
    color: string | null;
    price: number;
    mrp: number;
    sort: number;
  },
) =>
  (await first(
    tx,
    sql`update variants set sku = ${v.sku}, size = ${v.size}, color = ${v.color},
          price = ${v.price}, mrp = ${v.mrp}, sort = ${v.sort}, active = true
        where id = ${id} and product_id = ${productId} returning id`,
  )) !== null;

/**
 * Variants left out of a save: deleted when no order names them, else switched off (their SKU
 * stays taken, for the orders' sake).
 */
export const dropVariantsExcept = async (tx: DbOrTx, productId: string, keep: string[]) => {
  const kept = keep.length
    ? sql`and id <> all(${sql`array[${sql.join(
        keep.map((k) => sql`${k}`),
        sql`, `,
      )}]::uuid[]`})`
    : sql``;
  await tx.execute(
    sql`update variants set active = false where product_id = ${productId} ${kept}
        and exists (select 1 from order_items o where o.variant_id = variants.id)`,
  );
  await tx.execute(
    sql`delete from variants where product_id = ${productId} ${kept}
        and not exists (select 1 from order_items o where o.variant_id = variants.id)`,
  );
};

/** The product's price and mrp: its cheapest active variant's (the listings sort by them). */
export const setPriceFromVariants = (tx: DbOrTx, productId: string) =>
  tx.execute(
    sql`update products p set price = v.price, mrp = v.mrp
        from (select price, mrp from variants where product_id = ${productId} and active
              order by price, mrp limit 1) v
        where p.id = ${productId}`,
  );

export const deleteProduct = (tx: DbOrTx, id: string) =>
  tx.execute(sql`delete from products where id = ${id}`);

// Images.

export const insertImage = async (
  tx: DbOrTx,
  productId: string,
  img: { url: string; alt: string; width: number; height: number },
) =>
  (
    await first<{ id: string }>(
      tx,
      sql`insert into product_images (product_id, url, alt, width, height, sort)
          values (${productId}, ${img.url}, ${img.alt}, ${img.width}, ${img.height},
            (select coalesce(max(sort) + 1, 0) from product_images where product_id = ${productId}))
          returning id`,
    )
  )?.id as string;

export const setImageAlt = async (tx: DbOrTx, productId: string, imageId: string, alt: string) =>
  (await first(
    tx,
    sql`update product_images set alt = ${alt} where id = ${imageId} and product_id = ${productId}
        returning id`,
  )) !== null;

export const setImageSort = (tx: DbOrTx, productId: string, imageId: string, sort: number) =>
  tx.execute(
    sql`update product_images set sort = ${sort} where id = ${imageId} and product_id = ${productId}`,
  );

export const deleteImage = (tx: DbOrTx, productId: string, imageId: string) =>
  first<{ url: string }>(
    tx,
    sql`delete from product_images where id = ${imageId} and product_id = ${productId}
        returning url`,
  );

// Stock.

export type VariantScope = {
  id: string;
  sku: string;
  product_id: string;
  product_name: string;
  stock: number;
};

/** A variant with its product, when the caller may see it. */
export const variantById = (db: DbOrTx, id: string, owner: string | null) =>
  first<VariantScope>(
    db,
    sql`select v.id, v.sku, v.product_id, p.name as product_name, v.stock
        from variants v join products p on p.id = v.product_id
        where v.id = ${id} ${ownedBy(owner)}`,
  );

export const insertAdjustment = (
  tx: DbOrTx,
  a: {
    variantId: string;
    productId: string;
    actorId: string | null;
    reason: string;
    delta: number;
    stockAfter: number;
    note: string | null;
  },
) =>
  tx.execute(
    sql`insert into stock_adjustments (variant_id, product_id, actor_id, reason, delta,
          stock_after, note)
        values (${a.variantId}, ${a.productId}, ${a.actorId}, ${a.reason}, ${a.delta},
          ${a.stockAfter}, ${a.note})`,
  );

export const adjustmentsOf = (db: DbOrTx, variantId: string) =>
  rows<{
    created_at: Date | string;
    reason: string;
    delta: number;
    stock_after: number;
    note: string | null;
    actor: string | null;
  }>(
    db,
    sql`select a.created_at, a.reason, a.delta, a.stock_after, a.note,
          coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as actor
        from stock_adjustments a left join users u on u.id = a.actor_id
        where a.variant_id = ${variantId} order by a.created_at desc, a.id limit 200`,
  );

export const lowStock = (
  db: DbOrTx,
  f: { threshold: number; owner: string | null; limit: number; offset: number },
) =>
  rows<{
    id: string;
    sku: string;
    size: string | null;
    color: string | null;
    stock: number;
    product_id: string;
    product_name: string;
    status: ProductStatus;
    total: number;
  }>(
    db,
    sql`select v.id, v.sku, v.size, v.color, v.stock, p.id as product_id,
          p.name as product_name, p.status, count(*) over ()::int as total
        from variants v join products p on p.id = v.product_id
        where v.active and p.status <> 'archived' and v.stock <= ${f.threshold} ${ownedBy(f.owner)}
        order by v.stock, p.name, v.sku limit ${f.limit} offset ${f.offset}`,
  );

// The editor's lists.

export const ownedVendors = (db: DbOrTx, owner: string | null) =>
  rows<{ id: string; name: string }>(
    db,
    sql`select id, name from vendors ${owner ? sql`where owner_id = ${owner}` : sql``}
        order by name`,
  );

export const categoryOptions = (db: DbOrTx) =>
  rows<{ id: string; name: string }>(
    db,
    sql`with recursive t as (
          select id, name::text as path from categories where parent_id is null
          union all select c.id, t.path || ' › ' || c.name from categories c join t on c.parent_id = t.id)
        select id, path as name from t order by path`,
  );

export const brandOptions = (db: DbOrTx) =>
  rows<{ id: string; name: string }>(db, sql`select id, name from brands order by name`);

export const exists = async (db: DbOrTx, table: "categories" | "brands", id: string) =>
  (await first(db, sql`select 1 from ${sql.identifier(table)} where id = ${id}`)) !== null;
