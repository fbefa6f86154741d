import type { WalletEntryKind } from "@maidan/contracts/wallet";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { users } from "./schema-auth.ts";

/**
 * One wallet per user. `balance` always equals the sum of the wallet's entries: both change in
 * the same transaction, under `select ... for update` on this row, and the check is a last guard
 * against a spend below 0.
 */
export const wallets = pgTable(
  "wallets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    balance: integer("balance").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("wallets_balance_check", sql`${t.balance} >= 0`)],
);

/** The kinds are the contract's (contracts/wallet.ts): one list for the API and the column. */
export type { WalletEntryKind };

/**
 * The append-only ledger: rows are never updated or deleted. A signed amount in whole rupees
 * (credit > 0, spend < 0). (wallet, kind, reference) is unique, so a refund for one order or a
 * one-off credit such as the welcome credit can only be written once.
 */
export const walletEntries = pgTable(
  "wallet_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    walletId: uuid("wallet_id")
      .notNull()
      .references(() => wallets.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    kind: text("kind").$type<WalletEntryKind>().notNull(),
    reference: text("reference").notNull(),
    remark: text("remark").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("wallet_entries_once").on(t.walletId, t.kind, t.reference),
    index("wallet_entries_wallet_idx").on(t.walletId, t.createdAt),
    check("wallet_entries_amount_check", sql`${t.amount} <> 0`),
  ],
);
