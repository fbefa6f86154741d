import type { DbOrTx } from "@maidan/db/database";
import { hotRows } from "@maidan/db/prepared";
import { first } from "@maidan/db/raw-rows";
import { products, variants } from "@maidan/db/schema-catalog";
import { eq, inArray, sql } from "drizzle-orm";

/** The slug and in-stock flag (kept by the variants trigger, decision 008) of these products. */
export const productsInStock = (db: DbOrTx, ids: string[]) =>
  db
    .select({ id: products.id, slug: products.slug, inStock: products.inStock })
    .from(products)
    .where(inArray(products.id, ids));

/** A uuid[] parameter as one array literal, so a prepared statement's text never varies. */
const uuids = (ids: Iterable<string>) => `{${[...new Set(ids)].join(",")}}`;

/**
 * Stock writes follow one lock order (decision 029): the products' rows first, all of them, in
 * id order, and only then their variants. A variant's stock, its product's `sold_count` and the
 * copies the variants trigger keeps on the product (`in_stock`) are then written under a product
 * lock the transaction already holds, so two checkouts (or a checkout and a cancellation) of one
 * product wait for each other instead of each holding what the other needs.
 */
export async function lockProducts(tx: DbOrTx, productIds: Iterable<string>) {
  await hotRows(
    tx,
    "stock_lock_products",
    sql`select id from products where id = any(${uuids(productIds)}::uuid[])
      order by id for no key update`,
  );
}

/** The same lock, for the products of these orders' items (cancellations, released holds). */
export async function lockProductsOfOrders(tx: DbOrTx, orderIds: Iterable<string>) {
  await hotRows(
    tx,
    "stock_lock_order_products",
    sql`select id from products where id in (
        select product_id from order_items where order_id = any(${uuids(orderIds)}::uuid[]))
      order by id for no key update`,
  );
}

/**
 * Takes `qty` units if that many are left, counting the sale on the product in the same
 * statement; false (nothing changed) otherwise. The product must be locked already.
 */
export async function takeStock(tx: DbOrTx, variantId: string, qty: number) {
  const r = await hotRows(
    tx,
    "checkout_take_stock",
    sql`with taken as (
      update variants set stock = stock - ${qty}
      where id = ${variantId} and stock >= ${qty} and active returning product_id)
    update products set sold_count = greatest(0, sold_count + ${qty})
    from taken where products.id = taken.product_id returning products.id`,
  );
  return r.length === 1;
}

export const stockLeft = (tx: DbOrTx, variantId: string) =>
  tx
    .select({ stock: variants.stock })
    .from(variants)
    .where(eq(variants.id, variantId))
    .then((r) => r[0]?.stock ?? 0);

/**
 * Gives units back to their variants and takes them off their products' sales, in variant-id
 * order, after locking the products (lockProducts); for a batch of orders, the caller locks
 * every product of the batch first (lockProductsOfOrders).
 */
export async function returnStock(
  tx: DbOrTx,
  lines: { variantId: string; productId: string | null; qty: number }[],
) {
  await lockProducts(
    tx,
    lines.flatMap((l) => (l.productId ? [l.productId] : [])),
  );
  for (const l of [...lines].sort((a, b) => (a.variantId < b.variantId ? -1 : 1))) {
    await tx.execute(sql`update variants set stock = stock + ${l.qty} where id = ${l.variantId}`);
    if (l.productId)
      await tx.execute(
        sql`update products set sold_count = greatest(0, sold_count - ${l.qty}) where id = ${l.productId}`,
      );
  }
}

/**
 * A staff adjustment of one variant, its product locked already (lockProducts): `add` units
 * (negative to take), or `set` the figure counted. One statement, so a figure never goes below
 * zero; null when it would (nothing changed) or the variant is gone. Returns the figure before
 * and after.
 */
export async function adjustStock(
  tx: DbOrTx,
  variantId: string,
  change: { add: number } | { set: number },
) {
  type Figures = { before: number; after: number };
  return "add" in change
    ? first<Figures>(
        tx,
        sql`update variants set stock = stock + ${change.add}
          where id = ${variantId} and stock + ${change.add} >= 0
          returning stock - ${change.add} as before, stock as after`,
      )
    : first<Figures>(
        tx,
        sql`update variants v set stock = ${change.set}
          from (select id, stock from variants where id = ${variantId}) old
          where v.id = old.id returning old.stock as before, v.stock as after`,
      );
}
