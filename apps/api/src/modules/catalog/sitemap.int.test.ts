import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sitemapRoutes } from "./sitemap.routes.ts";
import { createSitemap, PRODUCTS_PER_SITEMAP } from "./sitemap.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 40, env: { PUBLIC_URL: "http://shop.test" } });
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: "GET", url });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe("robots.txt and sitemaps", () => {
  it("robots.txt keeps crawlers out of private paths and points at the sitemap", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body).toContain("Disallow: /checkout");
    expect(res.body).toContain("Sitemap: http://shop.test/sitemap.xml");
  });

  it("sitemap.xml is an index of files that each list absolute URLs", async () => {
    const index = await get("/sitemap.xml");
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain("<sitemapindex");
    const files = locs(index.body);
    expect(files).toContain("http://shop.test/sitemaps/products-1.xml");
    expect(files.filter((f) => f?.includes("products-")).length).toBe(
      Math.ceil(40 / PRODUCTS_PER_SITEMAP),
    );
    const products = await get("/sitemaps/products-1.xml");
    expect(locs(products.body)).toHaveLength(40);
    expect(products.body).toMatch(/<lastmod>\d{4}-\d\d-\d\d<\/lastmod>/);
    const categories = locs((await get("/sitemaps/categories.xml")).body);
    expect(categories).toContain("http://shop.test/men-clothing");
    const brands = locs((await get("/sitemaps/brands.xml")).body);
    expect(brands.some((b) => b?.startsWith("http://shop.test/brands/"))).toBe(true);
    expect(locs((await get("/sitemaps/pages.xml")).body)).toContain(
      "http://shop.test/new-arrivals",
    );
  });

  it("unknown sitemap files are 404", async () => {
    for (const f of ["products-2.xml", "products-0.xml", "nope.xml"]) {
      expect((await get(`/sitemaps/${f}`)).statusCode, f).toBe(404);
    }
  });
});

describe("a catalogue bigger than one sitemap file", () => {
  it("is split into products-N.xml files that list every active product once", async () => {
    const small = Fastify();
    await small.register(sitemapRoutes, {
      sitemap: createSitemap(t.database.db, t.app.domains.site, t.app.domains.catalog, 0, 15),
      publicUrl: "http://shop.test",
    });
    const at = (url: string) => small.inject({ url });
    try {
      const files = locs((await at("/sitemap.xml")).body).filter((f) => f?.includes("products-"));
      expect(files).toEqual([1, 2, 3].map((n) => `http://shop.test/sitemaps/products-${n}.xml`));
      const listed: string[] = [];
      for (const [i, size] of [15, 15, 10].entries()) {
        const urls = locs((await at(`/sitemaps/products-${i + 1}.xml`)).body);
        expect(urls, `products-${i + 1}.xml`).toHaveLength(size);
        listed.push(...urls.map((u) => u?.replace("http://shop.test/", "") ?? ""));
      }
      const { rows } = await t.database.db.execute(sql`select slug from products where active`);
      expect(listed.sort()).toEqual(rows.map((r) => r.slug as string).sort());
      expect((await at("/sitemaps/products-4.xml")).statusCode).toBe(404);
    } finally {
      await small.close();
    }
  });
});
