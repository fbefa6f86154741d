import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { stamp, writeSection } from "./sections.ts";
import { startServer } from "./server-process.ts";

/**
 * `npm run bench:lighthouse` (after `npm run build`): Lighthouse's mobile preset, driving
 * Debian's Chromium, on the home page, a category listing, a product and a search page. Full
 * reports go to benchmarks/lighthouse/out/ (not committed); a small JSON summary per page and
 * the scores in RESULTS.md are committed. Goals: performance ≥ 95, accessibility ≥ 95.
 */
const { values } = parseArgs({
  options: {
    base: { type: "string" },
    chromium: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
  },
});
const DIR = fileURLToPath(new URL("../lighthouse/", import.meta.url));
const OUT = `${DIR}out/`;
mkdirSync(OUT, { recursive: true });

const server = values.base
  ? null
  : await startServer(
      {
        DATA_DIR: fileURLToPath(new URL("../out/data-lighthouse", import.meta.url)),
        // The built-in sandbox gateways, as in development and the e2e runs.
        PAYMENTS_SANDBOX: "true",
      },
      3950,
    );
const base = values.base ?? server!.base;

// A product and a category that the seed always has: the first of each from the API.
const products = (await (await fetch(`${base}/api/products?limit=1&sort=best-selling`)).json()) as {
  items: { slug: string }[];
};
const pages = [
  { name: "home", path: "/" },
  { name: "category", path: "/men" },
  { name: "product", path: `/${products.items[0]?.slug}` },
  { name: "search", path: "/search/shoes" },
];

const chrome = await chromeLauncher.launch({
  chromePath: values.chromium,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
const rows: {
  name: string;
  path: string;
  scores: Record<string, number>;
  metrics: Record<string, number>;
}[] = [];
try {
  for (const page of pages) {
    // Mobile is Lighthouse's default form factor and throttling (simulated slow 4G, 4× CPU).
    const result = await lighthouse(
      `${base}${page.path}`,
      { port: chrome.port, output: ["json", "html"], logLevel: "error" },
      {
        extends: "lighthouse:default",
        settings: { onlyCategories: ["performance", "accessibility", "best-practices", "seo"] },
      },
    );
    if (!result) throw new Error(`lighthouse gave no result for ${page.path}`);
    const [json, html] = result.report as string[];
    writeFileSync(`${OUT}${page.name}.report.json`, json ?? "");
    writeFileSync(`${OUT}${page.name}.report.html`, html ?? "");
    const lhr = result.lhr;
    const scores = Object.fromEntries(
      Object.entries(lhr.categories).map(([k, c]) => [k, Math.round((c.score ?? 0) * 100)]),
    );
    const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
    const metrics = {
      fcpMs: metric("first-contentful-paint"),
      lcpMs: metric("largest-contentful-paint"),
      tbtMs: metric("total-blocking-time"),
      cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
    };
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
      .map((a) => a.id);
    writeFileSync(
      `${DIR}${page.name}.json`,
      `${JSON.stringify({ url: page.path, fetchTime: lhr.fetchTime, lighthouse: lhr.lighthouseVersion, scores, metrics, failing }, null, 2)}\n`,
    );
    rows.push({ name: page.name, path: page.path, scores, metrics });
    process.stdout.write(`${page.name}: ${JSON.stringify(scores)} ${JSON.stringify(metrics)}\n`);
  }
} finally {
  await chrome.kill();
  await server?.stop();
}

writeSection("Lighthouse (mobile)", [
  `Run ${stamp()} with \`npm run bench:lighthouse\`: Lighthouse mobile preset in Debian's Chromium against the production build on 127.0.0.1. Goals: performance ≥ 95, accessibility ≥ 95. Summaries in \`benchmarks/lighthouse/*.json\`.`,
  "",
  "| page | path | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS |",
  "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...rows.map(
    (r) =>
      `| ${r.name} | \`${r.path}\` | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores["best-practices"]} | ${r.scores.seo} | ${r.metrics.fcpMs} | ${r.metrics.lcpMs} | ${r.metrics.tbtMs} | ${r.metrics.cls} |`,
  ),
]);
