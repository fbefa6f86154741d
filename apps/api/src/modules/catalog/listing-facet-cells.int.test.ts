import { listQuery } from "@maidan/contracts/catalog";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as repo from "./catalog.repository.ts";
import { resolveFilter, runListing } from "./catalog-listing.ts";
import { buildCategoryTree } from "./category-tree.ts";
import { cellsAnswer, RANKED_IN_FACETS } from "./listing-sql.ts";

// Decisions 066-068: the facet counts of a listing without text and with at most one size or
// colour are summed from the facet cells (and, for a price range, the products on one side of
// it); decision 073: so are a search's whose words have cells of their own. They must equal the
// scan of the products they replace, after any write and whether or not the deltas have been
// folded in yet.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 240 });
});
afterAll(() => t?.close());

const q = async <T>(query: ReturnType<typeof sql>) =>
  (await t.database.db.execute(query)).rows as T[];

/** The categories, brands and stores a filter's slugs resolve against. */
async function lookups() {
  const db = t.database.db;
  const [categories, brands, vendors] = await Promise.all([
    repo.listCategories(db).then(buildCategoryTree),
    repo.listBrands(db),
    repo.listVendors(db),
  ]);
  return { categories, brands, vendors };
}

async function filters() {
  const l = await lookups();
  const { brands, vendors } = l;
  const b = brands.find((x) => x.productCount > 0)?.slug ?? "";
  const v = vendors[0]?.slug ?? "";
  const [common] = await q<{ size: string; color: string }>(sql`select
    (select s from products, unnest(sizes) s group by s order by count(*) desc limit 1) as size,
    (select c from products, unnest(colors) c group by c order by count(*) desc limit 1) as color`);
  const size = common?.size ?? "";
  const color = common?.color ?? "";
  const queries: Record<string, string>[] = [
    {},
    { category: "men" },
    { category: "women", inStock: "true" },
    { category: "men", brand: b },
    { onSale: "true" },
    { vendor: v },
    { category: "kids", onSale: "true", inStock: "true" },
    { subcategory: "men-clothing,women-clothing" },
    { category: "men", subcategory: "men-shoes", brand: b, vendor: v },
    { category: "men", size },
    { color },
    { category: "women", brand: b, size, onSale: "true" },
    { category: "kids", color, vendor: v },
    { size: "Q7" },
    { color: "Cellophane", category: "women" },
    // A size or a colour in stock (decision 067).
    { category: "women", size, inStock: "true" },
    { color, inStock: "true" },
    { category: "men", brand: b, size, inStock: "true", onSale: "true" },
    { category: "kids", color, vendor: v, inStock: "true" },
    { size: "Q7", inStock: "true" },
    // A price range, from the cells and one side of the range (decision 068).
    { category: "men", minPrice: "1500", maxPrice: "6000" },
    { minPrice: "2000" },
    { category: "women", maxPrice: "2500", size, onSale: "true" },
    { category: "kids", minPrice: "800", maxPrice: "9000", color, inStock: "true", brand: b },
    { category: "men", minPrice: "1", maxPrice: "2" },
    { category: "men", minPrice: "1500", size, inStock: "true" },
    { maxPrice: "3000", color },
    { category: "women", minPrice: "1200", maxPrice: "7000", size },
  ];
  const empty = resolveFilter(listQuery({ category: "women" }), l);
  return [
    ...queries.map((x) => ({ label: JSON.stringify(x), f: resolveFilter(listQuery(x), l) })),
    // An empty range, which the query schema refuses, still counts nothing twice.
    { label: "women, 5000 to 1000", f: { ...empty, minPrice: 5000, maxPrice: 1000 } },
  ];
}

const sorted = (r: repo.FacetRow[]) =>
  [...r].map((x) => JSON.stringify(x)).sort((a, b) => a.localeCompare(b));

/** Searches with cells of their own (decision 073), as `toTsQuery` writes one word group. */
const TERMS = ["(shoes:* | sneakers | trainers)", "(kurta:* | kameez | kurti)"];
/** Built only after the writes below, while their deltas are not folded yet. */
const LATE_TERM = "(shirt:* | tee | polo)";

async function expectCellsEqualScan(terms: string[] = []) {
  const all = await filters();
  // Each search under a few of the filters: the category, brand, size, colour, stock and price
  // ones (a price range's side is read with the words' condition).
  const searches = terms.flatMap((tsQuery) =>
    all
      .filter((_, i) => i % 3 === 0)
      .map(({ label, f }) => ({ label: `${tsQuery} ${label}`, f: { ...f, tsQuery } })),
  );
  for (const { label, f } of [...all, ...searches]) {
    const term = f.tsQuery !== undefined;
    expect(cellsAnswer(f, term), label).toBe(true);
    const [outside, inside, scan] = await Promise.all([
      repo.facetCounts(t.database.db, f, "outside", term),
      repo.facetCounts(t.database.db, f, "inside", term),
      repo.scannedFacetCounts(t.database.db, f),
    ]);
    // The scan of a search also names its best results, which the cells do not.
    const counts = scan.filter((r) => r.k !== "ranked");
    expect(sorted(outside), label).toEqual(sorted(counts));
    expect(sorted(inside), label).toEqual(sorted(counts));
  }
}

/** Registers and builds a search's cells as the catalog.build-search-cells job does. */
async function buildTerm(term: string) {
  expect(await repo.registerSearchTerm(t.database.db, term, 10)).toEqual({ built: false });
  expect(await repo.buildSearchCells(t.database.db, term)).toBeGreaterThan(0);
  expect(await repo.buildSearchCells(t.database.db, term)).toBe(-1);
}

/** The direct product counts of categories, brands and vendors, counted from the products. */
async function expectEntityCountsRight() {
  const db = t.database.db;
  const [cats, brands, vendors] = await Promise.all([
    repo.listCategories(db),
    repo.listBrands(db),
    repo.listVendors(db),
  ]);
  const truth = await q<{ k: string; id: string; n: number }>(sql`
    select 'c' as k, category_id::text as id, count(*)::int as n from products where active group by 2
    union all select 'b', brand_id::text, count(*)::int from products where active and brand_id is not null group by 2
    union all select 'v', vendor_id::text, count(*)::int from products where active group by 2`);
  const n = (k: string, id: string) => truth.find((x) => x.k === k && x.id === id)?.n ?? 0;
  for (const c of cats) expect(c.direct, c.slug).toBe(n("c", c.id));
  for (const b of brands) expect(b.productCount, b.slug).toBe(n("b", b._id));
  for (const v of vendors) expect(v.productCount, v.slug).toBe(n("v", v._id));
}

/**
 * How many products' variant copies differ from their active variants, computed here apart from
 * the migrations' functions (decisions 008, 067). `cells-new` is written with copies and no
 * variants on purpose.
 */
async function copiesOff() {
  const [r] = await q<{ n: number; off: number }>(sql`
    select count(*)::int as n, count(*) filter (where (p.sizes, p.colors, p.in_stock,
        p.sizes_in_stock, p.colors_in_stock) is distinct from (
      coalesce((select array_agg(distinct v.size order by v.size) from variants v
        where v.product_id = p.id and v.active and v.size is not null), '{}'),
      coalesce((select array_agg(distinct v.color order by v.color) from variants v
        where v.product_id = p.id and v.active and v.color is not null), '{}'),
      exists (select 1 from variants v where v.product_id = p.id and v.active and v.stock > 0),
      coalesce((select array_agg(distinct v.size order by v.size) from variants v
        where v.product_id = p.id and v.active and v.size is not null and v.stock > 0), '{}'),
      coalesce((select array_agg(distinct v.color order by v.color) from variants v
        where v.product_id = p.id and v.active and v.color is not null and v.stock > 0), '{}')
    ))::int as off
    from products p where p.slug <> 'cells-new'`);
  return r;
}

describe("facet cells", () => {
  it("equal the scan on the seeded catalogue, with nothing left to fold", async () => {
    expect(
      (await q<{ n: number }>(sql`select count(*)::int as n from listing_facet_deltas`))[0]?.n,
    ).toBe(0);
    await expectCellsEqualScan();
    await expectEntityCountsRight();
    // The seed inserts with the triggers off and rebuilds their work once (decision 067).
    expect(await copiesOff()).toEqual({ n: 240, off: 0 });
  });

  it("of a search equal its scan once built, and only then are its words' cells read", async () => {
    for (const term of TERMS) await buildTerm(term);
    expect((await repo.builtSearchTerms(t.database.db)).sort()).toEqual([...TERMS].sort());
    await expectCellsEqualScan(TERMS);
    // Past the limit nothing more is registered.
    expect(await repo.registerSearchTerm(t.database.db, "bag:*", 2)).toBeUndefined();
  });

  it("follow every kind of product write before and after the deltas are folded in", async () => {
    const some = await q<{ id: string }>(sql`select id from products order by id limit 14`);
    expect(some).toHaveLength(14);
    const id = (i: number) => some[i]?.id ?? "";
    const [other] = await q<{ c: string; b: string; v: string }>(sql`
      select (select id from categories where slug = 'women-shoes') as c,
        (select id from brands order by slug desc limit 1) as b,
        (select id from vendors order by slug desc limit 1) as v`);
    // Moves between categories, brands and vendors; a sale starts and ends; off sale and back.
    await q(sql`update products set category_id = ${other?.c} where id = ${id(0)}`);
    await q(
      sql`update products set brand_id = ${other?.b}, vendor_id = ${other?.v} where id = ${id(1)}`,
    );
    await q(sql`update products set brand_id = null where id = ${id(2)}`);
    await q(sql`update products set mrp = price + 500 where id = ${id(3)}`);
    await q(sql`update products set mrp = price where id = ${id(4)}`);
    await q(sql`update products set active = false, status = 'archived' where id = ${id(5)}`);
    // One variant's last unit sold, the product still in stock (its sizes or colours in stock
    // change); and a sold-out variant of another product restocked.
    await q(sql`update variants set stock = 0 where id = (select id from variants
      where product_id = ${id(11)} and stock > 0 order by sku limit 1)`);
    await q(sql`update variants set stock = 3 where id = (select v.id from variants v
      join products p on p.id = v.product_id where v.stock = 0 and p.id <> ${id(6)}
      order by v.sku limit 1)`);
    // Stock: the last unit of every variant sold (in_stock flips), then a new size and colour.
    await q(sql`update variants set stock = 0 where product_id = ${id(6)}`);
    await q(sql`insert into variants (product_id, sku, size, color, price, mrp, stock)
      select ${id(7)}, 'CELLS-1', 'Q7', 'Cellophane', price, mrp, 2 from products where id = ${id(7)}`);
    // A sale does not touch the cells (no counted property changes).
    await q(sql`update products set sold_count = sold_count + 1 where id = ${id(8)}`);
    // A new product, and one removed (it has no orders).
    await q(sql`insert into products (slug, name, category_id, brand_id, vendor_id, price, mrp,
        sizes, colors, in_stock, sizes_in_stock, colors_in_stock)
      select 'cells-new', 'Cells New', category_id, brand_id, vendor_id, 999, 1999, '{Q7}',
        '{Cellophane}', true, '{Q7}', '{Cellophane}' from products where id = ${id(9)}`);
    await q(sql`delete from product_images where product_id = ${id(10)}`);
    await q(sql`delete from variants where product_id = ${id(10)}`);
    await q(sql`delete from products where id = ${id(10)}`);
    // A search's words change with the name, keywords and description (decision 073): one
    // product comes to match a term, one matching the first term stops, two are edited in ways
    // no cell sees.
    await q(sql`update products set name = name || ' kurta' where id = (select id from products
      where active and not search @@ to_tsquery('english', ${TERMS[1]}) order by id desc limit 1)`);
    await q(sql`update products set name = 'Plain thing', description = '', keywords = '{}',
      synonyms = '{}' where id = (select id from products
        where active and search @@ to_tsquery('english', ${TERMS[0]}) order by id limit 1)`);
    await q(sql`update products set description = description || ' more' where id = ${id(13)}`);
    await q(sql`update products set name = name || ' (edited)' where id = ${id(12)}`);
    expect(
      (await q<{ n: number }>(sql`select count(*)::int as n from listing_facet_deltas`))[0]?.n,
    ).toBeGreaterThan(0);
    expect(
      (
        await q<{ n: number }>(sql`select count(*)::int as n from listing_facet_deltas
          where term = ${TERMS[1]}`)
      )[0]?.n,
    ).toBeGreaterThan(0);
    expect((await copiesOff())?.off).toBe(0);
    // A term built now, with the writes' deltas of the others still unfolded.
    await buildTerm(LATE_TERM);
    await expectCellsEqualScan([...TERMS, LATE_TERM]);
    await expectEntityCountsRight();

    expect(await repo.compactFacets(t.database.db)).toBeGreaterThan(0);
    expect(await repo.compactFacets(t.database.db)).toBe(0);
    expect(
      (
        await q<{ n: number }>(sql`select count(*)::int as n from listing_facet_cells where n <= 0`)
      )[0]?.n,
    ).toBe(0);
    await expectCellsEqualScan([...TERMS, LATE_TERM]);
    await expectEntityCountsRight();
  });

  it("a page of cards is the same whether the filters or the sort's order find it", async () => {
    const sorts = ["relevance", "newest", "price-asc", "price-desc", "best-selling", "rating"];
    for (const { label, f } of await filters())
      for (const sort of sorts as Parameters<typeof repo.listCards>[2][])
        for (const offset of [0, 24]) {
          const [filter, walk] = await Promise.all([
            repo.listCards(t.database.db, f, sort, 24, offset, "filter"),
            repo.listCards(t.database.db, f, sort, 24, offset, "walk"),
          ]);
          expect(filter, `${label} ${sort} ${offset}`).toEqual(walk);
        }
    // A search ranks its best-selling candidates, found either way too, and per category
    // (decision 073): every category holding a match walked, filtered, or half and half.
    const l = await lookups();
    for (const scope of [{}, { category: "men" }, { subcategory: "men-shoes,women-shoes" }])
      for (const tsQuery of ["shoe:*", "shirt | kurta", "zzzz"]) {
        const f = { ...resolveFilter(listQuery(scope), l), tsQuery };
        const within = f.subcategoryIds ? new Set(f.subcategoryIds) : undefined;
        const holding = (await repo.scannedFacetCounts(t.database.db, f)).flatMap((r) =>
          r.k === "category" && r.n > 0 && (!within || within.has(r.v)) ? [r.v] : [],
        );
        const plans = (pick: (i: number) => "filter" | "walk") =>
          holding.map((id, i) => ({ id, plan: pick(i) }));
        for (const offset of [0, 24]) {
          const label = `${JSON.stringify(scope)} ${tsQuery} ${offset}`;
          const read = (plan: Parameters<typeof repo.listCards>[5]) =>
            repo.listCards(t.database.db, f, "relevance", 24, offset, plan);
          const filter = await read("filter");
          expect(await read("walk"), label).toEqual(filter);
          expect(await read(plans(() => "filter")), label).toEqual(filter);
          expect(await read(plans(() => "walk")), label).toEqual(filter);
          expect(await read(plans((i) => (i % 2 ? "walk" : "filter"))), label).toEqual(filter);
          if (tsQuery !== "zzzz" && offset === 0 && !f.subcategoryIds)
            expect(filter.length, label).toBeGreaterThan(0);
        }
      }
    expect(repo.cardsPlan(1_000, 24, 100_000)).toBe("filter");
    expect(repo.cardsPlan(40_000, 24, 100_000)).toBe("walk");
  });

  it("a search's first pages, named in order by its facet pass, are the cards its own query finds", async () => {
    const db = t.database.db;
    const l = await lookups();
    const many = "shoe:* | shirt:* | kurta:* | men:* | women:* | kid:* | cotton:* | sport:*";
    let paged = 0;
    for (const tsQuery of [many, "shoe:*", "zzzz"]) {
      const f = { tsQuery };
      const rows = await repo.scannedFacetCounts(db, f);
      const total = rows.find((r) => r.k === "total")?.n ?? 0;
      const ranked = rows.find((r) => r.k === "ranked");
      expect(ranked, tsQuery).toBeDefined();
      const ids = ranked?.v ? ranked.v.split(",") : [];
      expect(ids.length, tsQuery).toBe(Math.min(total, RANKED_IN_FACETS));
      // The broad query's fifth page lies past the named ids: read by its own query.
      if (tsQuery === many) expect(total).toBeGreaterThan(RANKED_IN_FACETS + 24);
      for (const page of [1, 2, 3, 4, 5]) {
        const offset = (page - 1) * 24;
        if (offset >= Math.max(total, 1)) continue;
        const query = listQuery({ page: String(page), limit: "24" });
        const [listed, own] = await Promise.all([
          runListing(db, f, query, "relevance", l),
          repo.listCards(db, f, "relevance", 24, offset, "filter"),
        ]);
        expect(
          listed.items.map((c) => c._id),
          `${tsQuery} page ${page}`,
        ).toEqual(own.map((c) => c._id));
        paged++;
      }
      // Other sorts and lists without words carry no ranked row and page as before.
      expect((await repo.scannedFacetCounts(db, {})).some((r) => r.k === "ranked")).toBe(false);
    }
    expect(paged, "pages compared").toBeGreaterThan(5);
  });

  it("the API's listing answers from the cells with the same totals and facets", async () => {
    const res = await t.app.inject({ url: "/api/products?category=men&inStock=true" });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { total: number; facets: { inStock: number } };
    const [truth] = await q<{ n: number }>(sql`with recursive tree as (
        select id from categories where slug = 'men'
        union all select c.id from categories c join tree on c.parent_id = tree.id)
      select count(*)::int as n from products p
      where p.active and p.in_stock and p.category_id in (select id from tree)`);
    expect(body.total).toBe(truth?.n);
  });

  it("the API's price-filtered listing counts from the cells what the products say", async () => {
    await q(sql`analyze products`); // the statistics that choose the side of the range
    for (const [min, max] of [
      [1000, 4000],
      [1000, 1200],
    ]) {
      const res = await t.app.inject({
        url: `/api/products?category=women&minPrice=${min}&maxPrice=${max}`,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { total: number; facets: { price: { min: number } } };
      const [truth] = await q<{ n: number; min: number }>(sql`with recursive tree as (
          select id from categories where slug = 'women'
          union all select c.id from categories c join tree on c.parent_id = tree.id)
        select count(*) filter (where p.price between ${min} and ${max})::int as n,
          min(p.price) as min
        from products p where p.active and p.category_id in (select id from tree)`);
      expect(body.total, `${min}-${max}`).toBe(truth?.n);
      expect(body.facets.price.min, `${min}-${max}`).toBe(truth?.min);
    }
  });
});
