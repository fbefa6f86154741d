import { parseArgs } from "node:util";
import * as repo from "@maidan/api/modules/catalog/catalog.repository";
import { categoryPlans, resolveFilter } from "@maidan/api/modules/catalog/catalog-listing";
import { readQuery } from "@maidan/api/modules/catalog/catalog-search";
import { buildCategoryTree } from "@maidan/api/modules/catalog/category-tree";
import {
  hasPriceRange,
  type ListingFilter,
  priceSide,
} from "@maidan/api/modules/catalog/listing-sql";
import { listQuery } from "@maidan/contracts/catalog";
import { openDatabase } from "@maidan/db/database";
import { PgDialect } from "drizzle-orm/pg-core";

/**
 * `node benchmarks/src/catalog-explain.ts --db postgres://…/maidan_bench_100000 [--analyze]`
 * Prints the plans of the catalogue's listing and search queries (the page of cards and the
 * one-pass facet query) for the benchmark's lists and searches, so a plan change is visible
 * without reading the repository's SQL. Plain EXPLAIN unless --analyze (which runs them). A
 * search is explained as the service reads it: from its words' cells when they are built.
 */
const { values } = parseArgs({
  options: { db: { type: "string" }, analyze: { type: "boolean", default: false } },
});
const database = await openDatabase({ databaseUrl: values.db, dataDir: "/tmp/maidan-explain" });
const dialect = new PgDialect();
const mode = values.analyze ? "analyze, buffers, timing off, summary" : "costs";

// A stand-in for the db handle: each repository query is explained instead of run.
const explaining = {
  async execute(query: Parameters<typeof dialect.sqlToQuery>[0]) {
    const { sql, params } = dialect.sqlToQuery(query);
    const r = await database.pool.query(`explain (${mode}) ${sql}`, params);
    for (const row of r.rows) process.stdout.write(`    ${row["QUERY PLAN"]}\n`);
    return { rows: [] };
  },
} as unknown as Parameters<typeof repo.facetCounts>[0];

const [categories, brands, vendors] = await Promise.all([
  repo.listCategories(database.db).then(buildCategoryTree),
  repo.listBrands(database.db),
  repo.listVendors(database.db),
]);
const lookups = { categories, brands, vendors };
const stats = await repo.priceStats(database.db);

const built = await repo.builtSearchTerms(database.db);

async function explain(label: string, f: ListingFilter, sort: "relevance" | "price-asc") {
  process.stdout.write(`\n## ${label}\n`);
  const side = priceSide(f, stats);
  // A search whose words have cells of their own is counted from them (decision 073).
  const cells = f.tsQuery !== undefined && built.includes(f.tsQuery);
  const counted = f.tsQuery ? await repo.facetCounts(database.db, f, side, cells) : [];
  // A scanned search's first pages are the ids its facet pass names (decision 070), read by id;
  // one counted from cells reads its candidates per category.
  const ranked = counted.find((r) => r.k === "ranked")?.v;
  const plans = cells ? categoryPlans(counted, f, lookups) : undefined;
  if (plans) {
    process.stdout.write(
      `  cards (candidates per category, decision 073: ${plans.map((p) => p.plan).join(", ") || "none"}):\n`,
    );
    await repo.listCards(explaining, f, sort, 24, 0, plans);
  } else if (ranked !== undefined) {
    const ids = (ranked ?? "").split(",").filter(Boolean).slice(0, 24);
    process.stdout.write("  cards (by the ids the facet pass named, decision 070):\n");
    if (ids.length === 0) process.stdout.write("    (no matches: no query)\n");
    await repo.cardsById(explaining, ids);
  } else {
    process.stdout.write("  cards:\n");
    await repo.listCards(explaining, f, sort, 24, 0);
  }
  process.stdout.write(
    `  facets${cells ? " (the words' own cells, decision 073)" : ""}${hasPriceRange(f) ? ` (price range: ${side}, decision 068)` : ""}:\n`,
  );
  await repo.facetCounts(explaining, f, side, cells);
}

await explain(
  "category=men&sort=price-asc",
  resolveFilter(listQuery({ category: "men" }), lookups),
  "price-asc",
);
await explain(
  "category=women&size=M&inStock=true",
  resolveFilter(listQuery({ category: "women", size: "M", inStock: "true" }), lookups),
  "relevance",
);
await explain(
  "onSale=true (whole catalogue)",
  resolveFilter(listQuery({ onSale: "true" }), lookups),
  "relevance",
);
await explain(
  "category=men&color=Black&minPrice=900&maxPrice=9000",
  resolveFilter(
    listQuery({ category: "men", color: "Black", minPrice: "900", maxPrice: "9000" }),
    lookups,
  ),
  "relevance",
);
const store = vendors[0]?.slug ?? "none";
await explain(
  `vendor=${store} (a store page; the vendor facet reads every store's rows)`,
  resolveFilter(listQuery({ vendor: store }), lookups),
  "relevance",
);
for (const text of ["kids", "jogers", "running shoes"]) {
  const read = await readQuery(database.db, text);
  await explain(`search ${text} → ${read.tsQuery}`, { tsQuery: read.tsQuery }, "relevance");
}
// As the benchmark searches: a word in a category, with a price ceiling.
for (const [text, category] of [
  ["shoes", "men"],
  ["cotton", "men-clothing"],
]) {
  const read = await readQuery(database.db, text ?? "");
  const f = resolveFilter(listQuery({ category, maxPrice: "20000" }), lookups);
  await explain(
    `search ${text} in ${category} under Rs. 20,000 → ${read.tsQuery}`,
    { ...f, tsQuery: read.tsQuery },
    "relevance",
  );
}
await database.close();
