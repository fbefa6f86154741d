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
  /** One store's orders. */
  vendor?: string;
  /** Only the orders of the stores this user owns (a vendor). */
  vendorOwner?: string;
};

export type StaffSort = "-createdAt" | "createdAt" | "-total" | "total" | "status";

/** Wildcards in a search term are literal. */
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/*
 * Every filter has an index that leads with it and ends (created_at, id), and search has trigram
 * indexes (migration 0030, decision 054): the expressions here are the indexes' own, word for word.
 */
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
  if (f.vendor) parts.push(sql`o.vendor_id = ${f.vendor}`);
  if (f.vendorOwner)
    parts.push(sql`o.vendor_id in (select id from vendors where owner_id = ${f.vendorOwner})`);
  return sql.join(parts, sql` and `);
}

/** An order's time as whole microseconds since 1970: exact, unlike a JavaScript Date. */
const MICROS = sql`(extract(epoch from o.created_at) * 1000000)::bigint`;
const fromMicros = (us: number) => sql`('epoch'::timestamptz + ${us} * interval '1 microsecond')`;

/**
 * Each sort is a list of columns read one way, ending with the order's time and id, so a row's
 * place is unique and `(cols) > (key)` continues the list exactly where a page ended (keyset
 * paging, decision 054). `key` is what a cursor holds besides the id: the leading column's value
 * (total or status rank), then the time in microseconds.
 */
const SORTS: Record<StaffSort, { desc: boolean; lead: SQL | null; key: SQL }> = {
  "-createdAt": { desc: true, lead: null, key: sql`array[${MICROS}]` },
  createdAt: { desc: false, lead: null, key: sql`array[${MICROS}]` },
  "-total": { desc: true, lead: sql`o.total`, key: sql`array[o.total::bigint, ${MICROS}]` },
  total: { desc: false, lead: sql`o.total`, key: sql`array[o.total::bigint, ${MICROS}]` },
  // The queue's order: unconfirmed first, then each step of the lifecycle, oldest first in each.
  status: {
    desc: false,
    lead: sql`order_status_rank(o.status)`,
    key: sql`array[order_status_rank(o.status)::bigint, ${MICROS}]`,
  },
};

/** Where a page starts: after (or before) the row with this sort key and id. */
export type StaffCursor = { key: number[]; id: string; before: boolean };

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
> & { sort_key: string[] };

/**
 * Up to `limit` orders from the cursor on, in the sort's order, or the `limit` just before it
 * (returned in the sort's order too). The caller asks for one more than a page to learn whether
 * another follows.
 */
export async function listForStaff(
  db: DbOrTx,
  f: StaffFilters,
  sort: StaffSort,
  limit: number,
  cursor?: StaffCursor,
) {
  const s = SORTS[sort];
  const cols = s.lead ? [s.lead, sql`o.created_at`, sql`o.id`] : [sql`o.created_at`, sql`o.id`];
  // Reading backwards from a cursor: the reverse order, then the rows turned round.
  const desc = cursor?.before ? !s.desc : s.desc;
  const dir = desc ? sql` desc` : sql``;
  const where = [whereOf(f)];
  if (cursor) {
    const [a = 0, b = 0] = cursor.key;
    const key = s.lead
      ? [sql`${a}`, fromMicros(b), sql`${cursor.id}`]
      : [fromMicros(a), sql`${cursor.id}`];
    where.push(
      sql`(${sql.join(cols, sql`, `)}) ${desc ? sql`<` : sql`>`} (${sql.join(key, sql`, `)})`,
    );
  }
  const found = await rows<StaffRow>(
    db,
    sql`select o.id, o.order_no, o.status, o.created_at, o.address, o.vendor_id,
        ve.name as vendor_name, o.payment_method, o.payment_status, o.total,
        (select count(*)::int from order_items i where i.order_id = o.id) as item_count,
        ${s.key}::text[] as sort_key
      from orders o join vendors ve on ve.id = o.vendor_id
      where ${sql.join(where, sql` and `)}
      order by ${sql.join(
        cols.map((c) => sql`${c}${dir}`),
        sql`, `,
      )} limit ${limit}`,
  );
  return cursor?.before ? found.reverse() : found;
}

/** How many orders match, counted up to `cap` + 1 (a bounded count: "10,000+"). */
export const countForStaff = (db: DbOrTx, f: StaffFilters, cap: number) =>
  first<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from orders o where ${whereOf(f)} limit ${cap + 1}) m`,
  ).then((r) => r?.n ?? 0);

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
