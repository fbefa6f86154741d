import type { ProductDetail, ProductList, SearchResult } from "@maidan/contracts/catalog";
import { listQuery } from "@maidan/contracts/catalog";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCatalogService } from "./catalog.service.ts";
import { phraseFallback, readQuery } from "./catalog-search.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 150 });
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: "GET", url });
const list = async (qs: string) => {
  const res = await get(`/api/products?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductList;
};
const search = async (q: string, qs = "") => {
  const res = await get(`/api/search?q=${encodeURIComponent(q)}&${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResult;
};
const detail = async (slug: string) => (await get(`/api/products/${slug}`)).json() as ProductDetail;

describe("categories, brands, vendors", () => {
  it("GET /api/categories is a tree whose counts add up", async () => {
    const tree = (await get("/api/categories")).json();
    const men = tree.find((c: { slug: string }) => c.slug === "men");
    expect(men.children.length).toBeGreaterThan(1);
    const all = await list("limit=1");
    expect(tree.reduce((n: number, c: { productCount: number }) => n + c.productCount, 0)).toBe(
      all.total,
    );
    expect((await list("category=men&limit=1")).total).toBe(men.productCount);
  });

  it("brands and vendors list and detail; unknown ones are 404", async () => {
    const brands = (await get("/api/brands")).json();
    expect(brands.length).toBeGreaterThan(3);
    expect((await get(`/api/brands/${brands[0].slug}`)).json()).toEqual(brands[0]);
    expect((await get("/api/brands/no-such-brand")).statusCode).toBe(404);
    const vendors = (await get("/api/vendors")).json();
    const v = vendors[0];
    expect((await get(`/api/vendors/${v.slug}`)).json()).toEqual(v);
    expect((await get(`/api/stores/${v._id}`)).json()).toEqual(v);
    expect((await get("/api/vendors/nobody")).json()).toMatchObject({ status: 404 });
  });
});

describe("GET /api/products filters and facets", () => {
  it("pages through the catalogue without repeats", async () => {
    const a = await list("limit=10&page=1&sort=newest");
    const b = await list("limit=10&page=2&sort=newest");
    expect(a.total).toBe(150);
    expect(a.pages).toBe(15);
    const ids = new Set([...a.items, ...b.items].map((p) => p._id));
    expect(ids.size).toBe(20);
  });

  it("a brand facet count equals the total when filtering by it", async () => {
    const all = await list("category=men&limit=1");
    const top = all.facets.brands[0];
    expect(top).toBeDefined();
    const only = await list(`category=men&brand=${top?.value}&limit=60`);
    expect(only.total).toBe(top?.count);
    for (const p of only.items) expect(p.brand).toBe(top?.label);
    // The brand facet ignores its own filter, so other brands stay visible.
    expect(only.facets.brands.length).toBe(all.facets.brands.length);
  });

  it("a vendor facet count equals the total when filtering by it, alone or with others", async () => {
    const all = await list("category=men&limit=1");
    expect(all.facets.vendors.length).toBeGreaterThan(1);
    // Each vendor's count adds up to the listing's total: every product has one vendor.
    expect(all.facets.vendors.reduce((n, v) => n + v.count, 0)).toBe(all.total);
    const vendors = (await get("/api/vendors")).json() as { slug: string; name: string }[];
    for (const v of all.facets.vendors) {
      const only = await list(`category=men&vendor=${v.value}&limit=1`);
      expect(only.total, v.value).toBe(v.count);
      expect(v.label).toBe(vendors.find((x) => x.slug === v.value)?.name);
      // The vendor facet ignores its own filter, so the other stores stay visible.
      expect(only.facets.vendors).toEqual(all.facets.vendors);
    }
    const [a, b] = all.facets.vendors;
    const two = await list(`category=men&vendor=${a?.value},${b?.value}&limit=1`);
    expect(two.total).toBe((a?.count ?? 0) + (b?.count ?? 0));
    // Combined with another facet: the vendor counts follow the brand filter and vice versa.
    const brand = all.facets.brands[0]?.value;
    const byBrand = await list(`category=men&brand=${brand}&limit=1`);
    for (const v of byBrand.facets.vendors) {
      const both = await list(`category=men&brand=${brand}&vendor=${v.value}&limit=1`);
      expect(both.total, v.value).toBe(v.count);
      expect(both.facets.brands.find((x) => x.value === brand)?.count).toBe(v.count);
    }
  });

  it("subcategory comma list (legacy redirect) unions the subtrees", async () => {
    const tree = (await get("/api/categories")).json() as {
      slug: string;
      productCount: number;
      children: { slug: string; productCount: number }[];
    }[];
    const count = (slug: string) =>
      tree.flatMap((c) => [c, ...c.children]).find((c) => c.slug === slug)?.productCount ?? 0;
    const res = await list("category=men&subcategory=men-clothing,women-clothing,kids-clothing");
    expect(res.total).toBe(
      count("men-clothing") + count("women-clothing") + count("kids-clothing"),
    );
  });

  it("size, colour and in-stock match one variant of each product", async () => {
    const all = await list("limit=1");
    const size = all.facets.sizes.find((s) => s.value === "M");
    const color = all.facets.colors[0];
    expect(size && color).toBeTruthy();
    const res = await list(
      `size=M&color=${encodeURIComponent(color?.value ?? "")}&inStock=true&limit=60`,
    );
    expect(res.total).toBeGreaterThan(0);
    expect(res.total).toBeLessThanOrEqual(Math.min(size?.count ?? 0, color?.count ?? 0));
    for (const p of res.items.slice(0, 10)) {
      const d = await detail(p.slug);
      expect(
        d.variants.some((v) => v.size === "M" && v.color === color?.value && v.stock > 0),
      ).toBe(true);
    }
  });

  it("price range, on sale and sorts hold", async () => {
    const res = await list("minPrice=2000&maxPrice=6000&onSale=1&sort=price-asc&limit=60");
    expect(res.total).toBeGreaterThan(0);
    const prices = res.items.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const p of res.items) {
      expect(p.price).toBeGreaterThanOrEqual(2000);
      expect(p.price).toBeLessThanOrEqual(6000);
      expect(p.price).toBeLessThan(p.mrp);
      expect(p.discount).toBeGreaterThan(0);
    }
    expect(res.facets.price.min).toBeLessThanOrEqual(prices[0] ?? 0);
    const desc = (await list("sort=price-desc&limit=20")).items.map((p) => p.price);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const rated = (await list("sort=rating&limit=20")).items.map((p) => p.rating);
    expect(rated).toEqual([...rated].sort((a, b) => b - a));
  });

  it("bad input is a 400, an unknown category a 404", async () => {
    for (const qs of [
      "page=0",
      "page=abc",
      "limit=61",
      "sort=cheapest",
      "minPrice=-1",
      "minPrice=500&maxPrice=100",
      "brand=Not%20A%20Slug",
      "inStock=maybe",
      "page=99",
    ]) {
      const res = await get(`/api/products?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: expect.any(String) });
    }
    expect((await get("/api/products?category=nowhere")).statusCode).toBe(404);
  });

  it("best sellers and new arrivals are sorted", async () => {
    const best = (await get("/api/products/best-sellers?limit=5")).json() as ProductList;
    expect(best.sort).toBe("best-selling");
    const fresh = (await get("/api/products/new-arrivals?limit=5")).json() as ProductList;
    expect(fresh.sort).toBe("newest");
    expect(fresh.items).toHaveLength(5);
  });

  it("new arrivals are the last 30 days of the catalogue, not all of it (issue #18)", async () => {
    const all = await list("limit=1");
    const fresh = (await get("/api/products/new-arrivals?limit=1")).json() as ProductList;
    const [row] = (
      await t.database.db.execute(sql`select count(*)::int as n from products p where p.active
        and p.created_at >= (select max(created_at) from products where active) - interval '30 days'`)
    ).rows as { n: number }[];
    expect(fresh.total).toBe(row?.n);
    expect(fresh.total).toBeGreaterThan(0);
    expect(fresh.total).toBeLessThan(all.total);
  });
});

describe("product detail", () => {
  it("has variants with per-variant stock summing to the product's", async () => {
    const [first] = (await list("limit=1")).items;
    const d = await detail(first?.slug ?? "");
    expect(d.variants.length).toBeGreaterThan(0);
    expect(d.stock).toBe(d.variants.reduce((n, v) => n + v.stock, 0));
    expect(d.inStock).toBe(d.variants.some((v) => v.stock > 0));
    expect(d.breadcrumbs.at(-1)).toEqual(d.category);
    const rows = await t.database.db.execute(
      sql`select sku, stock from variants where product_id = ${d._id}`,
    );
    const stock = new Map(rows.rows.map((r) => [r.sku, r.stock]));
    for (const v of d.variants) expect(v.stock).toBe(stock.get(v.sku));
    expect((await get("/api/products/no-such-thing")).statusCode).toBe(404);
    const related = (await get(`/api/products/${d.slug}/related?limit=4`)).json();
    expect(related.length).toBeGreaterThan(0);
    expect(related.every((r: { _id: string }) => r._id !== d._id)).toBe(true);
  });
});

describe("search", () => {
  it("finds joggers with a typo", async () => {
    const right = await search("joggers");
    expect(right.total).toBeGreaterThan(0);
    const typo = await search("jogers");
    expect(typo.total).toBe(right.total);
    expect(typo.items[0]?.name).toMatch(/jogger/i);
  });

  it("finds shoes when two letters are swapped, even mid-word (issue #18)", async () => {
    const shoes = await search("shoes");
    expect(shoes.total).toBeGreaterThan(0);
    for (const typo of ["sheos", "sohes", "hsoes", "sheo"]) {
      const r = await search(typo);
      expect(r.total, typo).toBeGreaterThanOrEqual(shoes.total);
      expect(r.items[0]?.name, typo).toMatch(/shoe|sneaker|trainer/i);
    }
  });

  it("offers the corrected query first on an empty result, each suggestion once", async () => {
    const r = await search("runnning sheos xqzzv");
    expect(r.total).toBe(0);
    expect(r.suggestions.terms[0]).toBe("running shoes");
    expect(new Set(r.suggestions.terms).size).toBe(r.suggestions.terms.length);
    expect(r.suggestions.terms).not.toContain("xqzzv");
  });

  it("knows Roman-Urdu synonyms", async () => {
    const shoes = await search("shoes");
    for (const word of ["joota", "jutay", "jootay"]) {
      const r = await search(word);
      expect(r.total, word).toBeGreaterThanOrEqual(shoes.total);
      expect(r.items[0]?.name, word).toMatch(/shoe|sneaker|trainer/i);
    }
    const kameez = await search("qameez");
    expect(kameez.total).toBeGreaterThan(0);
    expect(kameez.items[0]?.name).toMatch(/kameez|kurta|shirt/i);
  });

  it("suggests alternatives when nothing matches", async () => {
    const r = await search("zzqxv");
    expect(r.total).toBe(0);
    expect(r.suggestions.categories.length).toBeGreaterThan(0);
    const close = await search("snekers xqzzv");
    expect(close.suggestions.terms).toContain("sneakers");
  });

  it("tries the whole phrase on names only when some word is unknown", async () => {
    const db = t.database.db;
    const [known, typo, unknown, digits] = await Promise.all([
      readQuery(db, "kurta joggers"),
      readQuery(db, "jogers"),
      readQuery(db, "joggers xqzzv"),
      // "36.5" is searched as "36" and "5", which a name's "36.5" does not hold: the phrase
      // on names finds it (a hockey stick's name, in the browser tests).
      readQuery(db, "hockey stick 36.5 inch"),
    ]);
    expect([known.known, typo.known, unknown.known, digits.known]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(phraseFallback(known, "kurta joggers", 0)).toBe(false);
    expect(phraseFallback(unknown, "joggers xqzzv", 0)).toBe(true);
    expect(phraseFallback(unknown, "joggers xqzzv", 3)).toBe(false);
    // A known word in a category without it: nothing, with suggestions, as before.
    const r = await search("kurta", "category=kids-shoes");
    expect(r.total).toBe(0);
    expect(r.suggestions.categories.length).toBeGreaterThan(0);
  });

  it("is safe with quotes, %, SQL and HTML, and cuts long queries", async () => {
    for (const q of [
      `"'`,
      "%",
      "%%_",
      "' or 1=1 --",
      "<script>alert(1)</script>",
      "a:* & !b",
      "x".repeat(5000),
    ]) {
      const res = await get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json().q.length).toBeLessThanOrEqual(100);
    }
  });

  it("suggests each thing once: same-named categories are told apart (issue #18)", async () => {
    const s = (await get("/api/search/suggest?q=running")).json() as {
      terms: string[];
      products: { name: string }[];
      categories: { name: string }[];
    };
    const names = s.categories.map((c) => c.name);
    expect(names.filter((n) => n.endsWith("Running Shoes")).length).toBeGreaterThanOrEqual(2);
    for (const list of [s.terms, names, s.products.map((p) => p.name)]) {
      expect(new Set(list).size, list.join(", ")).toBe(list.length);
    }
  });

  it("suggest completes the word being typed", async () => {
    const s = (await get("/api/search/suggest?q=jog")).json();
    expect(s.terms.some((x: string) => x.startsWith("jog"))).toBe(true);
    expect(s.products.length).toBeGreaterThan(0);
  });
});

describe("caching", () => {
  it("serves cached reads until invalidate()", async () => {
    const catalog = createCatalogService(t.database.db, 60_000);
    const q = listQuery({ limit: "1", sort: "newest" });
    const before = await catalog.list(q);
    const slug = before.items[0]?.slug ?? "";
    await t.database.db.execute(sql`update products set price = price - 1 where slug = ${slug}`);
    expect((await catalog.list(q)).items[0]?.price).toBe(before.items[0]?.price);
    catalog.invalidate();
    expect((await catalog.list(q)).items[0]?.price).toBe((before.items[0]?.price ?? 0) - 1);
  });
});

describe("a query's words", () => {
  it("are read against the vocabulary once for any filters, and again after it is rebuilt", async () => {
    const catalog = createCatalogService(t.database.db, 60_000);
    const q = (category: string) => listQuery({ category });
    const [p] = (await catalog.list(listQuery({ limit: "1", sort: "newest" }))).items;
    if (!p) throw new Error("a product needed");
    // A typo of a word nobody sells: no correction.
    expect((await catalog.search("zorblx", q("men"))).terms).toEqual(["zorblx"]);
    await t.database.db.execute(
      sql`update products set name = name || ' Zorblax' where slug = ${p.slug}`,
    );
    await t.database.db.execute(sql`insert into search_terms (term, weight) values ('zorblax', 1)
      on conflict do nothing`);
    // The same words under another filter: read as before, though the vocabulary changed.
    expect((await catalog.search("zorblx", q("women"))).terms).toEqual(["zorblx"]);
    // An edit's rebuild of the vocabulary drops what was read against the old one.
    await catalog.productsChanged([p._id], { vocabulary: true });
    let asked = 0; // a new filter each time, so no cached result answers
    await vi.waitFor(
      async () => {
        const f = listQuery({ category: "kids", minPrice: String(++asked) });
        expect((await catalog.search("zorblx", f)).terms).toEqual(["zorblx", "zorblax"]);
      },
      { timeout: 15_000, interval: 250 },
    );
    await t.database.db.execute(
      sql`update products set name = replace(name, ' Zorblax', '') where slug = ${p.slug}`,
    );
    await catalog.productsChanged([p._id], { vocabulary: true });
  });
});

describe("a frequent search's own facet cells (decision 073)", () => {
  it("are asked for once, built once, and answer what the scan answered", async () => {
    const asked: string[] = [];
    const catalog = createCatalogService(t.database.db, 0, undefined, {
      searchCellsFrom: 5,
      askSearchCells: async (term) => asked.push(term),
    });
    const queries: Parameters<typeof listQuery>[0][] = [
      {},
      { category: "men" },
      { inStock: "true", onSale: "true" },
      { maxPrice: "4000" },
      { category: "women", sort: "price-asc" },
      // The scan names these pages' ids (decision 070); the cells' answer reads them by each
      // category's plan.
      { page: "2", limit: "6" },
      { page: "3", limit: "6", sort: "relevance" },
    ];
    const answers = async () =>
      Promise.all(queries.map(async (q) => catalog.search("shoes", listQuery(q))));
    const scanned = await answers();
    expect(scanned[0]?.total).toBeGreaterThan(5);
    expect(scanned[6]?.items.length).toBeGreaterThan(0);
    expect(asked).toEqual(["(shoes:* | sneakers | trainers)"]);
    const term = asked[0] ?? "";
    expect(await catalog.buildSearchCells(term)).toBeGreaterThan(0);
    expect(await catalog.buildSearchCells(term)).toBe(-1);
    expect(await answers()).toEqual(scanned);
    expect(asked).toHaveLength(1);
    // The answer is the cells' now: a cell changed by hand shows (and is put back). A ctid is
    // a row's only within its partition (migration 0045): the term keeps the update in the
    // searches' one, or it would change the listings' row at the same place too.
    const bump = (n: number) =>
      t.database.db.execute(sql`update listing_facet_cells set n = n + ${n}
        where term = ${term} and ctid = (select ctid from listing_facet_cells
          where term = ${term} and dim = 'p' order by category_id, vendor_id limit 1)`);
    await bump(1000);
    try {
      expect((await catalog.search("shoes", listQuery({}))).total).toBe(
        (scanned[0]?.total ?? 0) + 1000,
      );
    } finally {
      await bump(-1000);
    }
  });
});

describe("a search's cells built while a product is being written", () => {
  it("wait for that write and count it, though its trigger ran before the term existed", async () => {
    const catalog = createCatalogService(t.database.db, 0);
    const term = "zebraish:*";
    const [p] = (await catalog.list(listQuery({ limit: "1", sort: "newest" }))).items;
    if (!p) throw new Error("a product needed");
    const writer = await t.database.pool.connect();
    let built = false;
    try {
      await writer.query("begin");
      await writer.query("update products set name = name || ' Zebraish' where id = $1", [p._id]);
      const building = catalog.buildSearchCells(term).then((n) => {
        built = true;
        return n;
      });
      await new Promise((r) => setTimeout(r, 500));
      expect(built).toBe(false);
      await writer.query("commit");
      expect(await building).toBeGreaterThan(0);
    } finally {
      writer.release();
    }
    const counts = await t.database.db.execute(sql`select coalesce(sum(n), 0)::int as n
      from listing_facet_cells where term = ${term} and dim = 'p'`);
    expect(counts.rows[0]).toEqual({ n: 1 });
    await t.database.db.execute(
      sql`update products set name = replace(name, ' Zebraish', '') where id = ${p._id}`,
    );
    await t.database.db.execute(sql`select catalog_compact_facets()`);
    const after = await t.database.db.execute(sql`select coalesce(sum(n), 0)::int as n
      from listing_facet_cells where term = ${term} and dim = 'p'`);
    expect(after.rows[0]).toEqual({ n: 0 });
    await t.database.db.execute(sql`delete from search_facet_terms where term = ${term}`);
  });
});

describe("product edits", () => {
  it("drop the edited products' details and every listing; other products' details stay cached", async () => {
    const catalog = createCatalogService(t.database.db, 60_000);
    const heard: unknown[] = [];
    catalog.onChange((c) => heard.push(c));
    const q = listQuery({ limit: "2", sort: "newest" });
    const [a, b] = (await catalog.list(q)).items;
    if (!a || !b) throw new Error("two products needed");
    await catalog.detail(a.slug);
    await catalog.detail(b.slug);
    await t.database.db.execute(
      sql`update products set name = name || ' (edited)' where slug in (${a.slug}, ${b.slug})`,
    );
    await catalog.productsChanged([a._id], { vocabulary: false });
    expect((await catalog.detail(a.slug))?.name).toMatch(/\(edited\)$/);
    expect((await catalog.detail(b.slug))?.name).not.toMatch(/\(edited\)$/);
    expect((await catalog.list(q)).items.map((i) => i.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\(edited\)$/)]),
    );
    expect(heard).toEqual([{ kind: "products", slugs: [a.slug] }]);
    await t.database.db.execute(
      sql`update products set name = replace(name, ' (edited)', '') where slug in (${a.slug}, ${b.slug})`,
    );
  });
});

describe("OpenAPI", () => {
  it("describes the catalogue routes with their query and response schemas", async () => {
    const doc = (await get("/api/docs/json")).json();
    const list = doc.paths["/api/products"].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["category", "subcategory", "brand", "sort", "page", "limit"]),
    );
    expect(list.responses["200"]).toBeDefined();
    for (const path of [
      "/api/products/{slug}",
      "/api/search",
      "/api/search/suggest",
      "/api/categories",
      "/api/brands/{slug}",
      "/api/vendors/{slug}",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
