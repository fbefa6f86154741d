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
  // Suite names may hold regex characters ("Lighthouse (mobile)"): match them literally.
  const name = suite.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const re = new RegExp(`<!-- ${name}:start -->[\\s\\S]*?<!-- ${name}:end -->`);
  text = re.test(text)
    ? text.replace(re, () => block)
    : `${text.trimEnd()}\n\n## ${suite}\n\n${block}\n`;
  writeFileSync(FILE, text);
}

export const stamp = () => `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`;
