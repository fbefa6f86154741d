import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const FILE = fileURLToPath(new URL("../RESULTS.md", import.meta.url));

/**
 * Replaces the block between `<!-- suite:start -->` and `<!-- suite:end -->` in RESULTS.md, or
 * appends it under a `## suite` heading, leaving every other suite's figures as they are.
 */
export function writeSection(suite: string, lines: string[]) {
  const block = [`<!-- ${suite}:start -->`, ...lines, `<!-- ${suite}:end -->`].join("\n");
  let text = existsSync(FILE) ? readFileSync(FILE, "utf8") : "# Benchmark results\n";
  const re = new RegExp(`<!-- ${suite}:start -->[\\s\\S]*?<!-- ${suite}:end -->`);
  text = re.test(text) ? text.replace(re, block) : `${text.trimEnd()}\n\n## ${suite}\n\n${block}\n`;
  writeFileSync(FILE, text);
}

export const stamp = () => `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`;
