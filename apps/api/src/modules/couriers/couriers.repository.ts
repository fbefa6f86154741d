import type { DbOrTx } from "@maidan/db/database";
import { first, rows } from "@maidan/db/raw-rows";
import { courierBookings, refusedPhones } from "@maidan/db/schema-couriers";
import { and, eq, isNull, sql } from "drizzle-orm";

export type BookingRow = typeof courierBookings.$inferSelect;

/** Claims an order's booking; null when the order already has one (or one under way). */
export const claim = async (tx: DbOrTx, row: typeof courierBookings.$inferInsert) =>
  (await tx.insert(courierBookings).values(row).onConflictDoNothing().returning())[0] ?? null;

export const find = async (db: DbOrTx, orderId: string) =>
  (await db.select().from(courierBookings).where(eq(courierBookings.orderId, orderId)))[0] ?? null;

export const complete = (tx: DbOrTx, orderId: string, consignmentNo: string, response: unknown) =>
  tx
    .update(courierBookings)
    .set({ consignmentNo, response })
    .where(eq(courierBookings.orderId, orderId));

/** Gives up a claim the courier never answered (a failed booking may be tried again). */
export const release = (db: DbOrTx, orderId: string) =>
  db
    .delete(courierBookings)
    .where(and(eq(courierBookings.orderId, orderId), isNull(courierBookings.consignmentNo)));

export type DueRow = { order_id: string; courier: string; consignment_no: string; phone: string };

/** Booked parcels of shipped orders still on their way, least recently asked about first. */
export const due = (db: DbOrTx, limit: number) =>
  rows<DueRow>(
    db,
    sql`select b.order_id, b.courier, b.consignment_no, o.address->>'phone' as phone
      from courier_bookings b
      join orders o on o.id = b.order_id
      where o.status = 'shipped' and b.consignment_no is not null
        and b.track_status not in ('delivered', 'returned')
      order by b.tracked_at nulls first limit ${limit}`,
  );

export const saveTracking = (
  tx: DbOrTx,
  orderId: string,
  status: string,
  history: unknown,
  delivered: boolean,
) =>
  tx
    .update(courierBookings)
    .set({
      trackStatus: status,
      tracking: history,
      trackedAt: sql`now()`,
      ...(delivered ? { deliveredAt: sql`now()` } : {}),
    })
    .where(eq(courierBookings.orderId, orderId));

export const markRefused = (tx: DbOrTx, phone: string, orderId: string, courier: string) =>
  tx
    .insert(refusedPhones)
    .values({ phone, lastOrderId: orderId, courier })
    .onConflictDoUpdate({
      target: refusedPhones.phone,
      set: {
        lastOrderId: orderId,
        courier,
        refusals: sql`${refusedPhones.refusals} + 1`,
        lastAt: sql`now()`,
      },
    });

export const refusedPhone = (db: DbOrTx, phone: string) =>
  first<{ phone: string; refusals: number; last_at: Date; courier: string }>(
    db,
    sql`select phone, refusals, last_at, courier from refused_phones where phone = ${phone}`,
  );

/** The flagged phones, the latest refusal first (at most `limit`). */
export const listRefused = (db: DbOrTx, limit: number) =>
  rows<{
    phone: string;
    refusals: number;
    last_at: Date;
    courier: string;
    last_order_id: string | null;
  }>(
    db,
    sql`select phone, refusals, last_at, courier, last_order_id from refused_phones
      order by last_at desc, phone limit ${limit}`,
  );

export type CollectedRow = { courier: string; day: string; orders: number; amount: number };

/** Cash the couriers collected at the door, per courier per day (Pakistan's calendar). */
export const codCollected = (db: DbOrTx, from: string, to: string) =>
  rows<CollectedRow>(
    db,
    sql`select courier, to_char(delivered_at at time zone 'Asia/Karachi', 'YYYY-MM-DD') as day,
        count(*)::int as orders, sum(cod_amount)::int as amount
      from courier_bookings
      where delivered_at is not null and cod_amount > 0
        and (delivered_at at time zone 'Asia/Karachi')::date between ${from}::date and ${to}::date
      group by 1, 2 order by 2, 1`,
  );
