import type { DbOrTx } from "@maidan/db/database";
import { vouchers } from "@maidan/db/schema-vouchers";
import { desc, eq } from "drizzle-orm";

/** The back-office's reads and writes of vouchers (the shopper's side is vouchers.repository.ts). */
export type StaffVoucherRow = typeof vouchers.$inferSelect;
export type VoucherTermsRow = Partial<
  Pick<
    typeof vouchers.$inferInsert,
    | "description"
    | "kind"
    | "value"
    | "maxDiscount"
    | "minCartValue"
    | "startsAt"
    | "endsAt"
    | "perUserLimit"
    | "usageLimit"
    | "active"
    | "scope"
    | "scopeIds"
  >
>;

export const listAll = (db: DbOrTx, limit: number) =>
  db.select().from(vouchers).orderBy(desc(vouchers.createdAt), vouchers.code).limit(limit);

/** Locked, for an edit in the same transaction (a checkout's `used + 1` waits or went first). */
export const findForUpdate = async (db: DbOrTx, id: string) =>
  (await db.select().from(vouchers).where(eq(vouchers.id, id)).for("update"))[0] ?? null;

export const findById = async (db: DbOrTx, id: string) =>
  (await db.select().from(vouchers).where(eq(vouchers.id, id)))[0] ?? null;

/** Null when the code is taken (nothing written). */
export const insert = async (
  db: DbOrTx,
  v: VoucherTermsRow & { code: string; kind: "percent" | "fixed"; value: number },
) =>
  (
    await db.insert(vouchers).values(v).onConflictDoNothing({ target: vouchers.code }).returning()
  )[0] ?? null;

/** Sets the fields given (undefined ones stay); an empty change reads the row back. */
export async function update(db: DbOrTx, id: string, v: VoucherTermsRow) {
  const set = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
  if (Object.keys(set).length === 0) return findById(db, id);
  return (await db.update(vouchers).set(set).where(eq(vouchers.id, id)).returning())[0] ?? null;
}
