import type { DbOrTx } from "@maidan/db/database";
import { addresses } from "@maidan/db/schema-auth";
import { and, asc, count, desc, eq } from "drizzle-orm";

export type AddressRow = typeof addresses.$inferSelect;
type Patch = Partial<typeof addresses.$inferInsert>;
const first = <T>(rows: T[]) => rows[0] ?? null;
// Every query names the owner: an id of someone else's address simply finds nothing.
const owned = (userId: string, id: string) =>
  and(eq(addresses.userId, userId), eq(addresses.id, id));

export const listAddresses = (db: DbOrTx, userId: string) =>
  db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt));

export const countAddresses = (db: DbOrTx, userId: string) =>
  db
    .select({ n: count() })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .then((r) => r[0]?.n ?? 0);

export const findAddress = (db: DbOrTx, userId: string, id: string) =>
  db.select().from(addresses).where(owned(userId, id)).then(first);

export const insertAddress = (db: DbOrTx, row: typeof addresses.$inferInsert) =>
  db.insert(addresses).values(row).returning().then(first);

export const updateAddress = (db: DbOrTx, userId: string, id: string, patch: Patch) =>
  db
    .update(addresses)
    .set({ ...patch, updatedAt: new Date() })
    .where(owned(userId, id))
    .returning()
    .then(first);

export const deleteAddress = (db: DbOrTx, userId: string, id: string) =>
  db.delete(addresses).where(owned(userId, id)).returning({ id: addresses.id }).then(first);

export const clearDefault = (db: DbOrTx, userId: string) =>
  db
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));

export const oldest = (db: DbOrTx, userId: string) =>
  db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt))
    .limit(1)
    .then(first);
