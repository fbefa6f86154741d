import type { PaymentStatus } from "@maidan/contracts/payments";
import type { DbOrTx } from "@maidan/db/database";
import {
  paymentAttempts,
  paymentEvents,
  paymentRefunds,
  type RefundDestination,
} from "@maidan/db/schema-payments";
import { and, desc, eq, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";

export type Attempt = typeof paymentAttempts.$inferSelect;
export type NewAttempt = typeof paymentAttempts.$inferInsert;

export const insertAttempt = async (db: DbOrTx, a: NewAttempt) =>
  (await db.insert(paymentAttempts).values(a).returning())[0] as Attempt;

export const findByReference = async (db: DbOrTx, reference: string) =>
  (await db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference)))[0] ??
  null;

/**
 * `from` (pending unless told) → `to`, only if still in `from`: the one place a payment changes
 * state. Of ten identical callbacks racing here exactly one gets a row back.
 */
export const settle = async (
  db: DbOrTx,
  id: string,
  to: Exclude<PaymentStatus, "pending">,
  r: { gatewayTxnId: string | null; code: string; message: string },
  from: PaymentStatus = "pending",
) =>
  (
    await db
      .update(paymentAttempts)
      .set({
        status: to,
        gatewayTxnId: r.gatewayTxnId,
        resultCode: r.code,
        resultMessage: r.message.slice(0, 500),
        settledAt: sql`now()`,
        nextInquiryAt: null,
      })
      .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, from)))
      .returning()
  )[0] ?? null;

/**
 * A checkout's pending attempts (but `keep`) → superseded: a retry, another attempt's payment or
 * a switch to cash on delivery ends them, so none of them can pay the orders a second time. The
 * superseded rows.
 */
export const supersedePending = (
  db: DbOrTx,
  checkoutId: string,
  keep: string | null = null,
  reason = "Replaced by a newer payment attempt",
) =>
  db
    .update(paymentAttempts)
    .set({
      status: "superseded",
      resultCode: "SUPERSEDED",
      resultMessage: reason,
      settledAt: sql`now()`,
      nextInquiryAt: null,
    })
    .where(
      and(
        eq(paymentAttempts.checkoutId, checkoutId),
        eq(paymentAttempts.status, "pending"),
        keep ? ne(paymentAttempts.id, keep) : undefined,
      ),
    )
    .returning();

/** Records money taken that cannot be applied, once (the first reason stays). */
export const flagRefund = async (
  db: DbOrTx,
  id: string,
  reason: string,
  gatewayTxnId: string | null,
) =>
  (
    await db
      .update(paymentAttempts)
      .set({
        refundDue: reason.slice(0, 500),
        gatewayTxnId: sql`coalesce(${paymentAttempts.gatewayTxnId}, ${gatewayTxnId})`,
      })
      .where(and(eq(paymentAttempts.id, id), isNull(paymentAttempts.refundDue)))
      .returning()
  )[0] ?? null;

/** Attempts whose money must be given back by a person, newest first. */
export const refundsDue = (db: DbOrTx, limit: number) =>
  db
    .select()
    .from(paymentAttempts)
    .where(isNotNull(paymentAttempts.refundDue))
    .orderBy(desc(paymentAttempts.createdAt))
    .limit(limit);

export const logEvent = (db: DbOrTx, e: typeof paymentEvents.$inferInsert) =>
  db.insert(paymentEvents).values({ ...e, reason: e.reason.slice(0, 500) });

export const eventsOf = (db: DbOrTx, attemptId: string) =>
  db.select().from(paymentEvents).where(eq(paymentEvents.attemptId, attemptId));

/** Pending attempts due for a status inquiry, oldest first. */
export const dueForInquiry = (db: DbOrTx, limit: number) =>
  db
    .select()
    .from(paymentAttempts)
    .where(
      and(eq(paymentAttempts.status, "pending"), lte(paymentAttempts.nextInquiryAt, sql`now()`)),
    )
    .orderBy(paymentAttempts.nextInquiryAt)
    .limit(limit);

export const expiredPending = (db: DbOrTx, limit: number) =>
  db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.status, "pending"), lte(paymentAttempts.expiresAt, sql`now()`)))
    .limit(limit);

/** Backs off: 1, 2, 4 … minutes between inquiries, at most 15. */
export const scheduleNextInquiry = (db: DbOrTx, id: string) =>
  db
    .update(paymentAttempts)
    .set({
      inquiries: sql`${paymentAttempts.inquiries} + 1`,
      nextInquiryAt: sql`now() + least(power(2, ${paymentAttempts.inquiries}), 15) * interval '1 minute'`,
    })
    .where(eq(paymentAttempts.id, id));

/** The pending attempt of a checkout, if one is open (a retry supersedes it). */
export const openAttemptOf = async (db: DbOrTx, checkoutId: string) =>
  (
    await db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.checkoutId, checkoutId), eq(paymentAttempts.status, "pending")))
  )[0] ?? null;

/** Every pending attempt of a checkout (normally one; a retry supersedes the rest). */
export const openAttemptsOf = (db: DbOrTx, checkoutId: string) =>
  db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.checkoutId, checkoutId), eq(paymentAttempts.status, "pending")));

/** Every attempt of a checkout, oldest first (the back-office's order page). */
export const attemptsOf = (db: DbOrTx, checkoutId: string) =>
  db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.checkoutId, checkoutId))
    .orderBy(paymentAttempts.createdAt);

/** A checkout's newest attempt: what the repayment page reports when no reference is named. */
export const latestAttemptOf = async (db: DbOrTx, checkoutId: string) =>
  (
    await db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.checkoutId, checkoutId))
      .orderBy(desc(paymentAttempts.createdAt))
      .limit(1)
  )[0] ?? null;

/**
 * Marks an attempt's return token used, once: false when a callback already came back on it
 * (decision 022). Runs in the transaction that applies the callback.
 */
export const claimReturnToken = async (tx: DbOrTx, id: string) =>
  (
    await tx
      .update(paymentAttempts)
      .set({ returnTokenUsedAt: sql`now()` })
      .where(and(eq(paymentAttempts.id, id), isNull(paymentAttempts.returnTokenUsedAt)))
      .returning({ id: paymentAttempts.id })
  ).length === 1;

export type Refund = typeof paymentRefunds.$inferSelect;

/** The paid attempt behind a checkout's orders, locked while a refund is weighed against it. */
export const paidAttemptOf = async (tx: DbOrTx, checkoutId: string) =>
  (
    await tx
      .select()
      .from(paymentAttempts)
      .where(
        and(
          eq(paymentAttempts.checkoutId, checkoutId),
          eq(paymentAttempts.status, "paid"),
          isNull(paymentAttempts.refundDue),
        ),
      )
      .for("update")
  )[0] ?? null;

/** Rupees already refunded (or owed back) from an attempt. */
export const refundedFrom = async (tx: DbOrTx, attemptId: string) =>
  Number(
    (
      await tx
        .select({ n: sql<number>`coalesce(sum(${paymentRefunds.amount}), 0)::int` })
        .from(paymentRefunds)
        .where(eq(paymentRefunds.attemptId, attemptId))
    )[0]?.n ?? 0,
  );

/** One refund per order: null when the order already has one (a repeated cancel). */
export const insertRefund = async (
  tx: DbOrTx,
  r: {
    orderId: string;
    attemptId: string;
    gateway: string;
    amount: number;
    destination: RefundDestination;
    userId: string | null;
    guestId: string | null;
    reason: string;
  },
) =>
  (
    await tx
      .insert(paymentRefunds)
      .values({ ...r, status: "due" })
      .onConflictDoNothing({ target: paymentRefunds.orderId })
      .returning()
  )[0] ?? null;

/** due → refunded, once; the row, or null when it was not due. */
export const markRefunded = async (tx: DbOrTx, id: string, gatewayRefundRef: string | null) =>
  (
    await tx
      .update(paymentRefunds)
      .set({ status: "refunded", refundedAt: sql`now()`, gatewayRefundRef })
      .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, "due")))
      .returning()
  )[0] ?? null;

export const refundOfOrder = async (db: DbOrTx, orderId: string) =>
  (await db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId)))[0] ?? null;

/** Refunds staff still owe through a gateway's portal, oldest first, with the payment's reference. */
export const refundsOwedWithAttempt = (db: DbOrTx, limit: number) =>
  db
    .select({ refund: paymentRefunds, reference: paymentAttempts.reference })
    .from(paymentRefunds)
    .innerJoin(paymentAttempts, eq(paymentAttempts.id, paymentRefunds.attemptId))
    .where(eq(paymentRefunds.status, "due"))
    .orderBy(paymentRefunds.createdAt)
    .limit(limit);
