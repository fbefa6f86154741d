import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { LISTS, SEARCHES } from "./catalog-targets.ts";
import { type LoadResult, load, type RequestShape } from "./load.ts";
import { newKeyPaths } from "./new-keys.ts";
import { cpuTimeMs, peakRssMb, startPlainHttp } from "./plain-floor.ts";
import { productSlugs } from "./product-slugs.ts";
import { writeResults } from "./results.ts";
import { startServer } from "./server-process.ts";

/**
 * `npm run bench:catalog [-- --engine embedded|external|both --sizes 1000,10000,100000
 *   --seconds 5 --connections 100 --cache on|off --keys same|new --reseed always|if-needed]`
 * With `--keys new` every list, filtered list and search request is a filter combination not
 * asked before (`new-keys.ts`), so no cache answers it: the cold path at each size.
 * Per engine and catalogue size: reseeds (`db:seed -- --products N --reset`; with `--reseed
 * if-needed` an external database already holding N products is kept, as a 1M seed takes ~7
 * minutes), starts the built server, and loads the static floor, product lists, product
 * detail, search and the server-rendered product page. Detail, search, list and page targets
 * rotate through many paths, so one hot cache entry does not flatter them. API requests say they
 * accept brotli and gzip, as browsers and the apps do (pages do not: see the target). Writes the
 * "catalogue" section of RESULTS.md.
 */
const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "both" },
    sizes: { type: "string", default: "1000,10000,100000" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "100" },
    cache: { type: "string", default: "on" },
    keys: { type: "string", default: "same" },
    reseed: { type: "string", default: "always" },
    "external-base": { type: "string", default: "postgres://root@127.0.0.1:5432" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const sizes = values.sizes!.split(",").map(Number);
const OUT = fileURLToPath(new URL("../out/", import.meta.url));
const SEED = fileURLToPath(new URL("../../apps/server/src/cli/seed.ts", import.meta.url));
mkdirSync(OUT, { recursive: true });

async function ensureDatabase(base: string, name: string) {
  const client = new pg.Client({ connectionString: `${base}/postgres` });
  await client.connect();
  const found = await client.query("select 1 from pg_database where datname = $1", [name]);
  if (found.rowCount === 0) await client.query(`create database "${name}"`);
  await client.end();
}

/** Whether an external benchmark database holds exactly `size` active products (a past seed). */
async function holds(url: string, size: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query("select count(*)::int as n from products where active");
    return r.rows[0]?.n === size;
  } catch {
    return false; // not migrated yet
  } finally {
    await client.end();
  }
}

const PLAIN = "floor: plain node:http";
type Target = {
  name: string;
  path: string;
  base?: string;
  paths?: string[];
  headers?: Record<string, string>;
  /** Shapes every request (a new cache key each time); warmed on its own sequence, no paths pass. */
  setup?: (req: RequestShape) => RequestShape;
};
/** Seconds of load on a new-key target before its measured run. */
const NEW_KEY_WARM_UP_S = 5;
/** As browsers and the mobile apps ask: compressed answers welcome. */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };
const engines = values.engine === "both" ? ["embedded", "external"] : [values.engine!];
const runs: { engine: string; results: LoadResult[] }[] = [];
/** The server's peak resident memory per run (the embedded PostgreSQL's processes not counted). */
const rss: string[] = [];
const apiRss: string[] = [];
for (const engine of engines) {
  for (const size of sizes) {
    const label = `${engine}, ${size.toLocaleString("en-US")} products`;
    // A production server refuses sandbox payment gateways unless told they are meant.
    const env: Record<string, string> = {
      DATA_DIR: `${OUT}catalog-${engine}`,
      PAYMENTS_SANDBOX: "true",
    };
    if (engine === "external") {
      await ensureDatabase(values["external-base"]!, `maidan_bench_${size}`);
      env.DATABASE_URL = `${values["external-base"]}/maidan_bench_${size}`;
    }
    if (values.cache === "off") env.CACHE_TTL_MS = "0";
    if (
      values.reseed === "if-needed" &&
      env.DATABASE_URL &&
      (await holds(env.DATABASE_URL, size))
    ) {
      process.stdout.write(`\n${label}: already seeded, kept\n`);
    } else {
      process.stdout.write(`\n${label}: seeding\n`);
      const started = Date.now();
      execFileSync(process.execPath, [SEED, "--products", String(size), "--reset"], {
        env: { ...process.env, ...env, LOG_LEVEL: "warn" },
        stdio: ["ignore", "ignore", "inherit"],
      });
      process.stdout.write(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    }
    const server = await startServer(env, 3950 + runs.length);
    const plain = await startPlainHttp(3940);
    const results: LoadResult[] = [];
    try {
      const slugs = await productSlugs(server.base, 300);
      const fresh = values.keys === "new" ? await newKeyPaths(server.base) : undefined;
      if (fresh) {
        const ms = await fresh.warmSearch();
        process.stdout.write(`  search words asked once, their cells built in ${ms} ms\n`);
      }
      const next = (f: () => string) => (req: RequestShape) => ({ ...req, path: f() });
      const coldTargets: Target[] = fresh
        ? [
            { name: "product list (new key)", path: fresh.list(), setup: next(fresh.list) },
            {
              name: "filtered list (new key)",
              path: fresh.filtered(),
              setup: next(fresh.filtered),
            },
            { name: "search (new key)", path: fresh.search(), setup: next(fresh.search) },
          ]
        : [];
      const targets: Target[] = [
        { name: PLAIN, path: "/", base: plain.base },
        { name: "floor: static string", path: "/api/ping" },
        { name: "product list", path: LISTS[0]!, paths: LISTS },
        {
          name: "product detail",
          path: `/api/products/${slugs[0]}`,
          paths: slugs.map((s) => `/api/products/${s}`),
        },
        { name: "search", path: SEARCHES[0]!, paths: SEARCHES },
        ...coldTargets,
        // Pages are asked for uncompressed: autocannon appends every body to a string, and
        // decoding brotli bytes as UTF-8 made the load generator, not the server, the limit
        // (5k pages/s at 0.04 ms of server CPU each). bench:pages measures compressed pages.
        {
          name: "SSR product page",
          path: `/${slugs[0]}`,
          paths: slugs.map((s) => `/${s}`),
          headers: {},
        },
      ];
      for (const t of targets) {
        // The API's own peak (the quality bars' peer figure), before any page is rendered.
        if (t.name === "SSR product page") {
          apiRss.push(`${label}: ${peakRssMb(server.pid) ?? "?"} MB`);
          process.stdout.write(`  server peak RSS after the API targets ${apiRss.at(-1)}\n`);
        }
        const base = t.base ?? server.base;
        const opts = {
          paths: t.paths,
          headers: t.headers ?? BROWSER_HEADERS,
          setupRequest: t.setup,
        };
        // Each path once, then 2 s: the run measures the warm state (the read cache keeps
        // entries 30 s; cold renders have their own figures in bench:pages and bench:render-memory).
        if (t.paths)
          await load(base, t.name, t.path, {
            connections: Math.min(10, t.paths.length),
            amount: t.paths.length,
            seconds: 0,
            ...opts,
          });
        if (!t.setup) await load(base, t.name, t.path, { connections: 10, seconds: 2, ...opts });
        // A new-key target warms up on its own sequence (it never repeats a key) at full load:
        // every connection of the server's pool then has read the catalogue, as a running
        // shop's have. A fresh PostgreSQL backend faults in each shared buffer it touches
        // (85–130 ms for one category's rows at 100k against 12–14 ms once warm), a start-up
        // cost that otherwise fell on the measured seconds, the more so the larger the catalogue.
        else await load(base, t.name, t.path, { connections, seconds: NEW_KEY_WARM_UP_S, ...opts });
        const pid = t.base ? plain.pid : server.pid;
        const cpuBefore = cpuTimeMs(pid);
        const r = await load(base, t.name, t.path, { connections, seconds, ...opts });
        r.cpuMsPerRequest = (cpuTimeMs(pid) - cpuBefore) / r.requests;
        process.stdout.write(
          `  ${r.name}: ${r.rps} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}, server CPU ${Math.round(r.cpuMsPerRequest * 1000)} µs/request\n`,
        );
        results.push(r);
      }
      rss.push(`${label}: ${peakRssMb(server.pid) ?? "?"} MB`);
      process.stdout.write(`  server peak RSS ${rss.at(-1)}\n`);
    } finally {
      await plain.stop();
      await server.stop();
    }
    runs.push({ engine: label, results });
  }
}

const machine = `${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const suite = `catalogue${values.cache === "off" ? " (cache off)" : ""}${values.keys === "new" ? " (new keys)" : ""}`;
writeFileSync(
  `${OUT}catalog${values.cache === "off" ? "-nocache" : ""}${values.keys === "new" ? "-newkeys" : ""}.json`,
  JSON.stringify({ at: new Date().toISOString(), machine, seconds, connections, runs }, null, 2),
);
writeResults(suite, {
  machine,
  seconds,
  connections,
  runs,
  floors: ["floor: static string", PLAIN],
  capacityFloor: PLAIN,
  notes: [
    `Server peak RSS (VmHWM of the Node process; goal < 300 MB) after the API targets: ${apiRss.join("; ")}; after the whole run, server-rendered pages included: ${rss.join("; ")}.`,
    "The plain node:http floor is a separate Node process answering `ok`; the static string is the shop's own `/api/ping`.",
    ...(values.keys === "new"
      ? [
          `A new-key target's warm-up is ${NEW_KEY_WARM_UP_S} s at ${connections} connections on its own sequence, which never repeats a key.`,
        ]
      : []),
  ],
});
