import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ensureDatabase } from "@maidan/db/database";
import { type LoadResult, load } from "./load.ts";
import { writeResults } from "./results.ts";
import { startServer } from "./server-process.ts";

/**
 * `npm run bench [-- --engine embedded|external|both --seconds 10 --connections 50]`
 * Starts the built server per engine and loads: the static-string floor, the start-up route
 * table API, and the server-rendered home page. Writes benchmarks/RESULTS.md.
 */
const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "both" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    "external-url": { type: "string", default: "postgres://root@127.0.0.1:5432/maidan_bench" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const OUT = fileURLToPath(new URL("../out/", import.meta.url));
mkdirSync(OUT, { recursive: true });

// A first visit (no cookies) may be served from the anonymous page cache; a returning visitor
// (any cookie) is rendered on every request, so both are measured.
const targets: { name: string; path: string; headers?: Record<string, string> }[] = [
  { name: "floor: static string", path: "/api/ping" },
  { name: "GET /api/pages/router", path: "/api/pages/router" },
  { name: "SSR home page, first visit", path: "/" },
  {
    name: "SSR home page, rendered (returning guest)",
    path: "/",
    headers: { cookie: "guest=bench-guest" },
  },
];

const engines = values.engine === "both" ? ["embedded", "external"] : [values.engine!];
const runs: { engine: string; results: LoadResult[] }[] = [];
for (const engine of engines) {
  const env: Record<string, string> = { DATA_DIR: `${OUT}data-${engine}` };
  if (engine === "external") {
    const url = new URL(values["external-url"]!);
    const name = url.pathname.slice(1);
    url.pathname = "/postgres";
    await ensureDatabase(url.toString(), name);
    env.DATABASE_URL = values["external-url"]!;
  }
  process.stdout.write(`\n${engine}: starting server\n`);
  const server = await startServer(env, 3900 + runs.length);
  const results: LoadResult[] = [];
  try {
    for (const t of targets) {
      await load(server.base, t.name, t.path, { connections: 10, seconds: 2, headers: t.headers }); // warm-up
      const r = await load(server.base, t.name, t.path, {
        connections,
        seconds,
        headers: t.headers,
      });
      process.stdout.write(
        `  ${r.name}: ${r.rps} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}\n`,
      );
      results.push(r);
    }
  } finally {
    await server.stop();
  }
  runs.push({ engine, results });
}

const machine = `${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
writeFileSync(
  `${OUT}foundation.json`,
  JSON.stringify({ at: new Date().toISOString(), machine, seconds, connections, runs }, null, 2),
);
writeResults("foundation", { machine, seconds, connections, runs });
