import type { PaymentStatus } from "@maidan/contracts/payments";
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
import { users } from "./schema-auth.ts";

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
    /**
     * SHA-256 of the secret tokens in the URLs the gateway sends the shopper back to (HBL's
     * RETURN_URL and CANCEL_URL): a callback must come back on its own attempt's URL, once
     * (`return_token_used_at`). Null for gateways whose callbacks are signed (decision 022).
     */
    returnTokenHash: text("return_token_hash"),
    cancelTokenHash: text("cancel_token_hash"),
    returnTokenUsedAt: timestamp("return_token_used_at", { withTimezone: true }),
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

export const REFUND_DESTINATIONS = ["wallet", "original"] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

/**
 * Money an online payment took for an order that was cancelled afterwards (decision 023): one
 * row per order, so a second cancel cannot refund twice. To the wallet it is credited in the
 * cancel's transaction (`refunded` at once); to the original method it is `due` until staff
 * refund it in the gateway's portal and record its reference.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").notNull().unique(),
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => paymentAttempts.id),
    gateway: text("gateway").notNull(),
    amount: integer("amount").notNull(),
    destination: text("destination").$type<RefundDestination>().notNull(),
    status: text("status").$type<"due" | "refunded">().notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    guestId: text("guest_id"),
    reason: text("reason").notNull(),
    /** The gateway's refund id, as staff copy it from the portal. */
    gatewayRefundRef: text("gateway_refund_ref"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    index("payment_refunds_attempt_idx").on(t.attemptId),
    index("payment_refunds_due_idx").on(t.createdAt).where(sql`${t.status} = 'due'`),
    check("payment_refunds_amount_check", sql`${t.amount} > 0`),
    check("payment_refunds_destination_check", sql`${t.destination} in ('wallet','original')`),
    check("payment_refunds_status_check", sql`${t.status} in ('due','refunded')`),
  ],
);
