import type { DbOrTx } from "@maidan/db/database";
import { first, rows } from "@maidan/db/raw-rows";
import { type SQL, sql } from "drizzle-orm";
import type { OrderRow } from "./orders.repository.ts";

/*
 * The back-office's reads and writes of orders (decision 044): any shopper's orders, filtered
 * and paged, scoped to a vendor's own when a vendor asks.
 */

export type StaffFilters = {
  status?: string;
  paymentStatus?: string;
  method?: string;
  city?: string;
  from?: string;
  to?: string;
  q?: string;
  /** Only the orders of the stores this user owns (a vendor). */
  vendorOwner?: string;
};

export type StaffSort = "-createdAt" | "createdAt" | "-total" | "total";

/** Wildcards in a search term are literal. */
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(f: StaffFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.status) parts.push(sql`o.status = ${f.status}`);
  if (f.paymentStatus) parts.push(sql`o.payment_status = ${f.paymentStatus}`);
  if (f.method) parts.push(sql`o.payment_method = ${f.method}`);
  if (f.city) parts.push(sql`lower(o.address->>'city') = lower(${f.city})`);
  // Days in the shop's time zone (Asia/Karachi), `to` inclusive.
  if (f.from)
    parts.push(sql`o.created_at >= (${f.from}::date)::timestamp at time zone 'Asia/Karachi'`);
  if (f.to)
    parts.push(sql`o.created_at < (${f.to}::date + 1)::timestamp at time zone 'Asia/Karachi'`);
  if (f.q) {
    const digits = f.q.replace(/\D/g, "");
    const phone =
      digits.length >= 7 ? sql` or o.address->>'phone' like ${likeOf(digits.slice(-10))}` : sql``;
    parts.push(
      sql`(o.order_no ilike ${likeOf(f.q)} or o.address->>'email' ilike ${likeOf(f.q)}${phone})`,
    );
  }
  if (f.vendorOwner)
    parts.push(sql`o.vendor_id in (select id from vendors where owner_id = ${f.vendorOwner})`);
  return sql.join(parts, sql` and `);
}

const ORDER_BY: Record<StaffSort, SQL> = {
  "-createdAt": sql`o.created_at desc, o.order_no desc`,
  createdAt: sql`o.created_at, o.order_no`,
  "-total": sql`o.total desc, o.created_at desc`,
  total: sql`o.total, o.created_at desc`,
};

export type StaffRow = Pick<
  OrderRow,
  | "id"
  | "order_no"
  | "status"
  | "created_at"
  | "address"
  | "vendor_id"
  | "vendor_name"
  | "payment_method"
  | "payment_status"
  | "total"
  | "item_count"
> & { full_count: number };

/** A page of orders with the count of all that match (offset paging, decision 044). */
export const listForStaff = (
  db: DbOrTx,
  f: StaffFilters,
  sort: StaffSort,
  limit: number,
  offset: number,
) =>
  rows<StaffRow>(
    db,
    sql`select o.id, o.order_no, o.status, o.created_at, o.address, o.vendor_id,
        ve.name as vendor_name, o.payment_method, o.payment_status, o.total,
        (select count(*)::int from order_items i where i.order_id = o.id) as item_count,
        count(*) over ()::int as full_count
      from orders o join vendors ve on ve.id = o.vendor_id
      where ${whereOf(f)}
      order by ${ORDER_BY[sort]} limit ${limit} offset ${offset}`,
  );

/** Whether the order matches the filters (the count of a page past the last one). */
export const countForStaff = (db: DbOrTx, f: StaffFilters) =>
  first<{ n: number }>(db, sql`select count(*)::int as n from orders o where ${whereOf(f)}`).then(
    (r) => r?.n ?? 0,
  );

/** One order by id, whoever's it is (null if none, or not the vendor owner's). */
export const findForStaff = (db: DbOrTx, id: string, vendorOwner?: string) =>
  first<OrderRow & { courier: string | null; tracking_no: string | null }>(
    db,
    sql`select o.*, ve.name as vendor_name,
        (select count(*)::int from order_items i where i.order_id = o.id) as item_count,
        null as first_name, null as first_img
      from orders o join vendors ve on ve.id = o.vendor_id
      where o.id = ${id} and ${whereOf({ vendorOwner })}`,
  );

/** The courier and tracking number of a shipped order. */
export const setShipment = (tx: DbOrTx, id: string, courier: string, trackingNo: string) =>
  tx.execute(sql`update orders set courier = ${courier}, tracking_no = ${trackingNo},
    updated_at = now() where id = ${id}`);
