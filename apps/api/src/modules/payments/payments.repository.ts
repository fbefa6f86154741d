import type { DbOrTx } from "@maidan/db/database";
import { type PaymentStatus, paymentAttempts, paymentEvents } from "@maidan/db/schema-payments";
import { and, eq, lte, sql } from "drizzle-orm";

export type Attempt = typeof paymentAttempts.$inferSelect;
export type NewAttempt = typeof paymentAttempts.$inferInsert;

export const insertAttempt = async (db: DbOrTx, a: NewAttempt) =>
  (await db.insert(paymentAttempts).values(a).returning())[0] as Attempt;

export const findByReference = async (db: DbOrTx, reference: string) =>
  (await db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference)))[0] ??
  null;

/**
 * pending → `to`, only if still pending: the one place a payment changes state. Of ten
 * identical callbacks racing here exactly one gets a row back.
 */
export const settle = async (
  db: DbOrTx,
  id: string,
  to: Exclude<PaymentStatus, "pending">,
  r: { gatewayTxnId: string | null; code: string; message: string },
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
      .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, "pending")))
      .returning()
  )[0] ?? null;

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

/** The pending attempt of a checkout, if one is open (a retry replaces it). */
export const openAttemptOf = async (db: DbOrTx, checkoutId: string) =>
  (
    await db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.checkoutId, checkoutId), eq(paymentAttempts.status, "pending")))
  )[0] ?? null;
