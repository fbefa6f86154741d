import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorefrontTestApp } from "../testing/storefront-source.ts";
import type { TestApp } from "../testing/test-app.ts";

/**
 * Host header poisoning of pages (decision 025): canonical, og:url, og:image and the JSON-LD of
 * the real storefront's pages are on the configured origin whatever Host and X-Forwarded-* a
 * request carries, and a page that a hostile request put in the page cache shows the next
 * visitor the configured origin too.
 */
const ORIGIN = "http://localhost:4322";
const HOSTILE = {
  host: "evil.example",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
};

let t: TestApp;
let slug: string;
beforeAll(async () => {
  t = await createStorefrontTestApp({
    env: { PORT: "4322", TRUST_PROXY: "true", CACHE_TTL_MS: "600000" },
    mount: { pageCacheMs: 600_000 },
  });
  const { rows } = await t.database.db.execute(
    sql`select slug from products where active order by slug limit 1`,
  );
  slug = (rows[0] as { slug: string }).slug;
});
afterAll(() => t?.close());

/** The absolute URLs a page's head gives crawlers and share previews. */
function headUrls(html: string) {
  const attr = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1] ?? "");
  return {
    canonical: attr(/<link rel="canonical" href="([^"]+)"/g),
    ogUrl: attr(/<meta property="og:url" content="([^"]+)"/g),
    ogImage: attr(/<meta property="og:image" content="([^"]+)"/g),
  };
}

describe("pages name the configured origin, never the request's", () => {
  it("a product page's canonical, og:url, og:image and JSON-LD", async () => {
    const res = await t.app.inject({ url: `/${slug}?from=hostile`, headers: HOSTILE });
    expect(res.statusCode).toBe(200);
    const head = headUrls(res.body);
    expect(head.canonical).toEqual([`${ORIGIN}/${slug}`]);
    expect(head.ogUrl).toEqual([`${ORIGIN}/${slug}`]);
    expect(head.ogImage.length).toBe(1);
    expect(head.ogImage[0]?.startsWith(`${ORIGIN}/`)).toBe(true);
    expect(res.body).not.toContain("evil.example");
  });

  it("a category page and the home page", async () => {
    for (const path of ["/men", "/"]) {
      const res = await t.app.inject({ url: path, headers: HOSTILE });
      expect(res.statusCode, path).toBe(200);
      const head = headUrls(res.body);
      expect([...head.canonical, ...head.ogUrl].length, path).toBeGreaterThan(0);
      for (const u of [...head.canonical, ...head.ogUrl, ...head.ogImage])
        expect(u.startsWith(`${ORIGIN}/`), `${path}: ${u}`).toBe(true);
      expect(res.body, path).not.toContain("evil.example");
    }
  });

  it("the page cache: after a hostile request fills it, the next visitor sees the configured origin", async () => {
    const path = `/${slug}?cache=probe`;
    const first = await t.app.inject({ url: path, headers: HOSTILE });
    expect(first.statusCode).toBe(200);
    const next = await t.app.inject({ url: path });
    expect(next.statusCode).toBe(200);
    expect(next.body).toBe(first.body);
    expect(headUrls(next.body).canonical).toEqual([`${ORIGIN}/${slug}`]);
    expect(next.body).not.toContain("evil.example");
  });
});
