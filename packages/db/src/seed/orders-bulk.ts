import { type SQL, sql } from "drizzle-orm";

/*
 * Many orders at once, for the back-office list's benchmark and tests (decision 054): one
 * `insert … select from generate_series` per batch, spread over the shop's stores, statuses,
 * payment methods, cities and a year of days. No lines or payments: the list reads the orders'
 * own columns. Seeded orders are guests' (no user), so no shopper's page shows them.
 */

export const BULK_CITIES = [
  "Karachi",
  "Lahore",
  "Islamabad",
  "Rawalpindi",
  "Faisalabad",
  "Multan",
  "Peshawar",
  "Quetta",
];
export const BULK_METHODS = ["COD", "JazzCash", "Easypaisa", "Card"];

export type BulkOrderOptions = {
  /** Orders per statement (default 10,000). */
  batch?: number;
  /**
   * How far back the orders go. With `ties`, orders share each of a few instants and totals, so
   * paging must order rows of equal keys by id.
   */
  days?: number;
  ties?: boolean;
  /** All of them in this city (a test's own list, by the city filter). */
  city?: string;
  /** Called after each batch with the orders inserted so far. */
  onProgress?: (done: number) => void;
};

/** Inserts `count` orders. */
export async function insertBulkOrders(
  // Any drizzle handle: the app's, or a test's over its own connection.
  db: { execute(query: SQL): PromiseLike<unknown> },
  count: number,
  o: BulkOrderOptions = {},
) {
  const batch = o.batch ?? 10_000;
  const days = o.days ?? 365;
  const cities = sql`(array[${sql.join(
    BULK_CITIES.map((c) => sql`${c}`),
    sql`, `,
  )}]::text[])`;
  const methods = sql`(array[${sql.join(
    BULK_METHODS.map((c) => sql`${c}`),
    sql`, `,
  )}]::text[])`;
  // Ties: 20 instants and 10 totals for all; otherwise a random microsecond in the period.
  const created = o.ties
    ? sql`date_trunc('second', now()) - (g % 20) * interval '1 minute'`
    : sql`now() - random() * ${days}::int * interval '1 day'`;
  const total = o.ties ? sql`1000 + (g % 10) * 250` : sql`(300 + random() * 29700)::int`;
  for (let done = 0; done < count; ) {
    const n = Math.min(batch, count - done);
    await db.execute(sql`
      with v as (select array_agg(id order by name) as ids from vendors),
      s as (
        select g, ${created} as created_at, ${total} as total,
          (array['pending_confirmation','confirmed','packed','shipped','delivered','delivered',
            'delivered','cancelled','returned','awaiting_payment'])[1 + (g % 10)] as status,
          ${methods}[1 + ((g / 10) % ${BULK_METHODS.length}::int)] as method,
          ${o.city ? sql`${o.city}::text` : sql`${cities}[1 + ((g / 3) % ${BULK_CITIES.length}::int)]`} as city
        from generate_series(${done + 1}::int, ${done + n}::int) g
      )
      insert into orders (checkout_id, guest_id, vendor_id, status, payment_method, payment_status,
        qty, subtotal, old_subtotal, shipping, total, shipping_method_name, address, created_at,
        updated_at)
      select gen_random_uuid(), 'bulk-' || g, v.ids[1 + (g % array_length(v.ids, 1))], s.status,
        s.method,
        case when s.status in ('delivered','returned') then 'paid'
          when s.status = 'cancelled' then 'refunded'
          when s.method <> 'COD' and s.status <> 'awaiting_payment' then 'paid'
          else 'pending' end,
        1 + g % 3, s.total, s.total, 0, s.total, 'Standard',
        jsonb_build_object('fullName', 'Bulk Shopper ' || g,
          'phone', '03' || lpad(((g::bigint * 7919) % 1000000000)::text, 9, '0'),
          'email', 'shopper' || g || '@bulk.example.pk', 'province', 'Punjab', 'city', s.city,
          'address', 'House ' || g || ', Street ' || (g % 40), 'landmark', null, 'zip', null),
        s.created_at, s.created_at
      from s, v`);
    done += n;
    o.onProgress?.(done);
  }
}
