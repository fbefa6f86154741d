import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { PRODUCTS_PER_SITEMAP } from "./sitemap.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 40 });
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { host: "shop.test" } });
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
