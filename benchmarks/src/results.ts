import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { LoadResult } from "./load.ts";

const FILE = fileURLToPath(new URL("../RESULTS.md", import.meta.url));

/** Replaces the section between this suite's markers in RESULTS.md, keeping the others. */
export function writeResults(
  suite: string,
  data: {
    machine: string;
    seconds: number;
    connections: number;
    runs: { engine: string; results: LoadResult[] }[];
  },
) {
  const lines = [
    `<!-- ${suite}:start -->`,
    `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${data.machine}; ${data.connections} connections, ${data.seconds} s per target after a 2 s warm-up.`,
    "",
    "| engine | target | req/s | p50 ms | p95 ms | p99 ms | errors | ratio to floor |",
    "|---|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const run of data.runs) {
    const floor = run.results[0]?.rps || 1;
    for (const r of run.results) {
      lines.push(
        `| ${run.engine} | ${r.name} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors + r.non2xx} | ${(r.rps / floor).toFixed(2)} |`,
      );
    }
  }
  lines.push(`<!-- ${suite}:end -->`);
  const block = lines.join("\n");
  let text = existsSync(FILE) ? readFileSync(FILE, "utf8") : "# Benchmark results\n";
  // Suite names may hold regex characters ("Lighthouse (mobile)"): match them literally.
  const name = suite.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const re = new RegExp(`<!-- ${name}:start -->[\\s\\S]*?<!-- ${name}:end -->`);
  text = re.test(text)
    ? text.replace(re, () => block)
    : `${text.trimEnd()}\n\n## ${suite}\n\n${block}\n`;
  writeFileSync(FILE, text);
}
