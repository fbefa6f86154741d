import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { embeddedUrl } from "@maidan/db/embedded-url";
import { LISTS, SEARCHES } from "./catalog-targets.ts";
import {
  ADDRESS,
  drainJobs,
  merge,
  NO_COD_LIMITS,
  pick,
  prepare,
  probe,
} from "./checkout-setup.ts";
import { type LoadResult, load, type RequestShape } from "./load.ts";
import { cpuTimeMs, treeCpuTimeMs } from "./plain-floor.ts";
import { productSlugs } from "./product-slugs.ts";
import { stamp, writeSection } from "./sections.ts";
import { startServer } from "./server-process.ts";

/**
 * `npm run bench:compare -- --baseline <checkout> [--rounds 3 --seconds 8 --connections 50]`
 * This checkout against another one (a worktree of an older commit, installed and built), in
 * one run: each side seeds 2,000 products into its own embedded database, then rounds
 * alternate the sides (A B, B A, …), each round starting the side's production server and
 * loading product list, product detail, search, the server-rendered product page (cookieless,
 * as a first visit), add to cart (a new guest per request) and a COD order (a pre-filled guest
 * cart per request). Reports medians per side and their ratio; writes the "compare" section.
 * `--only "product list,COD order"` loads just those targets (while profiling one of them).
 */
const { values } = parseArgs({
  options: {
    baseline: { type: "string" },
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "8" },
    connections: { type: "string", default: "50" },
    /** Comma-separated target names ("product list,COD order"): the others are not loaded. */
    only: { type: "string" },
  },
});
if (!values.baseline) throw new Error("--baseline <path to the other checkout> is required");
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const OUT = fileURLToPath(new URL("../out/", import.meta.url));
const HERE = fileURLToPath(new URL("../../", import.meta.url));
mkdirSync(OUT, { recursive: true });

type Side = { name: string; root: string; entry: string; seed: string; dataDir: string };
/** Older checkouts kept the server and the seed in apps/api. */
function side(name: string, root: string): Side {
  const first = (...paths: string[]) => {
    const found = paths.map((p) => join(root, p)).find((p) => existsSync(p));
    if (!found) throw new Error(`${root}: none of ${paths.join(", ")}`);
    return found;
  };
  return {
    name,
    root,
    entry: first("apps/server/src/main.ts", "apps/api/src/server.ts"),
    seed: first("apps/server/src/cli/seed.ts", "apps/api/src/cli/seed.ts"),
    dataDir: `${OUT}compare-${name}`,
  };
}
const sides = [side("baseline", resolve(values.baseline)), side("current", HERE)];
const env = (s: Side) => ({ DATA_DIR: s.dataDir, PAYMENTS_SANDBOX: "true", ...NO_COD_LIMITS });

for (const s of sides) {
  process.stdout.write(`${s.name}: seeding 2,000 products (${s.root})\n`);
  execFileSync(process.execPath, [s.seed, "--products", "2000", "--reset"], {
    cwd: s.root,
    env: { ...process.env, ...env(s), LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const BROWSER = { "accept-encoding": "gzip, deflate, br" };
const results = new Map<string, LoadResult[]>(); // `${side}|${target}` → one result per round
/** CPU ms per request of the server and its embedded PostgreSQL together, per round. */
const treeCpu = new Map<string, number[]>();
const us = (ms: number) => Math.round(ms * 1000);

async function measure(s: Side, round: number) {
  const server = await startServer(env(s), 3970, { entry: s.entry, cwd: s.root });
  try {
    const run = `${s.name}-${round}-${Date.now()}`;
    process.stdout.write(`  ${s.name} round ${round}: filling carts\n`);
    // More than a COD run places in its seconds at these connections on this machine.
    const variants = await prepare(embeddedUrl(s.dataDir), run, 20_000);
    const slugs = await productSlugs(server.base, 200);
    process.stdout.write(`  ${s.name} round ${round}: loading\n`);
    const json = { "content-type": "application/json", origin: server.base };
    let a = 0;
    let o = 0;
    const addOnce = (req: RequestShape) =>
      merge(req, {
        path: "/api/cart/v2/add",
        method: "POST",
        headers: { ...json, cookie: `guest=ca-${run}-${++a}` },
        body: JSON.stringify({ ...pick(variants, a), qty: 1 }),
      });
    const orderOnce = (req: RequestShape) =>
      merge(req, {
        path: "/api/orders",
        method: "POST",
        headers: { ...json, cookie: `guest=bo-${run}-${++o}` },
        body: JSON.stringify({ address: ADDRESS, paymentMethod: "COD" }),
      });
    for (const first of [addOnce({ path: "" }), orderOnce({ path: "" })])
      await probe(server.base, {
        path: first.path,
        method: "POST",
        headers: first.headers ?? {},
        body: first.body ?? "",
      });
    const targets: { name: string; path: string; paths?: string[]; setup?: typeof addOnce }[] = [
      { name: "product list", path: LISTS[0]!, paths: LISTS },
      {
        name: "product detail",
        path: `/api/products/${slugs[0]}`,
        paths: slugs.map((x) => `/api/products/${x}`),
      },
      { name: "search", path: SEARCHES[0]!, paths: SEARCHES },
      { name: "product page (SSR)", path: `/${slugs[0]}`, paths: slugs.map((x) => `/${x}`) },
      { name: "add to cart", path: "/api/cart/v2/add", setup: addOnce },
      { name: "COD order", path: "/api/orders", setup: orderOnce },
    ];
    const only = values.only?.split(",").map((x) => x.trim());
    for (const t of targets.filter((x) => !only || only.includes(x.name))) {
      const opts = {
        paths: t.paths,
        setupRequest: t.setup,
        headers: t.setup ? undefined : BROWSER,
      };
      await load(server.base, t.name, t.path, { connections: 10, seconds: 2, ...opts }); // warm-up
      await drainJobs(embeddedUrl(s.dataDir)); // the warm-up's jobs are not the load's
      const [cpu0, tree0] = [cpuTimeMs(server.pid), treeCpuTimeMs(server.pid)];
      const r = await load(server.base, t.name, t.path, { connections, seconds, ...opts });
      // Work the load left to the job queue is its cost too, not the next target's.
      const drained = await drainJobs(embeddedUrl(s.dataDir));
      r.cpuMsPerRequest = (cpuTimeMs(server.pid) - cpu0) / r.requests;
      const treeMs = (treeCpuTimeMs(server.pid) - tree0) / r.requests;
      treeCpu.set(`${s.name}|${t.name}`, [...(treeCpu.get(`${s.name}|${t.name}`) ?? []), treeMs]);
      const key = `${s.name}|${t.name}`;
      results.set(key, [...(results.get(key) ?? []), r]);
      process.stdout.write(
        `  ${s.name} round ${round}: ${t.name} ${r.okPerSecond} ok/s, p50 ${r.p50} ms, ${r.errors + r.non2xx} failed, CPU ${us(r.cpuMsPerRequest)} µs/request (${us(treeMs)} with PostgreSQL; ${drained} ms for its jobs after the load)\n`,
      );
    }
  } finally {
    await server.stop();
  }
}

const rounds = Number(values.rounds);
for (let round = 1; round <= rounds; round++) {
  const order = round % 2 ? sides : [...sides].reverse();
  for (const s of order) await measure(s, round);
}

const median = (xs: number[]) => {
  const v = [...xs].sort((x, y) => x - y);
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
};
const names = [...new Set([...results.keys()].map((k) => k.split("|")[1]!))];
const round1 = (x: number) => Math.round(x * 10) / 10;
const rows = names.map((n) => {
  const [b, c] = sides.map((s) => results.get(`${s.name}|${n}`) ?? []);
  const [bCpu, cCpu] = sides.map((s) => median(treeCpu.get(`${s.name}|${n}`) ?? [0]) * 1000);
  const bRate = median(b!.map((r) => r.okPerSecond));
  const cRate = median(c!.map((r) => r.okPerSecond));
  const bP50 = median(b!.map((r) => r.p50));
  const cP50 = median(c!.map((r) => r.p50));
  const ratio = cRate / bRate;
  const cost = cCpu! / bCpu!;
  const verdict = [
    ratio >= 0.95 ? "rate within 5%" : "rate more than 5% lower",
    cost <= 1.05 ? "CPU within 5%" : "CPU more than 5% higher",
  ].join("; ");
  return `| ${n} | ${round1(bRate)} | ${round1(cRate)} | ${ratio.toFixed(2)} | ${round1(bP50)} | ${round1(cP50)} | ${Math.round(bCpu!)} | ${Math.round(cCpu!)} | ${cost.toFixed(2)} | ${verdict} |`;
});
const cpu = cpus();
// A partial run (--only) is printed, never written over the full one.
if (!values.only)
  writeSection("compare", [
    `Run ${stamp()} on ${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GB RAM: this checkout against \`${values.baseline}\`, ${rounds} interleaved rounds, ${connections} connections, ${seconds} s per target after a 2 s warm-up, 2,000 products, embedded PostgreSQL. Medians of the rounds; ratio = current ÷ baseline (2xx per second); CPU = user + system CPU of the server and its embedded PostgreSQL per request (µs), counted until the jobs the load queued are done (the current side sends an order's SMS from the job queue, the baseline inside the request), which other work on a shared machine disturbs far less than the rate; cost = current ÷ baseline CPU.`,
    "",
    "| target | baseline 2xx/s | current 2xx/s | ratio | baseline p50 ms | current p50 ms | baseline CPU µs | current CPU µs | cost | verdict |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows,
  ]);
process.stdout.write(
  `\n${rows.join("\n")}\n${values.only ? "" : "wrote benchmarks/RESULTS.md (compare)\n"}`,
);
