import pg from "pg";
import type { RequestShape } from "./load.ts";

/** Pre-filled guest carts for an order run: more than it can place in its seconds. */
export const CARTS = 60_000;
export const ADDRESS = {
  fullName: "Bench Shopper",
  phone: "03001234567",
  province: "Punjab",
  city: "Lahore",
  address: "House 1, Street 2, Model Town",
};

/** The load comes from one address to one phone number: no limits on unconfirmed COD orders. */
export const NO_COD_LIMITS = Object.fromEntries(
  [
    "COD_HOLD_ORDERS",
    "COD_HOLD_UNITS",
    "COD_HOLD_IP_ORDERS",
    "COD_HOLD_IP_UNITS",
    "COD_SMS_PER_HOUR",
    "COD_SMS_IP_PER_HOUR",
  ].map((k) => [k, "0"]),
);

export async function ensureDatabase(base: string, name: string) {
  const client = new pg.Client({ connectionString: `${base}/postgres` });
  await client.connect();
  const found = await client.query("select 1 from pg_database where datname = $1", [name]);
  if (found.rowCount === 0) await client.query(`create database "${name}"`);
  await client.end();
}

/** Raises stock and fills `carts` guest carts (one line each, guest ids `bo-<run>-<n>`). */
export async function prepare(url: string, run: string, carts = CARTS) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{
      vid: string;
      pid: string;
    }>(`select v.id as vid, v.product_id as pid
      from variants v join products p on p.id = v.product_id
      where v.active and p.active and v.price <= 20000 order by v.id limit 500`);
    await db.query("update variants set stock = 10000000 where id = any($1)", [
      rows.map((r) => r.vid),
    ]);
    await db.query(
      `insert into carts (guest_id) select $1 || g from generate_series(1, $2::int) g`,
      [`bo-${run}-`, carts],
    );
    await db.query(
      `insert into cart_items (cart_id, variant_id, product_id, qty)
       select c.id, v.id, v.product_id, 1 from carts c
       join lateral (select id, product_id from variants where id = any($2)
         offset (abs(hashtext(c.guest_id)) % 500) limit 1) v on true
       where c.guest_id like $1`,
      [`bo-${run}-%`, rows.map((r) => r.vid)],
    );
    return rows;
  } finally {
    await db.end();
  }
}

/**
 * Waits until the job queue has nothing due left (queued, retrying or running), so the work a
 * load deferred to jobs (the SMS of each COD order) is done, and counted, before the next load.
 * Answers the milliseconds waited; 0 at once for a shop without the queue (older checkouts).
 */
export async function drainJobs(url: string, timeoutMs = 120_000): Promise<number> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const started = Date.now();
  try {
    const { rows } = await db.query("select to_regclass('pgboss.job') is not null as queue");
    if (!rows[0]?.queue) return 0;
    while (Date.now() - started < timeoutMs) {
      const due = await db.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job
         where state in ('created', 'retry', 'active') and start_after <= now()`,
      );
      if (due.rows[0]?.n === 0) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`jobs still due after ${timeoutMs} ms`);
  } finally {
    await db.end();
  }
}

/** Keeps autocannon's own headers (host among them) under ours. */
export const merge = (req: RequestShape, ours: RequestShape): RequestShape => ({
  ...req,
  ...ours,
  headers: { ...req.headers, ...ours.headers },
});

/** One request before the load, so a broken setup fails loudly instead of measuring errors. */
export async function probe(
  base: string,
  r: { path: string; method: string; headers: Record<string, string>; body: string },
) {
  const res = await fetch(base + r.path, { method: r.method, headers: r.headers, body: r.body });
  if (!res.ok) throw new Error(`${r.method} ${r.path}: ${res.status} ${await res.text()}`);
}

export function pick(variants: { vid: string; pid: string }[], n: number) {
  const v = variants[n % variants.length]!;
  return { pid: v.pid, vid: v.vid };
}
