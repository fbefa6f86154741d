import type { DbOrTx } from "@maidan/db/database";
import { first, rows } from "@maidan/db/raw-rows";
import { type SQL, sql } from "drizzle-orm";

/*
 * The back-office's overview reads (decision 047): figures across orders, payment attempts and
 * stock, so they sit with the checkout workflow, the one module that joins those domains.
 * Days are Asia/Karachi's; a week starts on Monday.
 */

const KARACHI_NOW = sql`(now() at time zone 'Asia/Karachi')`;
const startOf = (unit: "day" | "week" | "month") =>
  sql`date_trunc(${unit}, ${KARACHI_NOW}) at time zone 'Asia/Karachi'`;
/** Orders that count as sales: neither cancelled nor an online order still unpaid. */
const SOLD = sql`o.status not in ('cancelled', 'awaiting_payment')`;

export const sales = (db: DbOrTx) =>
  first<{
    today_n: number;
    today_amount: number;
    week_n: number;
    week_amount: number;
    month_n: number;
    month_amount: number;
  }>(
    db,
    sql`select
      count(*) filter (where o.created_at >= ${startOf("day")})::int as today_n,
      coalesce(sum(o.total) filter (where o.created_at >= ${startOf("day")}), 0)::int as today_amount,
      count(*) filter (where o.created_at >= ${startOf("week")})::int as week_n,
      coalesce(sum(o.total) filter (where o.created_at >= ${startOf("week")}), 0)::int as week_amount,
      count(*) filter (where o.created_at >= ${startOf("month")})::int as month_n,
      coalesce(sum(o.total) filter (where o.created_at >= ${startOf("month")}), 0)::int as month_amount
    from orders o
    where ${SOLD} and o.created_at >= least(${startOf("month")}, ${startOf("week")})`,
  );

export const ordersByStatus = (db: DbOrTx) =>
  rows<{ status: string; count: number }>(
    db,
    sql`select status, count(*)::int as count from orders group by status order by status`,
  );

/** COD orders placed in the window that were waiting for a call: confirmed, refused, waiting. */
export const codOutcomes = (db: DbOrTx, days: number) =>
  first<{ confirmed: number; refused: number; pending: number }>(
    db,
    sql`select
      count(*) filter (where o.status in ('confirmed','packed','shipped','delivered'))::int as confirmed,
      count(*) filter (where o.status = 'cancelled')::int as refused,
      count(*) filter (where o.status = 'pending_confirmation')::int as pending
    from orders o
    where o.payment_method = 'COD'
      and o.created_at >= now() - make_interval(days => ${days})
      and exists (select 1 from order_events e
        where e.order_id = o.id and e.status = 'pending_confirmation')`,
  );

export const lowStock = (db: DbOrTx, threshold: number, limit: number) =>
  rows<{ variant_id: string; product_id: string; product: string; sku: string; stock: number }>(
    db,
    sql`select v.id as variant_id, p.id as product_id, p.name as product, v.sku, v.stock
      from variants v join products p on p.id = v.product_id
      where v.active and v.stock <= ${threshold}
      order by v.stock, p.name, v.sku limit ${limit}`,
  );

export const paymentOutcomes = (db: DbOrTx, days: number) =>
  rows<{ status: string; count: number; amount: number }>(
    db,
    sql`select status, count(*)::int as count, coalesce(sum(amount), 0)::int as amount
      from payment_attempts where created_at >= now() - make_interval(days => ${days})
      group by status order by status`,
  );

const dayRange = (column: SQL, from?: string, to?: string) => {
  const parts: SQL[] = [];
  if (from) parts.push(sql`${column} >= (${from}::date)::timestamp at time zone 'Asia/Karachi'`);
  if (to) parts.push(sql`${column} < (${to}::date + 1)::timestamp at time zone 'Asia/Karachi'`);
  return parts;
};

export type AttemptFilters = {
  status?: string;
  gateway?: string;
  from?: string;
  to?: string;
  waiting?: boolean;
};

export type AttemptRow = {
  id: string;
  reference: string;
  gateway: string;
  method: string;
  purpose: string;
  checkout_id: string | null;
  order_nos: string[] | null;
  amount: number;
  status: string;
  result_message: string | null;
  refund_due: string | null;
  inquiries: number;
  next_inquiry_at: Date | null;
  created_at: Date;
  signals: number;
  rejected: number;
  last_signal: string | null;
  full_count: number;
};

export function attempts(db: DbOrTx, f: AttemptFilters, limit: number, offset: number) {
  const parts: SQL[] = [sql`true`, ...dayRange(sql`a.created_at`, f.from, f.to)];
  if (f.status) parts.push(sql`a.status = ${f.status}`);
  if (f.gateway) parts.push(sql`a.gateway = ${f.gateway}`);
  if (f.waiting) parts.push(sql`a.status = 'pending' and a.next_inquiry_at is not null`);
  return rows<AttemptRow>(
    db,
    sql`select a.id, a.reference, a.gateway, a.method, a.purpose, a.checkout_id, a.amount,
        a.status, a.result_message, a.refund_due, a.inquiries, a.next_inquiry_at, a.created_at,
        (select array_agg(o.order_no order by o.order_no) from orders o
          where o.checkout_id = a.checkout_id) as order_nos,
        s.signals, s.rejected, s.last_signal, count(*) over ()::int as full_count
      from payment_attempts a
      cross join lateral (
        select count(*)::int as signals, count(*) filter (where not e.accepted)::int as rejected,
          (array_agg(e.reason order by e.created_at desc))[1] as last_signal
        from payment_events e where e.attempt_id = a.id) s
      where ${sql.join(parts, sql` and `)}
      order by ${f.waiting ? sql`a.next_inquiry_at, a.id` : sql`a.created_at desc, a.id`}
      limit ${limit} offset ${offset}`,
  );
}

export type ReconciliationDbRow = {
  checkout_id: string;
  order_nos: string[];
  method: string;
  attempts_paid: number;
  orders_paid: number;
  created_at: Date;
};

/**
 * Each checkout paid online, or with a paid attempt (a COD one too): rupees its attempts took against rupees of
 * its orders marked paid (paid, or refunded / refund due after a payment). Mismatches first.
 */
export const reconciliation = (db: DbOrTx, from?: string, to?: string) => {
  const parts: SQL[] = [sql`true`, ...dayRange(sql`c.created_at`, from, to)];
  return rows<ReconciliationDbRow>(
    db,
    sql`with c as (
        select o.checkout_id, min(o.created_at) as created_at,
          array_agg(o.order_no order by o.order_no) as order_nos,
          min(o.payment_method) as method,
          coalesce(sum(o.total) filter (
            where o.payment_status in ('paid','refund_due','refunded')), 0)::int as orders_paid
        from orders o
        where o.payment_method <> 'COD' or exists (select 1 from payment_attempts pa
          where pa.checkout_id = o.checkout_id and pa.status = 'paid' and pa.purpose = 'order')
        group by o.checkout_id
      ), p as (
        select checkout_id, coalesce(sum(amount), 0)::int as attempts_paid
        from payment_attempts where status = 'paid' and purpose = 'order' group by checkout_id
      )
      select c.checkout_id, c.order_nos, c.method, coalesce(p.attempts_paid, 0)::int as attempts_paid,
        c.orders_paid, c.created_at
      from c left join p on p.checkout_id = c.checkout_id
      where ${sql.join(parts, sql` and `)}
      order by (coalesce(p.attempts_paid, 0) = c.orders_paid), c.created_at desc
      limit 5000`,
  );
};

export const codQueue = (db: DbOrTx, limit: number) =>
  rows<{
    id: string;
    order_no: string;
    created_at: Date;
    confirm_by: Date | null;
    address: { fullName: string; phone: string; city: string };
    total: number;
  }>(
    db,
    sql`select id, order_no, created_at, confirm_by, address, total from orders
      where status = 'pending_confirmation'
      order by created_at, id limit ${limit}`,
  );
