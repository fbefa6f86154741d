/**
 * Crash test (quality bar "crash", issue #5): places COD orders from several buyers while the
 * server is killed with SIGKILL at random moments and restarted, then checks that every order
 * answered with 2xx exists whole, that no order lacks its items, that no idempotency key made two
 * checkouts, and that stock + units sold equals the initial stock.
 *
 *   node benchmarks/src/crash.ts [--cycles 20] [--pg postgres://root@127.0.0.1:5432/postgres]
 *
 * Runs against a fresh database on that PostgreSQL server (dropped afterwards) and records the
 * outcome in benchmarks/RESULTS.md under "crash".
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { stamp, writeSection } from "./sections.ts";
import { type RunningServer, startServer } from "./server-process.ts";

const { values } = parseArgs({
  options: {
    cycles: { type: "string", default: "20" },
    pg: { type: "string", default: "postgres://root@127.0.0.1:5432/postgres" },
    buyers: { type: "string", default: "8" },
  },
});
const CYCLES = Number(values.cycles);
const BUYERS = Number(values.buyers);
const PORT = 3197;
const dbName = `maidan_crash_${Date.now()}`;
const admin = new pg.Client({ connectionString: values.pg });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = values.pg.replace(/\/[^/]*$/, `/${dbName}`);
// PAYMENTS_SANDBOX: a production start otherwise insists on live gateway settings.
const env = {
  DATABASE_URL: url,
  SEED_PRODUCTS: "20",
  DATA_DIR: `/tmp/${dbName}`,
  PAYMENTS_SANDBOX: "true",
};

type Ack = { ids: string[]; qty: number; vid: string };
const acks: Ack[] = [];
let attempts = 0;
let failures = 0;

const db = new pg.Client({ connectionString: url });
let server: RunningServer = await startServer(env, PORT);
await db.connect();
const { rows: variants } = await db.query<{ vid: string; pid: string }>(
  "select v.id as vid, v.product_id as pid from variants v join products p on p.id = v.product_id where v.active and p.active order by v.id limit 5",
);
await db.query("update variants set stock = 1000 where id = any($1)", [variants.map((v) => v.vid)]);
const INITIAL = 1000 * variants.length;

/** One buyer: a fresh guest cart per order, so each order is independent. */
async function buyer(base: string, stopAt: { stop: boolean }) {
  while (!stopAt.stop) {
    const v = variants[Math.floor(Math.random() * variants.length)];
    if (!v) return;
    const qty = 1 + Math.floor(Math.random() * 2);
    const headers = {
      "content-type": "application/json",
      origin: base,
      cookie: `guest=crash-${randomUUID()}`,
    };
    attempts++;
    try {
      const add = await fetch(`${base}/api/cart/v2/add`, {
        method: "POST",
        headers,
        body: JSON.stringify({ pid: v.pid, vid: v.vid, qty }),
      });
      if (!add.ok) throw new Error(`add ${add.status}`);
      const res = await fetch(`${base}/api/orders`, {
        method: "POST",
        headers: { ...headers, "idempotency-key": randomUUID() },
        body: JSON.stringify({
          paymentMethod: "COD",
          address: {
            fullName: "Crash Test",
            phone: "03001234567",
            province: "Sindh",
            city: "Karachi",
            address: "House 1, Street 2, Clifton",
          },
        }),
      });
      if (res.ok) {
        const body = (await res.json()) as { orders: { _id: string }[] };
        acks.push({ ids: body.orders.map((o) => o._id), qty, vid: v.vid });
      } else failures++;
    } catch {
      failures++;
    }
  }
}

for (let cycle = 0; cycle < CYCLES; cycle++) {
  const stopAt = { stop: false };
  const running = Array.from({ length: BUYERS }, () => buyer(server.base, stopAt));
  await new Promise((r) => setTimeout(r, 300 + Math.random() * 1200));
  process.kill(server.pid, "SIGKILL");
  stopAt.stop = true;
  await Promise.all(running);
  await new Promise((r) => setTimeout(r, 200));
  server = await startServer(env, PORT);
  console.log(`cycle ${cycle + 1}/${CYCLES}: ${acks.length} acknowledged so far`);
}
await server.stop();

const q = async (text: string, params: unknown[] = []) => (await db.query(text, params)).rows;
const ackIds = acks.flatMap((a) => a.ids);
const found = await q("select id, qty from orders where id = any($1)", [ackIds]);
const missing = ackIds.length - found.length;
const withoutItems = Number(
  (
    await q(
      "select count(*)::int as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)",
    )
  )[0]?.n,
);
const qtyMismatch = Number(
  (
    await q(
      "select count(*)::int as n from orders o where o.qty <> (select coalesce(sum(qty),0) from order_items i where i.order_id = o.id)",
    )
  )[0]?.n,
);
const duplicateKeys = Number(
  (
    await q(
      "select (select count(distinct checkout_id) from orders) - (select count(*) from checkout_requests) as n",
    )
  )[0]?.n,
);
const stock = Number(
  (
    await q("select sum(stock)::int as n from variants where id = any($1)", [
      variants.map((v) => v.vid),
    ])
  )[0]?.n,
);
const sold = Number(
  (
    await q(
      "select coalesce(sum(i.qty),0)::int as n from order_items i join orders o on o.id = i.order_id where o.status <> 'cancelled' and i.variant_id = any($1)",
      [variants.map((v) => v.vid)],
    )
  )[0]?.n,
);
const ordersTotal = Number((await q("select count(*)::int as n from orders"))[0]?.n);
await db.end();
await admin.query(`drop database ${dbName} with (force)`);
await admin.end();

const ok =
  missing === 0 &&
  withoutItems === 0 &&
  qtyMismatch === 0 &&
  duplicateKeys === 0 &&
  stock + sold === INITIAL;
const lines = [
  `Run ${stamp()}: ${CYCLES} SIGKILL cycles, ${BUYERS} concurrent buyers, external PostgreSQL (\`node benchmarks/src/crash.ts\`).`,
  "",
  "| check | result |",
  "|---|---|",
  `| order attempts / acknowledged 2xx / failed (killed mid-request) | ${attempts} / ${acks.length} / ${failures} |`,
  `| orders in the database (some committed but never acknowledged) | ${ordersTotal} |`,
  `| acknowledged orders missing | ${missing} |`,
  `| orders without items / with item quantities not adding up | ${withoutItems} / ${qtyMismatch} |`,
  `| checkouts without their idempotency record (or the reverse) | ${duplicateKeys} |`,
  `| stock ${stock} + sold ${sold} = initial ${INITIAL} | ${stock + sold === INITIAL ? "yes" : "NO"} |`,
  `| verdict | ${ok ? "pass" : "FAIL"} |`,
];
writeSection("crash", lines);
console.log(lines.join("\n"));
process.exit(ok ? 0 : 1);
