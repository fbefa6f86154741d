import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
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
 * `--runs N` (default 3) measures each page N times and reports the median of each figure, with
 * the performance range: on a shared machine one run says little.
 */
const { values } = parseArgs({
  options: {
    base: { type: "string" },
    chromium: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
    runs: { type: "string", default: "3" },
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
const pages: { name: string; path: string; cookie?: string }[] = [
  { name: "home", path: "/" },
  { name: "category", path: "/men" },
  { name: "product", path: `/${products.items[0]?.slug}` },
  { name: "search", path: "/search/shoes" },
  { name: "checkout", path: "/checkout", cookie: await guestWithCart(products.items[0]?.slug) },
];

/** A guest id whose cart holds one unit of the product, so /checkout shows a real cart. */
async function guestWithCart(slug: string | undefined): Promise<string> {
  const guest = `guest=${crypto.randomUUID()}`;
  const detail = (await (await fetch(`${base}/api/products/${slug}`)).json()) as {
    _id: string;
    variants: { _id: string; stock: number }[];
  };
  const variant = detail.variants.find((v) => v.stock > 0);
  if (!variant) throw new Error(`lighthouse: ${slug} has no variant in stock for the cart`);
  const added = await fetch(`${base}/api/cart/v2/add`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: guest },
    body: JSON.stringify({ pid: detail._id, vid: variant._id, qty: 1 }),
  });
  if (!added.ok) throw new Error(`lighthouse: add to cart answered ${added.status}`);
  return guest;
}

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
const runs = Math.max(1, Number(values.runs));
const median = (xs: number[]) => {
  const sorted = [...xs].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
type Run = { scores: Record<string, number>; metrics: Record<string, number> };
const rows: { name: string; path: string; runs: Run[]; median: Run }[] = [];
const loadBefore = loadavg()[0] ?? 0;
try {
  for (const page of pages) {
    const done: Run[] = [];
    for (let i = 0; i < runs; i++) {
      // Mobile is Lighthouse's default form factor and throttling (simulated slow 4G, 4× CPU).
      const result = await lighthouse(
        `${base}${page.path}`,
        { port: chrome.port, output: ["json", "html"], logLevel: "error" },
        {
          extends: "lighthouse:default",
          settings: {
            onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
            ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
          },
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
      done.push({ scores, metrics });
      process.stdout.write(
        `${page.name} ${i + 1}/${runs}: ${JSON.stringify(scores)} ${JSON.stringify(metrics)}\n`,
      );
      if (i === runs - 1) {
        const summary = {
          url: page.path,
          fetchTime: lhr.fetchTime,
          lighthouse: lhr.lighthouseVersion,
        };
        const mid = {
          scores: Object.fromEntries(
            Object.keys(scores).map((k) => [k, median(done.map((r) => r.scores[k] ?? 0))]),
          ),
          metrics: Object.fromEntries(
            Object.keys(metrics).map((k) => [k, median(done.map((r) => r.metrics[k] ?? 0))]),
          ),
        };
        writeFileSync(
          `${DIR}${page.name}.json`,
          `${JSON.stringify({ ...summary, runs: done.length, median: mid, performanceRuns: done.map((r) => r.scores.performance), failing }, null, 2)}\n`,
        );
        rows.push({ name: page.name, path: page.path, runs: done, median: mid });
      }
    }
  }
} finally {
  await chrome.kill();
  await server?.stop();
}

const loadAfter = loadavg()[0] ?? 0;
const range = (r: (typeof rows)[number]) => {
  const perf = r.runs.map((x) => x.scores.performance ?? 0);
  return `${Math.min(...perf)}–${Math.max(...perf)}`;
};
writeSection("Lighthouse (mobile)", [
  `Run ${stamp()} with \`npm run bench:lighthouse -- --runs ${runs}\`: Lighthouse mobile preset (simulated slow 4G, 4× CPU slowdown) in Debian's Chromium against the production build on 127.0.0.1; each page ${runs} times, the median of each figure, and the range of the performance score. Load average (1 min) ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after on 2 cores shared with other engineers' builds and tests. Goals: performance ≥ 95, accessibility ≥ 95. Summaries in \`benchmarks/lighthouse/*.json\`.`,
  "",
  "| page | path | performance (median) | performance (range) | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS |",
  "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...rows.map(
    (r) =>
      `| ${r.name} | \`${r.path}\` | ${r.median.scores.performance} | ${range(r)} | ${r.median.scores.accessibility} | ${r.median.scores["best-practices"]} | ${r.median.scores.seo} | ${r.median.metrics.fcpMs} | ${r.median.metrics.lcpMs} | ${r.median.metrics.tbtMs} | ${r.median.metrics.cls} |`,
  ),
]);
