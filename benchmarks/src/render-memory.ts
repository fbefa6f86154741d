import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { load } from "./load.ts";
import { peakRssMb } from "./plain-floor.ts";
import { productSlugs } from "./product-slugs.ts";
import { stamp, writeSection } from "./sections.ts";
import { startServer } from "./server-process.ts";

/**
 * `npm run bench:render-memory [-- --limits 1000,16,8 --seconds 6 --connections 100]`
 * Uncached server-rendered product pages (CACHE_TTL_MS=0, 300 products in rotation) with each
 * RENDER_CONCURRENCY in turn: two runs per limit on one server, req/s, p95 and the server's peak
 * RSS (decision 013, "a line for page renders"). Writes the "render memory" section of
 * RESULTS.md. Demo data in benchmarks/out/data-render-memory (seeded on the first start).
 */
const { values } = parseArgs({
  options: {
    limits: { type: "string", default: "1000,16,8" },
    seconds: { type: "string", default: "6" },
    connections: { type: "string", default: "100" },
  },
});
const limits = values.limits!.split(",").map(Number);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const DATA = fileURLToPath(new URL("../out/data-render-memory", import.meta.url));

const rows: string[] = [];
const loadBefore = loadavg()[0] ?? 0;
for (const limit of limits) {
  const server = await startServer(
    { DATA_DIR: DATA, CACHE_TTL_MS: "0", RENDER_CONCURRENCY: String(limit) },
    3960,
  );
  try {
    const slugs = await productSlugs(server.base, 300);
    const idle = peakRssMb(server.pid);
    const runs = [];
    for (const n of [1, 2]) {
      const r = await load(server.base, "SSR product page", `/${slugs[0]}`, {
        connections,
        seconds,
        paths: slugs.map((s) => `/${s}`),
      });
      runs.push({ ...r, peak: peakRssMb(server.pid) });
      process.stdout.write(
        `limit ${limit} run ${n}: ${r.rps} req/s, p95 ${r.p95} ms, errors ${r.errors}, non-2xx ${r.non2xx}, peak RSS ${peakRssMb(server.pid)} MB\n`,
      );
    }
    rows.push(
      `| ${limit >= connections ? `${limit} (no limit at ${connections} connections)` : limit} | ${runs.map((r) => r.rps).join(", ")} | ${runs.map((r) => r.p95).join(", ")} | ${idle} | ${runs.map((r) => r.peak).join(", ")} | ${runs.reduce((n, r) => n + r.errors + r.non2xx, 0)} |`,
    );
  } finally {
    await server.stop();
  }
}
const loadAfter = loadavg()[0] ?? 0;

writeSection("render memory", [
  `Run ${stamp()} with \`npm run bench:render-memory\`: uncached product pages (\`CACHE_TTL_MS=0\`, ${connections} connections, 300 products in rotation, two runs of ${seconds} s per limit on one server, demo data, embedded PostgreSQL). Peak RSS is the Node process's VmHWM (goal < 300 MB). Load average (1 min) ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after, 2 cores.`,
  "",
  "| RENDER_CONCURRENCY | req/s (run 1, 2) | p95 ms (run 1, 2) | RSS before MB | peak RSS MB (after run 1, 2) | errors + non-2xx |",
  "|---|---:|---:|---:|---:|---:|",
  ...rows,
]);
