import type { CategoryTreeNode } from "@maidan/contracts/catalog";
import type { SiteService } from "@maidan/contracts/services";
import type { Db } from "@maidan/db/database";
import { keyedCache } from "../../lib/keyed-cache.ts";
import * as repo from "./catalog.repository.ts";
import type { CatalogServiceImpl } from "./catalog.service.ts";

/** Products per sitemap file (the protocol allows 50,000; smaller files render faster). */
export const PRODUCTS_PER_SITEMAP = 5_000;
const FIXED_PATHS = [
  "/",
  "/new-arrivals",
  "/sale",
  "/explore",
  "/store",
  "/brands",
  "/v",
  "/help-center",
];

type Url = { loc: string; lastmod?: string };

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );

export const urlSet = (urls: Url[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map(
      (u) =>
        `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n")}\n</urlset>\n`;

export const sitemapIndex = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs
    .map((l) => `<sitemap><loc>${escapeXml(l)}</loc></sitemap>`)
    .join("\n")}\n</sitemapindex>\n`;

/**
 * The sitemap files, as lists of paths (the route adds the origin). Cached like the catalogue
 * reads, and dropped with them when the catalogue is invalidated (stock does not matter here).
 */
export function createSitemap(
  db: Db,
  site: SiteService,
  catalog: CatalogServiceImpl,
  cacheMs: number,
  /** Products per file (tests use a small one to get several files). */
  perFile = PRODUCTS_PER_SITEMAP,
) {
  const cache = keyedCache(cacheMs, { maxEntries: 200 });
  catalog.onChange((change) => {
    if (change.kind === "all" || change.kind === "products") cache.invalidate();
  });
  const categoryPaths = (nodes: CategoryTreeNode[]): string[] =>
    nodes.flatMap((n) => [`/${n.slug}`, ...categoryPaths(n.children)]);
  return {
    /** Names of the files under /sitemaps/. */
    files: () =>
      cache.get("files", async () => {
        const n = Math.ceil((await repo.countActiveProducts(db)) / perFile);
        const products = Array.from({ length: n }, (_, i) => `products-${i + 1}.xml`);
        return ["pages.xml", "categories.xml", "brands.xml", ...products];
      }),
    pages: () =>
      cache.get("pages", async () => {
        const [router, landing] = await Promise.all([site.pagesRouter(), site.landing({})]);
        return [
          ...FIXED_PATHS,
          ...router.pages.map((p) => `/${p.slug}`),
          ...landing.data.map((l) => `/pages/${l.route}`),
        ].map((path) => ({ path }));
      }),
    categories: () =>
      cache.get("categories", async () =>
        categoryPaths(await catalog.categoryTree()).map((path) => ({ path })),
      ),
    brands: () =>
      cache.get("brands", async () => {
        const [brands, vendors] = await Promise.all([catalog.brands(), catalog.vendors()]);
        return [
          ...brands.map((b) => ({ path: `/brands/${b.slug}` })),
          ...vendors.map((v) => ({ path: `/stores/${v.slug}` })),
        ];
      }),
    /** Page `n` (1-based) of the products, or null past the end. */
    products: (n: number) =>
      cache.get(`products:${n}`, async () => {
        const rows = await repo.productSlugs(db, (n - 1) * perFile, perFile);
        if (rows.length === 0 && n > 1) return null;
        return rows.map((r) => ({
          path: `/${r.slug}`,
          lastmod: new Date(r.updatedAt).toISOString().slice(0, 10),
        }));
      }),
    invalidate: () => cache.invalidate(),
  };
}
export type Sitemap = ReturnType<typeof createSitemap>;
