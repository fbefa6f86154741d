import type { DbOrTx } from "@maidan/db/database";
import { categories, products, vendors } from "@maidan/db/schema-catalog";
import { asc, count, eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

/** `3 products (Red shoe, Blue shoe, …)`: what still uses a record, named. */
const named = (n: number, noun: string, names: string[]) =>
  `${n} ${noun}${n === 1 ? "" : "s"} (${names.join(", ")}${n > names.length ? ", …" : ""})`;

/** The products pointing at a record through `column`, named, or null when none. */
export async function productsOf(tx: DbOrTx, column: AnyPgColumn, id: string) {
  const [total] = await tx.select({ n: count() }).from(products).where(eq(column, id));
  if (!total?.n) return null;
  const some = await tx
    .select({ name: products.name })
    .from(products)
    .where(eq(column, id))
    .orderBy(asc(products.name))
    .limit(3);
  return named(
    total.n,
    "product",
    some.map((p) => p.name),
  );
}

/** A category's subcategories, named, or null when none. */
export async function childrenOf(tx: DbOrTx, id: string) {
  const kids = await tx
    .select({ name: categories.name })
    .from(categories)
    .where(eq(categories.parentId, id))
    .orderBy(asc(categories.name));
  return kids.length
    ? named(
        kids.length,
        "subcategory",
        kids.slice(0, 3).map((k) => k.name),
      )
    : null;
}

/** Rows of `from` by `column`'s value (products per category, subcategories per parent). */
export async function countBy(db: DbOrTx, column: AnyPgColumn, from: PgTable = products) {
  const rows = await db.select({ id: column, n: count() }).from(from).groupBy(column);
  return new Map(rows.map((r) => [String(r.id), r.n]));
}

/** Every category's id and parent: a move must not go under itself. */
export const categoryParents = (db: DbOrTx) =>
  db.select({ id: categories.id, parentId: categories.parentId }).from(categories);

const ownStoreColumns = {
  _id: vendors.id,
  name: vendors.name,
  slug: vendors.slug,
  description: vendors.description,
  ownerId: vendors.ownerId,
};

export const storesOwnedBy = (db: DbOrTx, ownerId: string) =>
  db
    .select(ownStoreColumns)
    .from(vendors)
    .where(eq(vendors.ownerId, ownerId))
    .orderBy(asc(vendors.name));

export const lockStore = (tx: DbOrTx, id: string) =>
  tx
    .select(ownStoreColumns)
    .from(vendors)
    .where(eq(vendors.id, id))
    .for("update")
    .then((r) => r[0] ?? null);

export const setStoreDescription = (tx: DbOrTx, id: string, description: string | null) =>
  tx.update(vendors).set({ description }).where(eq(vendors.id, id));
