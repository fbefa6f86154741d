import { listQuery } from "@maidan/contracts/catalog";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as repo from "./catalog.repository.ts";
import { createCatalogService } from "./catalog.service.ts";

// Decision 074: searches' facet cells retire when no search reads them. A search that reads a
// term's cells stamps its use; the hourly job retires idle terms (and the least recently used
// past the limit's headroom), and deletes their cells and deltas on a run after the grace.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 160 });
});
afterAll(() => t?.close());

const SHOES = "(shoes:* | sneakers | trainers)";
const KURTA = "(kurta:* | kameez | kurti)";

const q = async <T>(query: ReturnType<typeof sql>) =>
  (await t.database.db.execute(query)).rows as T[];
const one = async (query: ReturnType<typeof sql>) =>
  (await q<{ n: number }>(query))[0]?.n ?? Number.NaN;

const cells = (term: string) =>
  one(sql`select count(*)::int as n from listing_facet_cells where term = ${term}`);
const deltas = (term: string) =>
  one(sql`select count(*)::int as n from listing_facet_deltas where term = ${term}`);
const usedDaysAgo = (term: string) =>
  one(sql`select (current_date - used_on)::int as n from search_facet_terms where term = ${term}`);
const setUsedDaysAgo = (term: string, days: number) =>
  q(sql`update search_facet_terms set used_on = current_date - ${days}::int where term = ${term}`);

async function build(term: string) {
  expect(await repo.registerSearchTerm(t.database.db, term, 10)).toEqual({ built: false });
  expect(await repo.buildSearchCells(t.database.db, term)).toBeGreaterThan(0);
}

/** Puts one active product matching `term` on sale or off it: its triggers write deltas. */
const touch = (term: string) =>
  q(sql`update products set mrp = case when price < mrp then price else price + 100 end
    where id = (select id from products
    where active and search @@ to_tsquery('english', ${term}) order by id limit 1)`);

describe("search term retirement", () => {
  it("a search that reads its words' cells stamps the term as used today", async () => {
    await build(SHOES);
    await setUsedDaysAgo(SHOES, 40);
    const catalog = createCatalogService(t.database.db, 0);
    const found = await catalog.search("shoes", listQuery());
    expect(found.total).toBeGreaterThan(0);
    await expect.poll(() => usedDaysAgo(SHOES)).toBe(0);
  });

  it("stamps a term once a day per process, and again on the next day", async () => {
    const catalog = createCatalogService(t.database.db, 0);
    await catalog.search("shoes", listQuery());
    await expect.poll(() => usedDaysAgo(SHOES)).toBe(0);
    // The same process does not stamp the term again today, even when the row says otherwise.
    await setUsedDaysAgo(SHOES, 3);
    await catalog.search("shoes", listQuery({ sort: "newest" }));
    await new Promise((r) => setTimeout(r, 300));
    expect(await usedDaysAgo(SHOES)).toBe(3);
    // On the next UTC day it forgets what it stamped, and stamps the term once more.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 24 * 60 * 60_000);
      await catalog.search("shoes", listQuery({ sort: "price-asc" }));
    } finally {
      vi.useRealTimers();
    }
    await expect.poll(() => usedDaysAgo(SHOES)).toBe(0);
  });

  it("retires an idle term, stops its deltas, and deletes its cells only after the grace", async () => {
    await build(KURTA);
    const listings = await cells("");
    const shoes = await cells(SHOES);
    // Registered, a write of a matching product adds to the term's deltas.
    const before = await deltas(KURTA);
    await touch(KURTA);
    expect(await deltas(KURTA)).toBeGreaterThan(before);
    await setUsedDaysAgo(KURTA, 31);
    const catalog = createCatalogService(t.database.db, 0);

    expect(await catalog.retireSearchTerms()).toEqual({ retired: [KURTA], dropped: [] });
    expect(await repo.builtSearchTerms(t.database.db)).toEqual([SHOES]);
    // Retired, its cells wait out the readers' cached lists; writes no longer add to them.
    const kurtaCells = await cells(KURTA);
    expect(kurtaCells).toBeGreaterThan(0);
    const kurtaDeltas = await deltas(KURTA);
    await touch(KURTA);
    expect(await deltas(KURTA)).toBe(kurtaDeltas);

    // Within the grace nothing is deleted; after it, the term's cells and deltas are.
    expect(await catalog.retireSearchTerms()).toEqual({ retired: [], dropped: [] });
    expect(await cells(KURTA)).toBe(kurtaCells);
    expect(await catalog.retireSearchTerms(0)).toEqual({ retired: [], dropped: [KURTA] });
    expect(await cells(KURTA)).toBe(0);
    expect(await deltas(KURTA)).toBe(0);
    expect(await one(sql`select count(*)::int as n from search_facet_terms_retired`)).toBe(0);
    // The listings' cells and the other term's are untouched.
    expect(await cells("")).toBe(listings);
    expect(await cells(SHOES)).toBe(shoes);
    expect(await catalog.retireSearchTerms(0)).toEqual({ retired: [], dropped: [] });
  });

  it("past the terms kept, the least recently used retire; registered again, a term keeps its new cells", async () => {
    await build(KURTA);
    await setUsedDaysAgo(KURTA, 2);
    await setUsedDaysAgo(SHOES, 1);
    expect(await repo.retireSearchTerms(t.database.db, 30, 1)).toEqual([KURTA]);
    expect(await repo.builtSearchTerms(t.database.db)).toEqual([SHOES]);

    // Asked for again before its cells were deleted: registered afresh and recounted.
    await build(KURTA);
    expect(await one(sql`select count(*)::int as n from search_facet_terms_retired`)).toBe(0);
    const rebuilt = await cells(KURTA);
    expect(await repo.dropRetiredSearchTerms(t.database.db, 0)).toEqual([]);
    expect(await cells(KURTA)).toBe(rebuilt);
    expect((await repo.builtSearchTerms(t.database.db)).sort()).toEqual([KURTA, SHOES].sort());
  });
});
