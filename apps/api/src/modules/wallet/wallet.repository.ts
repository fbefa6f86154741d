import type { DbOrTx } from "@maidan/db/database";
import { first } from "@maidan/db/raw-rows";
import { type WalletEntryKind, walletEntries } from "@maidan/db/schema-wallet";
import { and, desc, eq, inArray, sql } from "drizzle-orm";

export type WalletRow = { id: string; balance: number };
export const ensureWallet = (db: DbOrTx, userId: string) =>
  db.execute(
    sql`insert into wallets (user_id) values (${userId}) on conflict (user_id) do nothing`,
  );

export const findWallet = (db: DbOrTx, userId: string) =>
  first<WalletRow>(db, sql`select id, balance from wallets where user_id = ${userId}`);

/** The row lock that serialises every balance change of one wallet. */
export const lockWallet = (tx: DbOrTx, userId: string) =>
  first<WalletRow>(tx, sql`select id, balance from wallets where user_id = ${userId} for update`);

/** Appends an entry unless (wallet, kind, reference) exists; true when written. */
export async function appendEntry(
  tx: DbOrTx,
  e: { walletId: string; amount: number; kind: WalletEntryKind; reference: string; remark: string },
) {
  const r =
    await tx.execute(sql`insert into wallet_entries (wallet_id, amount, kind, reference, remark)
    values (${e.walletId}, ${e.amount}, ${e.kind}, ${e.reference}, ${e.remark})
    on conflict (wallet_id, kind, reference) do nothing`);
  return r.rowCount === 1;
}

export const addToBalance = (tx: DbOrTx, walletId: string, delta: number) =>
  tx.execute(
    sql`update wallets set balance = balance + ${delta}, updated_at = now() where id = ${walletId}`,
  );

export type EntryRow = typeof walletEntries.$inferSelect;

export const entriesOf = (db: DbOrTx, walletId: string, limit: number): Promise<EntryRow[]> =>
  db
    .select()
    .from(walletEntries)
    .where(eq(walletEntries.walletId, walletId))
    .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
    .limit(limit);

export const entriesOfKinds = (
  db: DbOrTx,
  walletId: string,
  kinds: WalletEntryKind[],
  limit: number,
): Promise<EntryRow[]> =>
  db
    .select()
    .from(walletEntries)
    .where(and(eq(walletEntries.walletId, walletId), inArray(walletEntries.kind, kinds)))
    .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
    .limit(limit);
