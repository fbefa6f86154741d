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
    /**
     * Targets whose req/s the others are compared with, one ratio column each, by name (default:
     * each run's first target, the static string).
     */
    floors?: string[];
    /** Lines printed under the table. */
    notes?: string[];
    /**
     * With results that carry `cpuMsPerRequest`: the target whose server CPU per request the
     * others are compared with (a capacity ratio, not limited by the load generator).
     */
    capacityFloor?: string;
  },
) {
  const floors = data.floors ?? [];
  const capacity = data.capacityFloor;
  const lines = [
    `<!-- ${suite}:start -->`,
    `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${data.machine}; ${data.connections} connections, ${data.seconds} s per target after a 2 s warm-up.`,
    "",
    `| engine | target | req/s | p50 ms | p95 ms | p99 ms | errors | ${floors.length ? floors.map((f) => `ratio to ${f}`).join(" | ") : "ratio to floor"} |${capacity ? ` server CPU µs per request | capacity ratio to ${capacity} |` : ""}`,
    `|---|---|---:|---:|---:|---:|---:|${floors.length ? floors.map(() => "---:").join("|") : "---:"}|${capacity ? "---:|---:|" : ""}`,
  ];
  for (const run of data.runs) {
    const rpsOf = (name: string) => run.results.find((r) => r.name === name)?.rps || 1;
    const bases = floors.length ? floors.map(rpsOf) : [run.results[0]?.rps || 1];
    const floorCpu = run.results.find((r) => r.name === capacity)?.cpuMsPerRequest;
    for (const r of run.results) {
      const ratios = bases.map((b) => (r.rps / b).toFixed(2)).join(" | ");
      const cpu = r.cpuMsPerRequest;
      const cpuCells = !capacity
        ? ""
        : ` ${cpu === undefined ? "–" : Math.round(cpu * 1000)} | ${cpu && floorCpu ? (floorCpu / cpu).toFixed(2) : "–"} |`;
      lines.push(
        `| ${run.engine} | ${r.name} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors + r.non2xx} | ${ratios} |${cpuCells}`,
      );
    }
  }
  if (data.notes?.length) lines.push("", ...data.notes);
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
