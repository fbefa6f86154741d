import type { MyWallet } from "@maidan/contracts/wallet";
import type { Db, DbOrTx } from "@maidan/db/database";
import type { WalletEntryKind } from "@maidan/db/schema-wallet";
import { badRequest } from "../../lib/errors.ts";
import * as repo from "./wallet.repository.ts";

/**
 * The wallet: an append-only ledger whose sum is the balance. Every change locks the wallet
 * row (`for update`) and writes the entry and the new balance together, inside the caller's
 * transaction, so concurrent spends queue on the row and can never take the balance below 0.
 */
export function createWalletService(db: Db) {
  async function locked(tx: DbOrTx, userId: string) {
    await repo.ensureWallet(tx, userId);
    const w = await repo.lockWallet(tx, userId);
    if (!w) throw new Error(`wallet of ${userId} vanished`);
    return w;
  }

  /** Credits once per (kind, reference); false when that entry already exists. */
  async function credit(
    tx: DbOrTx,
    userId: string,
    e: { amount: number; kind: WalletEntryKind; reference: string; remark: string },
  ) {
    if (!Number.isInteger(e.amount) || e.amount <= 0) throw badRequest("Invalid wallet amount");
    const w = await locked(tx, userId);
    const written = await repo.appendEntry(tx, { walletId: w.id, ...e });
    if (written) await repo.addToBalance(tx, w.id, e.amount);
    return written;
  }

  const service = {
    async get(userId: string): Promise<MyWallet> {
      await repo.ensureWallet(db, userId);
      const w = await repo.findWallet(db, userId);
      if (!w) throw new Error(`wallet of ${userId} vanished`);
      const entries = await repo.entriesOf(db, w.id, 100);
      return {
        _id: w.id,
        balance: w.balance,
        currency: "PKR",
        entries: entries.map((e) => ({
          _id: e.id,
          amount: e.amount,
          kind: e.kind,
          reference: e.reference,
          remark: e.remark,
          createdAt: e.createdAt.toISOString(),
        })),
      };
    },

    /** The user's entries of these kinds, newest first (none before their first credit). */
    async entriesOf(userId: string, kinds: WalletEntryKind[], limit = 200) {
      const w = await repo.findWallet(db, userId);
      return w ? repo.entriesOfKinds(db, w.id, kinds, limit) : [];
    },

    async balance(userId: string) {
      return (await repo.findWallet(db, userId))?.balance ?? 0;
    },

    /**
     * Spends up to `max` rupees for one checkout (`reference`), inside the order's transaction;
     * answers what was taken (0 with an empty wallet). `walletId`, when the client sends one,
     * must be this user's wallet.
     */
    async spend(
      tx: DbOrTx,
      userId: string,
      s: { max: number; reference: string; remark: string; walletId?: string | null },
    ) {
      const w = await locked(tx, userId);
      if (s.walletId && s.walletId !== w.id) throw badRequest("This wallet is not yours");
      const take = Math.min(w.balance, Math.max(0, s.max));
      if (take === 0) return 0;
      const written = await repo.appendEntry(tx, {
        walletId: w.id,
        amount: -take,
        kind: "order_spend",
        reference: s.reference,
        remark: s.remark,
      });
      if (!written) return 0;
      await repo.addToBalance(tx, w.id, -take);
      return take;
    },

    /** Gives an order's wallet spend back, once per order (a repeated cancel writes nothing). */
    refund(tx: DbOrTx, userId: string, r: { amount: number; orderId: string; remark: string }) {
      if (r.amount <= 0) return Promise.resolve(false);
      return credit(tx, userId, {
        amount: r.amount,
        kind: "order_refund",
        reference: r.orderId,
        remark: r.remark,
      });
    },

    credit,

    /**
     * Takes back up to `amount` once per (kind, reference), inside the caller's transaction:
     * never below 0, so a credit already spent is taken back as far as the balance goes.
     * Answers what was taken.
     */
    async takeBack(
      tx: DbOrTx,
      userId: string,
      d: { amount: number; kind: WalletEntryKind; reference: string; remark: string },
    ) {
      const w = await locked(tx, userId);
      const take = Math.min(w.balance, Math.max(0, d.amount));
      if (take === 0) return 0;
      const written = await repo.appendEntry(tx, { walletId: w.id, ...d, amount: -take });
      if (!written) return 0;
      await repo.addToBalance(tx, w.id, -take);
      return take;
    },

    /**
     * Staff's signed change of the balance (decision 046), inside the caller's transaction:
     * answers the balance before it, or null when a debit would take it below 0 (nothing
     * written).
     */
    async adjust(
      tx: DbOrTx,
      userId: string,
      a: { amount: number; reference: string; remark: string },
    ) {
      if (!Number.isInteger(a.amount) || a.amount === 0) throw badRequest("Invalid wallet amount");
      const w = await locked(tx, userId);
      if (w.balance + a.amount < 0) return null;
      await repo.appendEntry(tx, { walletId: w.id, kind: "adjustment", ...a });
      await repo.addToBalance(tx, w.id, a.amount);
      return w.balance;
    },
  };
  return service;
}

export type WalletServiceImpl = ReturnType<typeof createWalletService>;
