import { parseArgs } from "node:util";
import * as repo from "@maidan/api/modules/catalog/catalog.repository";
import { resolveFilter } from "@maidan/api/modules/catalog/catalog-listing";
import { buildCategoryTree } from "@maidan/api/modules/catalog/category-tree";
import { listQuery } from "@maidan/contracts/catalog";
import { openDatabase } from "@maidan/db/database";

/**
 * `node benchmarks/src/facet-timing.ts --db postgres://…/maidan_bench_100000 [--runs 30]`
 * Times the listing's facet counts alone (median and p95 of sequential runs) for a few filters
 * the facet cells answer (decision 066), without the HTTP server or its caches.
 */
const { values } = parseArgs({
  options: { db: { type: "string" }, runs: { type: "string", default: "30" } },
});
const database = await openDatabase({ databaseUrl: values.db, dataDir: "/tmp/maidan-explain" });
const [categories, brands, vendors] = await Promise.all([
  repo.listCategories(database.db).then(buildCategoryTree),
  repo.listBrands(database.db),
  repo.listVendors(database.db),
]);
const lookups = { categories, brands, vendors };
const cases: Record<string, Record<string, string>> = {
  men: { category: "men" },
  "women brand": { category: "women", brand: brands[0]!.slug },
  onSale: { onSale: "true" },
  vendor: { vendor: vendors[0]!.slug },
  "men inStock": { category: "men", inStock: "true" },
  "women size M": { category: "women", size: "M" },
  "colour Black": { color: "Black" },
  "women size M in stock (scanned)": { category: "women", size: "M", inStock: "true" },
};
for (const [label, q] of Object.entries(cases)) {
  const f = resolveFilter(listQuery(q), lookups);
  const times: number[] = [];
  for (let i = 0; i < Number(values.runs); i++) {
    const t = performance.now();
    await repo.facetCounts(database.db, f);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  process.stdout.write(
    `${label}: median ${times[times.length >> 1]!.toFixed(2)} ms, p95 ${times[Math.floor(times.length * 0.95)]!.toFixed(2)} ms\n`,
  );
}
await database.close();
