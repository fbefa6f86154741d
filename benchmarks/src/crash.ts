/**
 * Crash test (quality bar "crash", issue #5): places COD orders from several buyers while the
 * server is killed with SIGKILL at random moments and restarted, then checks that every order
 * answered with 2xx exists whole, that no order lacks its items, that no idempotency key made two
 * checkouts, and that stock + units sold equals the initial stock.
 *
 *   node benchmarks/src/crash.ts [--engine both|embedded|external] [--cycles 20]
 *     [--pg postgres://root@127.0.0.1:5432/postgres]
 *
 * external: a fresh database on that PostgreSQL server (dropped afterwards); the kill hits the
 * Node process. embedded: a fresh data folder; the kill hits the whole process group, Node and
 * the PostgreSQL it started, so each restart goes through PostgreSQL's crash recovery.
 * Records the outcome in benchmarks/RESULTS.md under "crash".
 */
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { embeddedUrl } from "@maidan/db/embedded-url";
import pg from "pg";
import { stamp, writeSection } from "./sections.ts";
import { type RunningServer, startServer } from "./server-process.ts";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "both" },
    cycles: { type: "string", default: "20" },
    pg: { type: "string", default: "postgres://root@127.0.0.1:5432/postgres" },
    buyers: { type: "string", default: "8" },
  },
});
const CYCLES = Number(values.cycles);
const BUYERS = Number(values.buyers);
const PORT = 3197;
const STOCK = 1000;

type Ack = { ids: string[]; qty: number; vid: string };
type Outcome = {
  engine: string;
  attempts: number;
  acks: number;
  failures: number;
  ordersTotal: number;
  missing: number;
  withoutItems: number;
  qtyMismatch: number;
  duplicateKeys: number;
  stock: number;
  sold: number;
  initial: number;
};

async function query<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return (await db.query(text, params)).rows as T[];
  } finally {
    await db.end();
  }
}

async function run(engine: "embedded" | "external"): Promise<Outcome> {
  const name = `maidan_crash_${Date.now()}`;
  const dataDir = `/tmp/${name}`;
  // PAYMENTS_SANDBOX: a production start otherwise insists on live gateway settings.
  const env: Record<string, string> = {
    SEED_PRODUCTS: "20",
    DATA_DIR: dataDir,
    PAYMENTS_SANDBOX: "true",
    // The order load comes from one address: no limits on unconfirmed COD orders.
    COD_HOLD_ORDERS: "0",
    COD_HOLD_UNITS: "0",
    COD_HOLD_IP_ORDERS: "0",
    COD_HOLD_IP_UNITS: "0",
    COD_SMS_PER_HOUR: "0",
    COD_SMS_IP_PER_HOUR: "0",
  };
  if (engine === "external") {
    await query(values.pg!, `create database ${name}`);
    env.DATABASE_URL = values.pg!.replace(/\/[^/]*$/, `/${name}`);
  }
  const group = engine === "embedded";
  const dbUrl = () => env.DATABASE_URL ?? embeddedUrl(dataDir);

  let server: RunningServer = await startServer(env, PORT, { group });
  const variants = await query<{ vid: string; pid: string }>(
    dbUrl(),
    "select v.id as vid, v.product_id as pid from variants v join products p on p.id = v.product_id where v.active and p.active order by v.id limit 5",
  );
  await query(dbUrl(), "update variants set stock = $2 where id = any($1)", [
    variants.map((v) => v.vid),
    STOCK,
  ]);
  const acks: Ack[] = [];
  let attempts = 0;
  let failures = 0;

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
    server.crash();
    stopAt.stop = true;
    await Promise.all(running);
    await new Promise((r) => setTimeout(r, 200));
    server = await startServer(env, PORT, { group });
    console.log(`${engine} cycle ${cycle + 1}/${CYCLES}: ${acks.length} acknowledged so far`);
  }

  const n = async (text: string, params: unknown[] = []) =>
    Number((await query<{ n: number }>(dbUrl(), text, params))[0]?.n);
  const ackIds = acks.flatMap((a) => a.ids);
  const vids = variants.map((v) => v.vid);
  const outcome: Outcome = {
    engine,
    attempts,
    acks: acks.length,
    failures,
    ordersTotal: await n("select count(*)::int as n from orders"),
    missing:
      ackIds.length -
      (await n("select count(*)::int as n from orders where id = any($1)", [ackIds])),
    withoutItems: await n(
      "select count(*)::int as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)",
    ),
    qtyMismatch: await n(
      "select count(*)::int as n from orders o where o.qty <> (select coalesce(sum(qty),0) from order_items i where i.order_id = o.id)",
    ),
    duplicateKeys: await n(
      "select (select count(distinct checkout_id) from orders) - (select count(*) from checkout_requests) as n",
    ),
    stock: await n("select sum(stock)::int as n from variants where id = any($1)", [vids]),
    sold: await n(
      "select coalesce(sum(i.qty),0)::int as n from order_items i join orders o on o.id = i.order_id where o.status <> 'cancelled' and i.variant_id = any($1)",
      [vids],
    ),
    initial: STOCK * variants.length,
  };
  await server.stop();
  if (engine === "external") await query(values.pg!, `drop database ${name} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
  return outcome;
}

const passed = (o: Outcome) =>
  o.missing === 0 &&
  o.withoutItems === 0 &&
  o.qtyMismatch === 0 &&
  o.duplicateKeys === 0 &&
  o.stock + o.sold === o.initial;

const engines =
  values.engine === "both" ? (["embedded", "external"] as const) : [values.engine as "embedded"];
const outcomes: Outcome[] = [];
for (const engine of engines) outcomes.push(await run(engine));

const row = (label: string, f: (o: Outcome) => string | number) =>
  `| ${label} | ${outcomes.map(f).join(" | ")} |`;
const lines = [
  `Run ${stamp()}: ${CYCLES} SIGKILL cycles per engine, ${BUYERS} concurrent buyers (\`node benchmarks/src/crash.ts\`). Embedded: the kill takes the server's whole process group, its PostgreSQL too, so every restart runs crash recovery. External: the kill takes the server process.`,
  "",
  `| check | ${outcomes.map((o) => o.engine).join(" | ")} |`,
  `|---|${outcomes.map(() => "---").join("|")}|`,
  row(
    "order attempts / acknowledged 2xx / failed (killed mid-request)",
    (o) => `${o.attempts} / ${o.acks} / ${o.failures}`,
  ),
  row("orders in the database (some committed but never acknowledged)", (o) => o.ordersTotal),
  row("acknowledged orders missing", (o) => o.missing),
  row(
    "orders without items / with item quantities not adding up",
    (o) => `${o.withoutItems} / ${o.qtyMismatch}`,
  ),
  row("checkouts without their idempotency record (or the reverse)", (o) => o.duplicateKeys),
  row(
    "stock + sold = initial",
    (o) =>
      `${o.stock} + ${o.sold} = ${o.initial}: ${o.stock + o.sold === o.initial ? "yes" : "NO"}`,
  ),
  row("verdict", (o) => (passed(o) ? "pass" : "FAIL")),
];
writeSection("crash", lines);
console.log(lines.join("\n"));
process.exit(outcomes.every(passed) ? 0 : 1);
