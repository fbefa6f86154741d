import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { percentile } from "./load.ts";
import { newKeyPaths } from "./new-keys.ts";
import { stamp, writeSection } from "./sections.ts";
import { startServer } from "./server-process.ts";

/**
 * `node benchmarks/src/idle-gap.ts --db postgres://…/maidan_bench_100000 [--gap 35] [--rounds 3]`
 * (or `--data-dir` of a seeded embedded database; by default bench:catalog's embedded one).
 * What a pause in traffic costs the next cold catalogue reads (decision 075): after a burst that
 * opens the pool's connections, each round waits `gap` seconds, then times 180 new-key reads
 * (lists, filtered lists, searches) at 10 at a time, and the same again at once. Writes the
 * "idle gap" section of RESULTS.md.
 */
const { values } = parseArgs({
  options: {
    db: { type: "string" },
    "data-dir": { type: "string" },
    gap: { type: "string", default: "35" },
    rounds: { type: "string", default: "3" },
  },
});
const gap = Number(values.gap);
const env: Record<string, string> = values.db
  ? { DATABASE_URL: values.db, DATA_DIR: "/tmp/maidan-idle-gap" }
  : {
      DATA_DIR:
        values["data-dir"] ?? fileURLToPath(new URL("../out/catalog-embedded", import.meta.url)),
    };
const server = await startServer(env, 3960);

type Row = { label: string; p50: number; p95: number; mean: number };
const rows: Row[] = [];
const row = (label: string, times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  const at = (p: number) => percentile(s, p);
  rows.push({ label, p50: at(0.5), p95: at(0.95), mean: s.reduce((a, b) => a + b, 0) / s.length });
  process.stdout.write(`  ${label}: p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms\n`);
};
try {
  const fresh = await newKeyPaths(server.base);
  await fresh.warmSearch();
  const kinds = [fresh.list, fresh.filtered, fresh.search];
  const get = async (path: string) => (await fetch(server.base + path)).arrayBuffer();
  /** `workers` loops at once, each asking `times` rounds of the three kinds; the times taken. */
  const timed = async (workers: number, times: number) => {
    const t: number[] = [];
    await Promise.all(
      Array.from({ length: workers }, async () => {
        for (let i = 0; i < times; i++)
          for (const next of kinds) {
            const started = performance.now();
            await get(next());
            t.push(performance.now() - started);
          }
      }),
    );
    return t;
  };
  await timed(20, 20); // the pool's connections open and read the catalogue
  row("warm", await timed(10, 6));
  for (let r = 1; r <= Number(values.rounds); r++) {
    await new Promise((done) => setTimeout(done, gap * 1000));
    row(`round ${r}: after ${gap} s idle`, await timed(10, 6));
    row(`round ${r}: at once again`, await timed(10, 6));
  }
} finally {
  await server.stop();
}

const ms = (n: number) => n.toFixed(1);
writeSection("idle gap", [
  `Run ${stamp()} (${values.db ? "external" : "embedded"}, ${values.db ?? env.DATA_DIR}), Node ${process.version}: 180 new-key catalogue reads (lists, filtered lists, searches), 10 at a time, after a pause of ${gap} s and again at once.`,
  "",
  "| when | p50 ms | p95 ms | mean ms |",
  "|---|---:|---:|---:|",
  ...rows.map((r) => `| ${r.label} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.mean)} |`),
]);
