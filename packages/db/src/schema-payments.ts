import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./schema.ts";

export const PAYMENT_STATUSES = [
  "pending",
  "paid",
  "failed",
  "cancelled",
  "expired",
  "superseded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * One attempt to collect money through a gateway: for a checkout's orders (`checkout_id`, the
 * orders' master id) or a wallet top-up. `reference` is what the gateway sees and echoes back.
 * The amount is fixed when the attempt starts; only a verified signal moves `pending` on, and
 * the move is one conditional update, so a callback repeated at once changes it once.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull().unique(),
    gateway: text("gateway").notNull(),
    method: text("method").notNull(),
    purpose: text("purpose").$type<"order" | "wallet_topup">().notNull(),
    checkoutId: uuid("checkout_id"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    guestId: text("guest_id"),
    amount: integer("amount").notNull(),
    status: text("status").$type<PaymentStatus>().notNull().default("pending"),
    gatewayTxnId: text("gateway_txn_id"),
    resultCode: text("result_code"),
    resultMessage: text("result_message"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    inquiries: integer("inquiries").notNull().default(0),
    nextInquiryAt: timestamp("next_inquiry_at", { withTimezone: true }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    /**
     * Set when the gateway took money we could not apply (a late success of a superseded,
     * expired or failed attempt, or a second payment of orders already paid): why a person
     * must refund it. Null for every other attempt.
     */
    refundDue: text("refund_due"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payment_attempts_checkout_idx").on(t.checkoutId),
    index("payment_attempts_refund_due_idx").on(t.createdAt).where(sql`${t.refundDue} is not null`),
    index("payment_attempts_pending_idx").on(t.nextInquiryAt).where(sql`${t.status} = 'pending'`),
    check("payment_attempts_amount_check", sql`${t.amount} > 0`),
    check(
      "payment_attempts_status_check",
      sql`${t.status} in ('pending','paid','failed','cancelled','expired','superseded')`,
    ),
  ],
);

/** Every gateway signal, accepted or not: the audit trail of rejections and transitions. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    attemptId: uuid("attempt_id").references(() => paymentAttempts.id, { onDelete: "cascade" }),
    gateway: text("gateway").notNull(),
    source: text("source").notNull(),
    reference: text("reference"),
    outcome: text("outcome"),
    accepted: boolean("accepted").notNull(),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_events_attempt_idx").on(t.attemptId, t.createdAt)],
);
