import type { DbOrTx } from "@maidan/db/database";
import { first } from "@maidan/db/raw-rows";
import { promotions } from "@maidan/db/schema-promotions";
import { desc, eq, sql } from "drizzle-orm";
import { countScopeIds } from "../../lib/scope-sql.ts";

/** The back-office's reads and writes of promotions (pricing reads promotions.repository.ts). */
export type PromotionRow = typeof promotions.$inferSelect;
export type PromotionTerms = Omit<typeof promotions.$inferInsert, "id" | "createdAt">;

export const listAll = (db: DbOrTx, limit: number) =>
  db.select().from(promotions).orderBy(desc(promotions.createdAt)).limit(limit);

export const findForUpdate = async (db: DbOrTx, id: string) =>
  (await db.select().from(promotions).where(eq(promotions.id, id)).for("update"))[0] ?? null;

export const findById = async (db: DbOrTx, id: string) =>
  (await db.select().from(promotions).where(eq(promotions.id, id)))[0] ?? null;

export const insert = async (db: DbOrTx, p: PromotionTerms) =>
  (await db.insert(promotions).values(p).returning())[0];

export const update = async (db: DbOrTx, id: string, p: Partial<PromotionTerms>) =>
  (await db.update(promotions).set(p).where(eq(promotions.id, id)).returning())[0] ?? null;

/** How many of `ids` name a category (or a product): the scope must name real ones. */
/** How many of `ids` name a category (or a product), shared with the vouchers (scope-sql.ts). */
export const countScope = countScopeIds;

export const variantExists = async (db: DbOrTx, id: string) =>
  (await first(db, sql`select 1 as x from variants where id = ${id}`)) !== null;
