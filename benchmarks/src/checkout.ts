import { execFileSync } from "node:child_process";
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { embeddedUrl } from "@maidan/db/embedded-url";
import {
  ADDRESS,
  CARTS,
  ensureDatabase,
  merge,
  NO_COD_LIMITS,
  pick,
  prepare,
  probe,
} from "./checkout-setup.ts";
import { type LoadResult, load } from "./load.ts";
import { stamp, writeSection } from "./sections.ts";
import { startServer } from "./server-process.ts";

/**
 * `npm run bench:checkout [-- --engine embedded|external|both --seconds 10 --connections 100]`
 * Per engine: reseeds 2,000 products, raises the stock of 500 variants so nothing sells out,
 * then loads
 *  - add to cart: POST /api/cart/v2/add, every request a new guest (its own `guest` cookie), so
 *    each one creates a cart and a line, as a shopper's first tap does;
 *  - COD order: POST /api/orders with a typed address, every request a different guest whose
 *    cart was filled beforehand (straight in SQL, so the run measures only placing the order).
 *    COD confirmation stays on: the orders are left pending confirmation, as real ones would be.
 * Writes the "checkout" section of RESULTS.md.
 */
const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "both" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "100" },
    "external-base": { type: "string", default: "postgres://root@127.0.0.1:5432" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const OUT = fileURLToPath(new URL("../out/", import.meta.url));
const SEED = fileURLToPath(new URL("../../apps/server/src/cli/seed.ts", import.meta.url));

const engines = values.engine === "both" ? ["embedded", "external"] : [values.engine!];
const runs: { engine: string; add: LoadResult; order: LoadResult }[] = [];
for (const engine of engines) {
  const dataDir = `${OUT}checkout-${engine}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PAYMENTS_SANDBOX: "true",
    // The load comes from one address to one phone number: no limits on unconfirmed COD orders.
    ...NO_COD_LIMITS,
  };
  if (engine === "external") {
    await ensureDatabase(values["external-base"]!, "maidan_bench_checkout");
    env.DATABASE_URL = `${values["external-base"]}/maidan_bench_checkout`;
  }
  process.stdout.write(`\n${engine}: seeding 2,000 products\n`);
  execFileSync(process.execPath, [SEED, "--products", "2000", "--reset"], {
    env: { ...process.env, ...env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const server = await startServer(env, 3960 + runs.length);
  try {
    const run = String(Date.now());
    const variants = await prepare(env.DATABASE_URL ?? embeddedUrl(dataDir), run);
    const base = { "content-type": "application/json", origin: server.base };
    let a = 0;
    const addOnce = (n: number) => ({
      path: "/api/cart/v2/add",
      method: "POST",
      headers: { ...base, cookie: `guest=ba-${run}-${n}` },
      body: JSON.stringify({ ...pick(variants, n), qty: 1 }),
    });
    await probe(server.base, addOnce(0));
    await probe(server.base, {
      path: "/api/orders",
      method: "POST",
      headers: { ...base, cookie: `guest=bo-${run}-${CARTS}` },
      body: JSON.stringify({ address: ADDRESS, paymentMethod: "COD" }),
    });
    // Warm-up (not recorded), then the measured run.
    await load(server.base, "warm-up", "/api/cart/v2/add", {
      connections,
      seconds: 2,
      setupRequest: (req) => merge(req, addOnce(++a)),
    });
    const add = await load(server.base, "add to cart", "/api/cart/v2/add", {
      connections,
      seconds,
      setupRequest: (req) => merge(req, addOnce(++a)),
    });
    process.stdout.write(
      `  add to cart: p95 ${add.p95} ms, ${add.rps} req/s, ${add.non2xx + add.errors} failed\n`,
    );
    let o = 0;
    const order = await load(server.base, "COD order", "/api/orders", {
      connections,
      seconds,
      setupRequest: (req) =>
        merge(req, {
          path: "/api/orders",
          method: "POST",
          headers: { ...base, cookie: `guest=bo-${run}-${++o}` },
          body: JSON.stringify({ address: ADDRESS, paymentMethod: "COD" }),
        }),
    });
    if (o > CARTS) process.stdout.write(`  warning: ${o} order requests for ${CARTS} carts\n`);
    process.stdout.write(
      `  COD order: p95 ${order.p95} ms, ${order.okPerSecond} orders/s, ${order.non2xx + order.errors} failed of ${order.requests}\n`,
    );
    runs.push({ engine, add, order });
  } finally {
    await server.stop();
  }
}

const cpu = cpus();
const machine = `${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GB RAM`;
const row = (engine: string, r: LoadResult, goal: number) =>
  `| ${engine} | ${r.name} | ${r.requests} | ${r.okPerSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors + r.non2xx} | ≤ ${goal} ms: ${r.p95 <= goal ? "met" : "missed"} |`;
writeSection("checkout", [
  `Run ${stamp()} on ${machine}; ${connections} connections, ${seconds} s per target (add to cart after a 2 s warm-up), 2,000 products, one request per new guest.`,
  "The machine is shared with other engineers' builds and tests, so these figures are noisy: compare runs made close together.",
  "",
  "| engine | target | requests | 2xx/s (orders/s) | p50 ms | p95 ms | p99 ms | non-2xx + errors | p95 goal |",
  "|---|---|---:|---:|---:|---:|---:|---:|---|",
  ...runs.flatMap((r) => [row(r.engine, r.add, 100), row(r.engine, r.order, 300)]),
]);
process.stdout.write("\nwrote benchmarks/RESULTS.md (checkout)\n");
