import type { DbOrTx } from "@maidan/db/database";
import { first, rows } from "@maidan/db/raw-rows";
import { orderRefunds, type RefundLine } from "@maidan/db/schema-orders";
import { and, asc, eq, sql } from "drizzle-orm";

export type RefundRow = typeof orderRefunds.$inferSelect;

/** An order's staff refunds, oldest first. */
export const refundsOf = (db: DbOrTx, orderId: string): Promise<RefundRow[]> =>
  db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));

export const insertRefund = async (
  tx: DbOrTx,
  r: {
    orderId: string;
    amount: number;
    destination: "wallet" | "original";
    status: "refunded" | "owed";
    lines: RefundLine[];
    reason: string;
    actorId: string;
  },
) => (await tx.insert(orderRefunds).values(r).returning())[0] as RefundRow;

/** The gateway refunded it (or staff did by hand): once; null when it was not owed. */
export const markRefundDone = async (
  tx: DbOrTx,
  id: string,
  done: { gatewayRefundRef?: string | null; note?: string | null },
) =>
  (
    await tx
      .update(orderRefunds)
      .set({
        status: "refunded",
        doneAt: sql`now()`,
        gatewayRefundRef: done.gatewayRefundRef ?? null,
        doneNote: done.note ?? null,
      })
      .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, "owed")))
      .returning()
  )[0] ?? null;

/** What staff must do by hand while the refund is owed. */
export const setManualStep = async (tx: DbOrTx, id: string, step: string) =>
  (
    await tx
      .update(orderRefunds)
      .set({ manualStep: step })
      .where(eq(orderRefunds.id, id))
      .returning()
  )[0] ?? null;

export const findRefund = (db: DbOrTx, id: string) =>
  first<{ id: string; order_id: string; status: string }>(
    db,
    sql`select id, order_id, status from order_refunds where id = ${id}`,
  );

/** A user's orders for staff (the customer page), newest first. */
export const ordersOfUser = (db: DbOrTx, userId: string, limit: number) =>
  rows<{ id: string; order_no: string; status: string; total: number; created_at: Date }>(
    db,
    sql`select id, order_no, status, total + wallet_used as total, created_at from orders
      where user_id = ${userId} order by created_at desc, order_no desc limit ${limit}`,
  );
