import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("landing pages with their products (issue #3)", () => {
  it("the summer collection: its seeded data and products from its categories (women's only)", async () => {
    const page = await t.app.domains.site.landingPage("women-summer-collection");
    expect(page?.entry.title).toBe("Women's Summer Collection");
    expect(page?.entry.data).toMatchObject({ headline: "Women's Summer Collection" });
    expect(page?.products.length).toBeGreaterThan(0);
    const slugs = page!.products.map((p) => p.slug);
    const rows = await t.database.pool.query<{ slug: string; category: string; tags: string[] }>(
      `select p.slug, c.slug as category, p.tags from products p join categories c on c.id = p.category_id
        where p.slug = any($1)`,
      [slugs],
    );
    for (const row of rows.rows) {
      // No men's or boys' shorts through a "summer" tag (issue #18).
      expect(row.category).toMatch(/^women-(eastern-wear|clothing-tops|shoes-casual)/);
    }
  });

  it("the sale shows discounted products only", async () => {
    const page = await t.app.domains.site.landingPage("sale");
    expect(page?.products.length).toBeGreaterThan(0);
    for (const p of page!.products) expect(p.price).toBeLessThan(p.mrp);
  });

  it("an unknown route is null", async () => {
    expect(await t.app.domains.site.landingPage("no-such-landing")).toBeNull();
  });

  it("daily deals: discounted, the same all day in Pakistan, different on another day", async () => {
    const site = t.app.domains.site;
    const morning = await site.dailyDeals(new Date("2026-03-01T20:00:00Z")); // 01:00 PKT, 2 Mar
    const evening = await site.dailyDeals(new Date("2026-03-02T18:30:00Z")); // 23:30 PKT, 2 Mar
    expect(morning.day).toBe("2026-03-02");
    expect(evening.products).toEqual(morning.products);
    expect(morning.products.length).toBe(8);
    for (const p of morning.products) expect(p.price).toBeLessThan(p.mrp);
    const days = await Promise.all(
      ["2026-03-03", "2026-03-04", "2026-03-05"].map((d) =>
        site.dailyDeals(new Date(`${d}T12:00:00Z`)),
      ),
    );
    const mixes = new Set([morning, ...days].map((d) => d.products.map((p) => p._id).join()));
    expect(mixes.size).toBeGreaterThan(1);
  });
});
