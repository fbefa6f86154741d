import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { stamp, writeSection } from "./sections.ts";

/**
 * `npm run bench:bundle` (after `npm run build`): the JavaScript a browser downloads before a
 * product page is interactive, gzipped at level 9, read from React Router's client manifest.
 * A product page matches root → bottom-navigation-footer layout → `slug` (or `catch-all`).
 */
const BUDGET_KB = 120;
const APP = fileURLToPath(new URL("../../apps/storefront/", import.meta.url));
// STOREFRONT_BUILD_DIR (as in react-router.config.ts): measure a build made elsewhere; such a
// trial run prints its figures without rewriting RESULTS.md.
const TRIAL = process.env.STOREFRONT_BUILD_DIR;
const CLIENT = `${resolve(APP, TRIAL ?? "build", "client")}/`;

type Entry = { module: string; imports?: string[] };
type Manifest = { entry: Entry; routes: Record<string, Entry & { parentId?: string }> };

export function readManifest(clientDir = CLIENT): Manifest {
  const assets = join(clientDir, "assets");
  const file = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`no React Router manifest in ${assets}; run \`npm run build\` first`);
  const text = readFileSync(join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Manifest;
}

/** Every script a first visit to `routeId` loads: the entry, then each route up the chain. */
export function firstLoadFiles(manifest: Manifest, routeId: string): string[] {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  const chain: string[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) chain.push(id);
  for (const id of chain.reverse()) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the manifest`);
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  return [...files];
}

/** A chunk plus every chunk it imports statically (`from"./x.js"`, `import"./x.js"`). */
export function staticClosure(
  file: string,
  clientDir = CLIENT,
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(join(clientDir, file), "utf8");
  for (const m of text.matchAll(/(?:from|import)\s*["`]\.\/([^"`]+\.js)["`]/g)) {
    staticClosure(`/assets/${m[1]}`, clientDir, seen);
  }
  return seen;
}

/**
 * The `slug` route renders its views lazily (a CMS page, a listing or a product), so a product
 * page also needs the product view's chunk before it is interactive; it counts as first load.
 */
export function lazyViewFiles(
  manifest: Manifest,
  routeId: string,
  view: string,
  clientDir = CLIENT,
) {
  const module = manifest.routes[routeId]?.module;
  if (!module) return [];
  const text = readFileSync(join(clientDir, module), "utf8");
  const chunk = [...text.matchAll(/import\(["`]\.\/([^"`]+\.js)["`]\)/g)]
    .map((m) => m[1] ?? "")
    .find((name) => name.startsWith(`${view}-`));
  return chunk ? [...staticClosure(`/assets/${chunk}`, clientDir)] : [];
}

export function gzippedBytes(files: string[], clientDir = CLIENT) {
  return files.reduce(
    (sum, f) => sum + gzipSync(readFileSync(join(clientDir, f)), { level: 9 }).length,
    0,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = readManifest();
  const pages = [
    {
      id: "product page at /{slug} (route slug + product view)",
      route: "slug",
      view: "product-view",
    },
    { id: "product page at a deeper path (route catch-all)", route: "catch-all" },
    { id: "home", route: "home" },
    {
      id: "category listing at /{slug} (route slug + listing view)",
      route: "slug",
      view: "category-listing-view",
    },
    { id: "search results", route: "search" },
  ];
  const rows = pages.map((p) => {
    const files = new Set(firstLoadFiles(manifest, p.route));
    if (p.view) for (const f of lazyViewFiles(manifest, p.route, p.view)) files.add(f);
    return { id: p.id, files: files.size, kb: gzippedBytes([...files]) / 1024 };
  });
  for (const r of rows)
    process.stdout.write(`${r.id}: ${r.kb.toFixed(1)} KB gzipped in ${r.files} files\n`);
  if (!TRIAL)
    writeSection("First-load JavaScript", [
      `Measured ${stamp()} from \`apps/storefront/build/client\` (\`npm run bench:bundle\`), gzip level 9, each file on its own. Budget for the product page: ≤ ${BUDGET_KB} KB; the other pages are held to the same figure. Chunks fetched later (gallery gestures when idle or on the first touch, related-product tiles when they stream in, search suggestions on focus, the share list on Share) are not counted.`,
      "",
      "| page | files | KB gzipped | bytes left in the budget | within budget |",
      "|---|---:|---:|---:|---|",
      ...rows.map(
        (r) =>
          `| ${r.id} | ${r.files} | ${r.kb.toFixed(1)} | ${Math.round((BUDGET_KB - r.kb) * 1024)} | ${r.kb <= BUDGET_KB ? "yes" : "no"} |`,
      ),
    ]);
  if (rows.slice(0, 2).some((r) => r.kb > BUDGET_KB)) process.exitCode = 1;
}
