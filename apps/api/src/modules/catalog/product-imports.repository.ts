import type { ImportRowError } from "@maidan/contracts/product-imports";
import type { DbOrTx } from "@maidan/db/database";
import { first, rows } from "@maidan/db/raw-rows";
import { products, variants, vendors } from "@maidan/db/schema-catalog";
import { productImports } from "@maidan/db/schema-product-imports";
import { and, desc, eq, inArray, sql } from "drizzle-orm";

export type ImportRow = typeof productImports.$inferSelect;

export const insertImport = (db: DbOrTx, row: typeof productImports.$inferInsert) =>
  db
    .insert(productImports)
    .values(row)
    .returning()
    .then((r) => r[0] as ImportRow);

export const findImport = (db: DbOrTx, id: string) =>
  db
    .select()
    .from(productImports)
    .where(eq(productImports.id, id))
    .then((r) => r[0] ?? null);

/** The newest imports, of one actor or (null) everyone's. */
export const recentImports = (db: DbOrTx, actorId: string | null, limit: number) =>
  db
    .select()
    .from(productImports)
    .where(actorId ? eq(productImports.actorId, actorId) : undefined)
    .orderBy(desc(productImports.createdAt))
    .limit(limit);

/** previewed (or failed, to resume) → queued, once: false when another request started it first. */
export const queue = async (db: DbOrTx, id: string) =>
  (
    await db
      .update(productImports)
      .set({ status: "queued", updatedAt: new Date(), finishedAt: null })
      .where(
        and(eq(productImports.id, id), inArray(productImports.status, ["previewed", "failed"])),
      )
      .returning({ id: productImports.id })
  ).length === 1;

export const setStatus = (
  db: DbOrTx,
  id: string,
  status: "running" | "done" | "failed",
  finished = false,
) =>
  db
    .update(productImports)
    .set({ status, updatedAt: new Date(), ...(finished ? { finishedAt: new Date() } : {}) })
    .where(eq(productImports.id, id));

/**
 * A batch's progress, in the batch's transaction: only from where this run found it, so a batch
 * that another run already wrote is never counted (or written) twice. False: not advanced.
 */
export const advance = async (
  tx: DbOrTx,
  id: string,
  from: number,
  to: number,
  errors: ImportRowError[],
  keep: number,
) =>
  (
    await tx
      .update(productImports)
      .set({
        done: to,
        errorCount: sql`${productImports.errorCount} + ${errors.length}`,
        // Kept up to about `keep` (a batch's errors join while fewer are kept); all are counted.
        errors: sql`case when jsonb_array_length(${productImports.errors}) < ${keep}
          then ${productImports.errors} || ${JSON.stringify(errors.slice(0, keep))}::jsonb
          else ${productImports.errors} end`,
        updatedAt: new Date(),
      })
      .where(and(eq(productImports.id, id), eq(productImports.done, from)))
      .returning({ id: productImports.id })
  ).length === 1;

/** Slug → id of every category, brand and store (the names a CSV uses). */
export async function lookups(db: DbOrTx) {
  const all = await rows<{ kind: string; slug: string; id: string; owner_id: string | null }>(
    db,
    sql`select 'category' as kind, slug, id, null::uuid as owner_id from categories
        union all select 'brand', slug, id, null from brands
        union all select 'store', slug, id, owner_id from vendors`,
  );
  const of = (kind: string) => new Map(all.filter((r) => r.kind === kind).map((r) => [r.slug, r]));
  return { categories: of("category"), brands: of("brand"), stores: of("store") };
}

/** The products with these slugs, with their variants' ids and stock by SKU. */
export const existingProducts = (db: DbOrTx, slugs: string[]) =>
  slugs.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: products.id,
          slug: products.slug,
          ownerId: vendors.ownerId,
          variantId: variants.id,
          sku: variants.sku,
          stock: variants.stock,
        })
        .from(products)
        .innerJoin(vendors, eq(vendors.id, products.vendorId))
        .leftJoin(variants, eq(variants.productId, products.id))
        .where(inArray(products.slug, slugs));

/** A user's role now (an import runs later than it was started). */
export const roleOf = (db: DbOrTx, userId: string) =>
  first<{ role: string }>(db, sql`select role from users where id = ${userId}`);
