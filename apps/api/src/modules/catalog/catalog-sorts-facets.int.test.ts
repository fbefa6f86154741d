import type { ProductList } from "@maidan/contracts/catalog";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The order of `newest` and `best-selling` (checked against products given known dates and
 * sales, not against the query's own SQL), and facet counts that equal the total a shopper
 * gets by choosing that facet: subcategory, size and colour, alone and under a category.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 120 });
});
afterAll(() => t?.close());

const list = async (qs: string) => {
  const res = await t.app.inject({ url: `/api/products?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductList;
};

/** `n` active products, the same ones whatever the sort. */
async function someProducts(n: number, offset: number) {
  const { rows } = await t.database.db.execute(
    sql`select id, slug from products where active order by slug limit ${n} offset ${offset}`,
  );
  return rows as { id: string; slug: string }[];
}

describe("sorts", () => {
  it("newest puts the most recently added first, on listings and new arrivals", async () => {
    const picked = await someProducts(3, 10);
    // Added tomorrow, in the order given: the last one is the newest of all.
    for (const [i, p] of picked.entries()) {
      await t.database.db.execute(
        sql`update products set created_at = now() + make_interval(days => 1, mins => ${i}) where id = ${p.id}`,
      );
    }
    const expected = picked.map((p) => p.slug).reverse();
    expect((await list("sort=newest&limit=3")).items.map((p) => p.slug)).toEqual(expected);
    const fresh = (await t.app.inject({ url: "/api/products/new-arrivals?limit=3" })).json();
    expect((fresh as ProductList).items.map((p) => p.slug)).toEqual(expected);
    const all = (await list("sort=newest&limit=60")).items.map((p) => p.slug);
    expect(all.slice(0, 3)).toEqual(expected);
  });

  it("best-selling puts the most units sold first, on listings and best sellers", async () => {
    const picked = await someProducts(3, 20);
    const top = Number(
      (
        (await t.database.db.execute(sql`select max(sold_count)::int as n from products`))
          .rows[0] as { n: number }
      ).n,
    );
    for (const [i, p] of picked.entries()) {
      await t.database.db.execute(
        sql`update products set sold_count = ${top + 100 * (i + 1)} where id = ${p.id}`,
      );
    }
    const expected = picked.map((p) => p.slug).reverse();
    expect((await list("sort=best-selling&limit=3")).items.map((p) => p.slug)).toEqual(expected);
    const best = (await t.app.inject({ url: "/api/products/best-sellers?limit=3" })).json();
    expect((best as ProductList).items.map((p) => p.slug)).toEqual(expected);
    // And the rest follow by units sold, most first.
    const { rows } = await t.database.db.execute(
      sql`select slug, sold_count as n from products where active`,
    );
    const sold = new Map(rows.map((r) => [r.slug as string, Number(r.n)]));
    const counts = (await list("sort=best-selling&limit=60")).items.map((p) => sold.get(p.slug));
    expect(counts).toEqual([...counts].sort((a, b) => (b ?? 0) - (a ?? 0)));
  });
});

describe("facet counts equal the filtered totals", () => {
  it("subcategories of a category", async () => {
    const men = await list("category=men&limit=1");
    expect(men.facets.subcategories.length).toBeGreaterThan(1);
    for (const s of men.facets.subcategories) {
      const only = await list(`category=men&subcategory=${s.value}&limit=1`);
      expect(only.total, s.value).toBe(s.count);
    }
    expect(men.facets.subcategories.reduce((n, s) => n + s.count, 0)).toBe(men.total);
  });

  it("sizes and colours, across the catalogue and within a category", async () => {
    for (const scope of ["", "category=men&"]) {
      const all = await list(`${scope}limit=1`);
      expect(all.facets.sizes.length, scope).toBeGreaterThan(1);
      expect(all.facets.colors.length, scope).toBeGreaterThan(1);
      for (const s of all.facets.sizes) {
        const only = await list(`${scope}size=${encodeURIComponent(s.value)}&limit=1`);
        expect(only.total, `${scope}size=${s.value}`).toBe(s.count);
      }
      for (const c of all.facets.colors) {
        const only = await list(`${scope}color=${encodeURIComponent(c.value)}&limit=1`);
        expect(only.total, `${scope}color=${c.value}`).toBe(c.count);
      }
    }
  });

  it("a size's count follows a colour chosen with it, and the other way round", async () => {
    const all = await list("limit=1");
    const color = all.facets.colors[0]?.value ?? "";
    const byColor = await list(`color=${encodeURIComponent(color)}&limit=1`);
    for (const s of byColor.facets.sizes) {
      const both = await list(
        `color=${encodeURIComponent(color)}&size=${encodeURIComponent(s.value)}&limit=1`,
      );
      expect(both.total, `${color} ${s.value}`).toBe(s.count);
      expect(both.facets.colors.find((c) => c.value === color)?.count).toBe(s.count);
    }
  });
});
