import type { DbOrTx } from "@maidan/db/database";
import { first, rows } from "@maidan/db/raw-rows";
import { wishlistItems, wishlists } from "@maidan/db/schema-wishlists";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";

export type ListRow = typeof wishlists.$inferSelect;
const one = <T>(r: T[]) => r[0] ?? null;
// Every query names the owner: someone else's list id simply finds nothing.
const owned = (userId: string, id: string) =>
  and(eq(wishlists.userId, userId), eq(wishlists.id, id));

export const listLists = (db: DbOrTx, userId: string) =>
  db
    .select()
    .from(wishlists)
    .where(eq(wishlists.userId, userId))
    .orderBy(desc(wishlists.isDefault), asc(wishlists.createdAt), asc(wishlists.id));

export const findList = (db: DbOrTx, userId: string, id: string) =>
  db.select().from(wishlists).where(owned(userId, id)).then(one);

export const countLists = (db: DbOrTx, userId: string) =>
  db
    .select({ n: count() })
    .from(wishlists)
    .where(eq(wishlists.userId, userId))
    .then((r) => r[0]?.n ?? 0);

export const findDefault = (db: DbOrTx, userId: string) =>
  db
    .select()
    .from(wishlists)
    .where(and(eq(wishlists.userId, userId), eq(wishlists.isDefault, true)))
    .then(one);

/** The default list, made on first use (two first saves at once meet the unique index). */
export async function ensureDefault(db: DbOrTx, userId: string, name: string) {
  await db
    .insert(wishlists)
    .values({ userId, name, isDefault: true })
    .onConflictDoNothing({ target: wishlists.userId, where: sql`${wishlists.isDefault}` });
  const list = await findDefault(db, userId);
  if (!list) throw new Error("wishlists: the default list is missing");
  return list;
}

export const insertList = (db: DbOrTx, userId: string, name: string) =>
  db.insert(wishlists).values({ userId, name }).returning().then(one);

export const renameList = (db: DbOrTx, userId: string, id: string, name: string) =>
  db.update(wishlists).set({ name }).where(owned(userId, id)).returning().then(one);

export const deleteList = (db: DbOrTx, userId: string, id: string) =>
  db
    .delete(wishlists)
    .where(and(owned(userId, id), eq(wishlists.isDefault, false)))
    .returning({ id: wishlists.id })
    .then(one);

/** An item as the pages show it: the product and variant as they are now. */
export type ItemRow = {
  id: string;
  wishlist_id: string;
  product_id: string;
  slug: string;
  name: string;
  img: string | null;
  price: number;
  mrp: number;
  in_stock: boolean;
  variant_id: string | null;
  size: string | null;
  color: string | null;
  v_price: number | null;
  v_mrp: number | null;
  v_stock: number | null;
  price_when_added: number;
  added_at: Date | string;
};

export const itemsOfUser = (db: DbOrTx, userId: string, itemId: string | null = null) =>
  rows<ItemRow>(
    db,
    sql`select i.id, i.wishlist_id, p.id as product_id, p.slug, p.name,
          (select im.url from product_images im where im.product_id = p.id order by im.sort limit 1) as img,
          p.price, p.mrp, p.in_stock, v.id as variant_id, v.size, v.color, v.price as v_price,
          v.mrp as v_mrp, case when v.active then v.stock else 0 end as v_stock,
          i.price_when_added, i.added_at
        from wishlist_items i
        join wishlists w on w.id = i.wishlist_id
        join products p on p.id = i.product_id
        left join variants v on v.id = i.variant_id
        where w.user_id = ${userId} and p.active ${itemId ? sql`and i.id = ${itemId}` : sql``}
        order by i.added_at desc, i.id`,
  );

export const countItems = (db: DbOrTx, listId: string) =>
  db
    .select({ n: count() })
    .from(wishlistItems)
    .where(eq(wishlistItems.wishlistId, listId))
    .then((r) => r[0]?.n ?? 0);

/** The product's price and stock now (the variant's, when one is named and is the product's). */
export const currentOffer = (db: DbOrTx, productId: string, variantId: string | null) =>
  first<{ price: number; in_stock: boolean; variant_ok: boolean }>(
    db,
    sql`select coalesce(v.price, p.price) as price,
          case when ${variantId}::uuid is null then p.in_stock else coalesce(v.active and v.stock > 0, false) end as in_stock,
          (${variantId}::uuid is null or v.id is not null) as variant_ok
        from products p
        left join variants v on v.id = ${variantId}::uuid and v.product_id = p.id and v.active
        where p.id = ${productId} and p.active`,
  );

/** Adds the item; an item already there (same product and variant) is left as it was. */
export const insertItem = (
  db: DbOrTx,
  row: {
    wishlistId: string;
    productId: string;
    variantId: string | null;
    price: number;
    inStock: boolean;
  },
) =>
  db
    .insert(wishlistItems)
    .values({
      wishlistId: row.wishlistId,
      productId: row.productId,
      variantId: row.variantId,
      priceWhenAdded: row.price,
      seenPrice: row.price,
      seenInStock: row.inStock,
    })
    .onConflictDoNothing()
    .returning({ id: wishlistItems.id })
    .then(one);

export const findItem = (db: DbOrTx, listId: string, productId: string, variantId: string | null) =>
  first<{ id: string }>(
    db,
    sql`select id from wishlist_items where wishlist_id = ${listId} and product_id = ${productId}
        and variant_id is not distinct from ${variantId}::uuid`,
  );

export const deleteItem = (db: DbOrTx, listId: string, itemId: string) =>
  db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.wishlistId, listId), eq(wishlistItems.id, itemId)))
    .returning({ id: wishlistItems.id })
    .then(one);

/** Removes every item of the product from the list; how many there were. */
export const deleteProduct = (db: DbOrTx, listId: string, productId: string) =>
  db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.wishlistId, listId), eq(wishlistItems.productId, productId)))
    .returning({ id: wishlistItems.id })
    .then((r) => r.length);

/** Serialises one shopper's wishlist writes (limits are counted, then written). */
export const lockUser = (db: DbOrTx, userId: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtextextended('wishlists:' || ${userId}, 0))`);
