import type { DbOrTx } from "@maidan/db/database";
import { shippingMethods } from "@maidan/db/schema-cart";
import { and, asc, desc, eq, ne } from "drizzle-orm";

/** The back-office's reads and writes of the shipping table (pricing reads cart.repository.ts). */
export type ShippingRow = typeof shippingMethods.$inferSelect;
export type ShippingTerms = Omit<typeof shippingMethods.$inferInsert, "id">;

export const listAll = (db: DbOrTx) =>
  db
    .select()
    .from(shippingMethods)
    .orderBy(desc(shippingMethods.active), asc(shippingMethods.sort), asc(shippingMethods.name));

export const findForUpdate = async (db: DbOrTx, id: string) =>
  (await db.select().from(shippingMethods).where(eq(shippingMethods.id, id)).for("update"))[0] ??
  null;

export const insert = async (db: DbOrTx, m: ShippingTerms) =>
  (await db.insert(shippingMethods).values(m).returning())[0];

export const update = async (db: DbOrTx, id: string, m: ShippingTerms) =>
  (await db.update(shippingMethods).set(m).where(eq(shippingMethods.id, id)).returning())[0] ??
  null;

/** One default: the others lose the mark. */
export const unmarkOtherDefaults = (db: DbOrTx, id: string) =>
  db
    .update(shippingMethods)
    .set({ isDefault: false })
    .where(and(ne(shippingMethods.id, id), eq(shippingMethods.isDefault, true)));
