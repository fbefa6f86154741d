import type { DbOrTx } from "@maidan/db/database";
import { vendors } from "@maidan/db/schema-catalog";
import { callBackRequests, vendorApplications } from "@maidan/db/schema-vendor-applications";
import { and, count, desc, eq, sql } from "drizzle-orm";

export type ApplicationRow = typeof vendorApplications.$inferSelect;
export type CallBackRow = typeof callBackRequests.$inferSelect;

export const insertApplication = async (tx: DbOrTx, row: typeof vendorApplications.$inferInsert) =>
  (await tx.insert(vendorApplications).values(row).returning())[0] as ApplicationRow;

export const applicationsOfUser = (db: DbOrTx, userId: string) =>
  db
    .select()
    .from(vendorApplications)
    .where(eq(vendorApplications.userId, userId))
    .orderBy(desc(vendorApplications.createdAt))
    .limit(20);

export const findCallBack = async (db: DbOrTx, id: string) =>
  (await db.select().from(callBackRequests).where(eq(callBackRequests.id, id)))[0];

export const findApplication = async (db: DbOrTx, id: string) =>
  (await db.select().from(vendorApplications).where(eq(vendorApplications.id, id)))[0];

/** The application, locked until the caller's transaction ends (one decision at a time). */
export const lockApplication = async (tx: DbOrTx, id: string) =>
  (
    await tx.select().from(vendorApplications).where(eq(vendorApplications.id, id)).for("update")
  )[0];

export const updateApplication = async (
  tx: DbOrTx,
  id: string,
  patch: Partial<typeof vendorApplications.$inferInsert>,
) =>
  (
    await tx.update(vendorApplications).set(patch).where(eq(vendorApplications.id, id)).returning()
  )[0] as ApplicationRow;

/** Oldest first: the queue is worked from its front. */
export async function listApplications(
  db: DbOrTx,
  status: ApplicationRow["status"] | undefined,
  limit: number,
  offset: number,
) {
  const where = status ? eq(vendorApplications.status, status) : undefined;
  const [found, [total]] = await Promise.all([
    db
      .select()
      .from(vendorApplications)
      .where(where)
      .orderBy(vendorApplications.createdAt, vendorApplications.id)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(vendorApplications).where(where),
  ]);
  return { rows: found, total: total?.n ?? 0 };
}

/** A store slug not taken yet: the name's, else with -2, -3, … */
export async function freeStoreSlug(tx: DbOrTx, base: string) {
  const taken = new Set(
    (
      await tx
        .select({ slug: vendors.slug })
        .from(vendors)
        .where(sql`${vendors.slug} = ${base} or ${vendors.slug} like ${`${base}-%`}`)
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

export const insertStore = async (tx: DbOrTx, row: typeof vendors.$inferInsert) =>
  (await tx.insert(vendors).values(row).returning({ id: vendors.id }))[0]!.id;

export const insertCallBack = async (tx: DbOrTx, row: typeof callBackRequests.$inferInsert) =>
  (await tx.insert(callBackRequests).values(row).returning())[0] as CallBackRow;

/** New ones first in the queue's order: oldest first, so the longest waiting is called first. */
export async function listCallBacks(
  db: DbOrTx,
  status: CallBackRow["status"] | undefined,
  limit: number,
  offset: number,
) {
  const where = status ? eq(callBackRequests.status, status) : undefined;
  const [found, [total]] = await Promise.all([
    db
      .select()
      .from(callBackRequests)
      .where(where)
      .orderBy(callBackRequests.createdAt, callBackRequests.id)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(callBackRequests).where(where),
  ]);
  return { rows: found, total: total?.n ?? 0 };
}

export const lockCallBack = async (tx: DbOrTx, id: string) =>
  (await tx.select().from(callBackRequests).where(eq(callBackRequests.id, id)).for("update"))[0];

export const updateCallBack = async (
  tx: DbOrTx,
  id: string,
  patch: { status: CallBackRow["status"]; note: string | null },
) =>
  (
    await tx
      .update(callBackRequests)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(callBackRequests.id, id)))
      .returning()
  )[0] as CallBackRow;
