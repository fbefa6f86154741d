import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import * as staffRepo from "@maidan/api/modules/orders/staff-orders.repository";
import { ADMIN_COUNT_CAP, ADMIN_SORTS } from "@maidan/contracts/admin-orders";
import { openDatabase } from "@maidan/db/database";
import { insertBulkOrders } from "@maidan/db/seed/orders-bulk";
import cliProgress from "cli-progress";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { stamp, writeSection } from "./sections.ts";
import { startServer } from "./server-process.ts";

/**
 * `npm run bench:admin-orders [-- --engine embedded|external --orders 100000 --requests 60
 *   --connections 2] [--explain-only]`
 * The back-office's order list at 100k orders (issue #14, decision 054). Seeds a small shop
 * (`db:seed -- --products 100 --reset`), then the orders in batches of `insert … select
 * generate_series` (a progress bar), analyzes, and:
 *  1. EXPLAINs the list's page query (first page and from a cursor) and its bounded count for
 *     every combination of the filters under every sort, and fails if any plan reads `orders`
 *     by a sequential scan;
 *  2. starts the built server, signs in as the admin and times `requests` calls of
 *     GET /api/admin/orders per typical filter, `connections` at once (low: the machine is
 *     shared), printing p50/p95 per filter and writing the "admin orders" section of RESULTS.md.
 */
const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "embedded" },
    orders: { type: "string", default: "100000" },
    requests: { type: "string", default: "60" },
    connections: { type: "string", default: "2" },
    /** Seed and check the plans only: no server, no load. */
    "explain-only": { type: "boolean", default: false },
    "external-base": { type: "string", default: "postgres://root@127.0.0.1:5432" },
  },
});
const ORDERS = Number(values.orders);
const REQUESTS = Number(values.requests);
const CONNECTIONS = Number(values.connections);
const OUT = fileURLToPath(new URL("../out/", import.meta.url));
const SEED = fileURLToPath(new URL("../../apps/server/src/cli/seed.ts", import.meta.url));
const PASSWORD = "bench-admin-password";
mkdirSync(OUT, { recursive: true });

const env: Record<string, string> = {
  DATA_DIR: `${OUT}admin-orders-${values.engine}`,
  PAYMENTS_SANDBOX: "true",
  ADMIN_PASSWORD: PASSWORD,
};
if (values.engine === "external") {
  const base = values["external-base"] as string;
  const client = new pg.Client({ connectionString: `${base}/postgres` });
  await client.connect();
  const found = await client.query(
    "select 1 from pg_database where datname = 'maidan_bench_orders'",
  );
  if (found.rowCount === 0) await client.query('create database "maidan_bench_orders"');
  await client.end();
  env.DATABASE_URL = `${base}/maidan_bench_orders`;
}

process.stdout.write(`seeding the shop (${values.engine})\n`);
execFileSync(process.execPath, [SEED, "--products", "100", "--reset"], {
  env: { ...process.env, ...env, LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});

const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR as string,
});
const bar = new cliProgress.SingleBar(
  { format: "orders {bar} {value}/{total} ({duration}s)" },
  cliProgress.Presets.shades_classic,
);
const seedStart = Date.now();
bar.start(ORDERS, 0);
await insertBulkOrders(database.db, ORDERS, { onProgress: (n) => bar.update(n) });
bar.stop();
// As autovacuum leaves a table: statistics, and the visibility map index-only scans read.
await database.pool.query("vacuum analyze orders");
const seedSeconds = ((Date.now() - seedStart) / 1000).toFixed(1);
process.stdout.write(`  ${ORDERS.toLocaleString("en-US")} orders in ${seedSeconds} s\n`);

const one = async <T>(q: string) => (await database.pool.query(q)).rows[0] as T;
const store = (await one<{ id: string }>("select id from vendors order by name limit 1")).id;
const sample = await one<{ order_no: string; phone: string; email: string }>(
  "select order_no, address->>'phone' as phone, address->>'email' as email from orders order by created_at desc offset 5000 limit 1",
);
const today = new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Karachi" });
const weekAgo = new Date(Date.now() - 7 * 86_400_000).toLocaleDateString("en-CA", {
  timeZone: "Asia/Karachi",
});

// 1. Plans: every combination of the filters (with common values, then rarer ones), every
// sort, first page, a cursor's page either way, and the count.
const VALUES: Record<string, staffRepo.StaffFilters>[] = [
  {
    status: { status: "delivered" },
    paymentStatus: { paymentStatus: "paid" },
    method: { method: "COD" },
    city: { city: "karachi" },
    vendor: { vendor: store },
    dates: { from: weekAgo, to: today },
    q: { q: sample.order_no },
  },
  {
    status: { status: "shipped" },
    paymentStatus: { paymentStatus: "refunded" },
    method: { method: "Easypaisa" },
    city: { city: "quetta" },
    vendor: { vendor: store },
    dates: { from: today, to: today },
    q: { q: "shopper4242" },
  },
];
const SEARCHES: staffRepo.StaffFilters[] = [
  { q: sample.phone },
  { q: sample.email },
  { vendorOwner: crypto.randomUUID() },
];
const dialect = new PgDialect();
const plans: { label: string; plan: string }[] = [];
let label = "";
const explaining = {
  async execute(query: Parameters<typeof dialect.sqlToQuery>[0]) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const r = await database.pool.query(`explain ${text}`, params);
    plans.push({ label, plan: r.rows.map((row) => row["QUERY PLAN"]).join("\n") });
    return { rows: [] };
  },
} as unknown as Parameters<typeof staffRepo.listForStaff>[0];
const combos: staffRepo.StaffFilters[] = [...SEARCHES];
for (const set of VALUES) {
  const names = Object.keys(set);
  for (let mask = 1; mask < 1 << names.length; mask++)
    combos.push(Object.assign({}, ...names.filter((_, i) => mask & (1 << i)).map((n) => set[n])));
}
combos.push({});
const cursorKey = (sort: string) =>
  sort.endsWith("createdAt") ? [Date.now() * 1000 - 86_400_000_000] : [4, Date.now() * 1000];
for (const f of combos) {
  for (const sort of ADMIN_SORTS) {
    label = `${JSON.stringify(f)} sort=${sort}`;
    await staffRepo.listForStaff(explaining, f, sort, 26);
    const cursor = { key: cursorKey(sort), id: crypto.randomUUID(), before: false };
    await staffRepo.listForStaff(explaining, f, sort, 26, cursor);
    await staffRepo.listForStaff(explaining, f, sort, 26, { ...cursor, before: true });
  }
  label = `${JSON.stringify(f)} count`;
  await staffRepo.countForStaff(explaining, f, ADMIN_COUNT_CAP);
}
const seqScans = plans.filter((p) => /Seq Scan on orders/.test(p.plan));
process.stdout.write(
  `plans: ${plans.length} (${combos.length} filter combinations × ${ADMIN_SORTS.length} sorts × first, after and before a cursor, and each count); sequential scans of orders: ${seqScans.length}\n`,
);
for (const p of seqScans) process.stdout.write(`${p.label}\n${p.plan}\n`);
if (seqScans.length) process.exitCode = 1;
await database.close();
if (values["explain-only"]) process.exit();

// 2. Timed requests through the server; the load average says how shared the machine was.
const loadBefore = loadavg()[0]?.toFixed(1);
const server = await startServer(env, 3960);
const results: { name: string; p50: number; p95: number; rows: number; total: string }[] = [];
try {
  const login = await fetch(`${server.base}/api/auth/local`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.base },
    body: JSON.stringify({ email: "admin@maidan.pk", password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`admin sign-in: ${login.status} ${await login.text()}`);
  const headers = {
    authorization: `Bearer ${((await login.json()) as { token: string }).token}`,
    "accept-encoding": "gzip, br",
  };
  type List = { orders: unknown[]; total: number; totalCapped: boolean; next: string | null };
  const get = async (query: string) => {
    const res = await fetch(`${server.base}/api/admin/orders?${query}`, { headers });
    if (!res.ok) throw new Error(`${query}: ${res.status} ${await res.text()}`);
    return (await res.json()) as List;
  };
  // Page 41 of the newest first, reached by following `next` (offset paging's worst case).
  let deep = await get("");
  for (let i = 0; i < 40 && deep.next; i++) deep = await get(`cursor=${deep.next}`);
  const TARGETS: [string, string][] = [
    ["newest first", ""],
    ["newest first, page 41 (a cursor)", `cursor=${deep.next}`],
    ["status=pending_confirmation", "status=pending_confirmation"],
    ["status=delivered & method=COD", "status=delivered&method=COD"],
    ["paymentStatus=refunded", "paymentStatus=refunded"],
    ["city=Lahore", "city=Lahore"],
    ["one store", `vendor=${store}`],
    ["the last 7 days", `from=${weekAgo}&to=${today}`],
    ["search: order number", `q=${sample.order_no}`],
    ["search: phone", `q=${sample.phone}`],
    ["search: e-mail", `q=${sample.email}`],
    ["largest total", "sort=-total"],
    ["by status", "sort=status"],
    ["shipped in Karachi, largest total", "status=shipped&city=Karachi&sort=-total"],
  ];
  for (const [name, query] of TARGETS) {
    const first = await get(query);
    for (let i = 0; i < 5; i++) await get(query);
    const times: number[] = [];
    let left = REQUESTS;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (left-- > 0) {
          const start = performance.now();
          await get(query);
          times.push(performance.now() - start);
        }
      }),
    );
    times.sort((a, b) => a - b);
    const at = (p: number) => Math.round((times[Math.ceil(p * times.length) - 1] ?? 0) * 10) / 10;
    const total = `${first.total.toLocaleString("en-US")}${first.totalCapped ? "+" : ""}`;
    results.push({ name, p50: at(0.5), p95: at(0.95), rows: first.orders.length, total });
    process.stdout.write(`  ${name}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${total} match)\n`);
  }
} finally {
  await server.stop();
}

const worst = Math.max(...results.map((r) => r.p95));
writeSection("admin orders", [
  `Run ${stamp()} on ${cpus().length} × ${cpus()[0]?.model ?? "?"}, ${Math.round(totalmem() / 2 ** 30)} GB; engine ${values.engine}; ${ORDERS.toLocaleString("en-US")} orders (seeded in ${seedSeconds} s).`,
  `GET /api/admin/orders as the admin, 25 a page, ${REQUESTS} timed requests per filter after 6 warm-up ones, ${CONNECTIONS} at once: deliberately low, the machine may be shared with other work (1-minute load average ${loadBefore} before the requests, ${loadavg()[0]?.toFixed(1)} after, on ${cpus().length} cores). Re-run on a quiet machine for the figures of record.`,
  "",
  "| filter | p50 ms | p95 ms | rows | matching |",
  "|---|---:|---:|---:|---:|",
  ...results.map((r) => `| ${r.name} | ${r.p50} | ${r.p95} | ${r.rows} | ${r.total} |`),
  "",
  `Worst p95: ${worst} ms (bar: ≤ 100 ms). Plans: ${plans.length} EXPLAINs (every combination of status, payment status, method, city, store, dates and search, with common values and with rare ones, plus phone and e-mail searches and a vendor's scope; each sort; first page, after and before a cursor; the bounded count): ${seqScans.length} sequential scans of orders.`,
]);
process.stdout.write(`worst p95 ${worst} ms; RESULTS.md updated\n`);
