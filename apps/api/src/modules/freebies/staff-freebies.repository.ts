import type { DbOrTx } from "@maidan/db/database";
import { rows } from "@maidan/db/raw-rows";
import { freebieItems, freebies } from "@maidan/db/schema-freebies";
import { desc, eq, sql } from "drizzle-orm";

/** The back-office's reads and writes of freebie campaigns (the shop reads freebies.repository.ts). */
export type CampaignRow = typeof freebies.$inferSelect & { products: string[] };
export type CampaignTerms = Omit<typeof freebies.$inferInsert, "id" | "createdAt">;

const productSlugs = sql<string[]>`coalesce((select array_agg(p.slug order by i.sort, p.slug)
  from freebie_items i join products p on p.id = i.product_id where i.freebie_id = "freebies"."id"), '{}')`;

export const listAll = (db: DbOrTx, limit: number): Promise<CampaignRow[]> =>
  db
    .select({ f: freebies, products: productSlugs })
    .from(freebies)
    .orderBy(desc(freebies.createdAt))
    .limit(limit)
    .then((r) => r.map(({ f, products }) => ({ ...f, products })));

export const findForUpdate = async (db: DbOrTx, id: string): Promise<CampaignRow | null> => {
  const f = (await db.select().from(freebies).where(eq(freebies.id, id)).for("update"))[0];
  if (!f) return null;
  return { ...f, products: await slugsOf(db, id) };
};

export const findById = async (db: DbOrTx, id: string): Promise<CampaignRow | null> => {
  const f = (await db.select().from(freebies).where(eq(freebies.id, id)))[0];
  if (!f) return null;
  return { ...f, products: await slugsOf(db, id) };
};

const slugsOf = async (db: DbOrTx, id: string) =>
  (
    await rows<{ slug: string }>(
      db,
      sql`select p.slug from freebie_items i join products p on p.id = i.product_id
        where i.freebie_id = ${id} order by i.sort, p.slug`,
    )
  ).map((r) => r.slug);

/** The products named by slug or id, in the order given; the names that match none are `missing`. */
export async function productsNamed(db: DbOrTx, names: string[]) {
  const found = await rows<{ id: string; slug: string }>(
    db,
    sql`select id, slug from products
      where slug = any(${sql.param(names)}::text[]) or id::text = any(${sql.param(names)}::text[])`,
  );
  const ids: string[] = [];
  const missing: string[] = [];
  for (const n of names) {
    const p = found.find((f) => f.slug === n || f.id === n);
    if (!p) missing.push(n);
    else if (!ids.includes(p.id)) ids.push(p.id);
  }
  return { ids, missing };
}

/** Null when the slug is taken (nothing written). */
export const insert = async (db: DbOrTx, c: CampaignTerms) =>
  (
    await db.insert(freebies).values(c).onConflictDoNothing({ target: freebies.slug }).returning()
  )[0] ?? null;

/** Null when the new slug is another campaign's (nothing written: the caller rolls back). */
export const update = async (db: DbOrTx, id: string, c: Partial<CampaignTerms>) => {
  try {
    return (await db.update(freebies).set(c).where(eq(freebies.id, id)).returning())[0] ?? null;
  } catch (e) {
    const code =
      (e as { code?: string; cause?: { code?: string } }).code ??
      (e as { cause?: { code?: string } }).cause?.code;
    if (code === "23505") return null;
    throw e;
  }
};

/** The offered products, replaced (any variant of each; the order given is the shop's order). */
export async function setProducts(db: DbOrTx, freebieId: string, productIds: string[]) {
  await db.delete(freebieItems).where(eq(freebieItems.freebieId, freebieId));
  if (productIds.length)
    await db
      .insert(freebieItems)
      .values(productIds.map((productId, sort) => ({ freebieId, productId, sort })));
}
