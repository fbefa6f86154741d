import type { CategoryNode } from "@maidan/contracts/catalog";
import type { CategoryPage, SiteService } from "@maidan/contracts/services";
import type { PublicSettings } from "@maidan/contracts/site";
import type { Db } from "@maidan/db/database";
import { keyedCache } from "../../lib/keyed-cache.ts";
import { memo } from "../../lib/memo.ts";
import { dailyPick, landingMatch, shopDay } from "./landing-products.ts";
import * as repo from "./site.repository.ts";

type Category = Awaited<ReturnType<typeof repo.listCategories>>[number];

const toNode = (c: Category): CategoryNode => ({
  _id: c.id,
  slug: c.slug,
  name: c.name,
  image: c.image,
  parent: c.parentId,
});

/** Keys of `byKey` reads that list product tiles (each tile says whether it is in stock). */
const TILE_KEY = /^(category|landing|daily):/;
const DAILY_COUNT = 8;
const DAILY_POOL = 200;

/** Start-up data, CMS pages and the small product views the foundation pages need. */
export function createSiteService(db: Db, cacheMs = 30_000) {
  const categories = memo(cacheMs, () => repo.listCategories(db));
  const settings = memo(cacheMs, () => loadSettings(db));
  const pageSlugs = memo(cacheMs, () => repo.listPageSlugs(db));
  // One value while both parts are unchanged, so the API sends it as it was encoded last time.
  const pagesRouter = memo(cacheMs, async () => {
    const [p, c] = await Promise.all([pageSlugs(), categories()]);
    return { pages: p, categories: c.map((x) => ({ slug: x.slug })) };
  });
  // Every page's root loader reads this (header categories); it must not query per request.
  const home = memo(cacheMs, async () => {
    const [cats, featured, newArrivals, onSale] = await Promise.all([
      categories(),
      repo.listTiles(db, { order: "best", limit: 12 }),
      repo.listTiles(db, { order: "newest", limit: 12 }),
      repo.listTiles(db, { order: "discount", onSale: true, limit: 12 }),
    ]);
    return { categories: cats.map(toNode), featured, newArrivals, onSale };
  });

  // Anonymous page reads (stale-while-revalidate): the slug resolver asks these on every
  // `/{slug}` request, and the category one also lists 24 tiles.
  const byKey = keyedCache(cacheMs, { maxEntries: 1_000 });
  // Every page's root loader reads it too; the shipping table changes rarely.
  const defaultShipping = memo(cacheMs, async () => {
    const s = await repo.findDefaultShipping(db);
    if (!s) return null;
    return {
      _id: s.id,
      name: s.name,
      carrier: s.carrier,
      charge: s.charge,
      freeAbove: s.freeAbove,
      minOrderValue: s.minOrderValue,
      etaDays: s.etaDays,
      isDefault: s.isDefault,
    };
  });

  const descendants = (all: Category[], rootId: string) => {
    const ids = [rootId];
    for (let i = 0; i < ids.length; i++) {
      for (const c of all) if (c.parentId === ids[i]) ids.push(c.id);
    }
    return ids;
  };

  const service = {
    pagesRouter,

    landing: (filter) =>
      byKey.get(`landing-list:${filter.landingPage ?? ""}:${filter.route ?? ""}`, async () => {
        const rows = await repo.listLanding(db, filter);
        return {
          status: true,
          data: rows.map((r) => ({
            _id: r.id,
            route: r.route,
            title: r.title,
            landingPage: r.landingPage,
            data: r.data,
            status: r.status,
          })),
        };
      }),

    settings,

    defaultShipping,

    home,

    page: (slug) => byKey.get(`page:${slug}`, () => loadPage(slug)),

    categoryPage: (slug, child) =>
      byKey.get(`category:${slug}/${child ?? ""}`, () => loadCategoryPage(slug, child)),

    // A landing entry and the products its data asks for (categories or tags, on sale or not).
    landingPage: (route) => byKey.get(`landing:${route}`, () => loadLandingPage(route)),

    // Today's deals: a pick from the discounted products that changes at Pakistan midnight.
    async dailyDeals(now = new Date()) {
      const day = shopDay(now);
      const products = await byKey.get(`daily:${day}`, async () =>
        dailyPick(
          await repo.listTiles(db, { onSale: true, order: "discount", limit: DAILY_POOL }),
          day,
          DAILY_COUNT,
        ),
      );
      return { day, products };
    },
  } satisfies SiteService;

  return {
    ...service,
    /** Settings, pages, categories or the catalogue changed: drops every cached read. */
    invalidate() {
      for (const m of [categories, settings, pageSlugs, pagesRouter, home, defaultShipping]) {
        m.invalidate();
      }
      byKey.invalidate();
    },
    /**
     * A product sold out or came back: drops the cached reads that show product tiles with
     * their stock (home rows, category and landing pages, today's deals).
     */
    dropTiles() {
      home.invalidate();
      byKey.drop((key) => TILE_KEY.test(key));
    },
  };

  async function loadLandingPage(route: string) {
    const [entry] = await repo.listLanding(db, { route });
    if (!entry) return null;
    const { slugs, tags, onSale } = landingMatch(entry);
    const all = await categories();
    const categoryIds = all
      .filter((c) => slugs.includes(c.slug))
      .flatMap((c) => descendants(all, c.id));
    const products = await repo.listTiles(db, {
      categoryIds: categoryIds.length ? categoryIds : undefined,
      tags,
      onSale,
      order: onSale ? "discount" : "best",
      limit: 24,
    });
    return {
      entry: {
        _id: entry.id,
        route: entry.route,
        title: entry.title,
        landingPage: entry.landingPage,
        data: entry.data,
        status: entry.status,
      },
      products,
    };
  }

  async function loadPage(slug: string) {
    const p = await repo.findPage(db, slug);
    if (!p) return null;
    return {
      _id: p.id,
      slug: p.slug,
      page_type: p.pageType,
      title: p.title,
      body: p.body,
      description: p.description,
    };
  }

  async function loadCategoryPage(slug: string, child?: string): Promise<CategoryPage | null> {
    const all = await categories();
    const top = all.find((c) => c.slug === slug);
    if (!top) return null;
    // `/{slug}/all` is the parent itself (the legacy redirects use it).
    const current = child && child !== "all" ? all.find((c) => c.slug === child) : top;
    if (!current) return null;
    if (current !== top && !descendants(all, top.id).includes(current.id)) return null;
    const parent = current.parentId ? all.find((c) => c.id === current.parentId) : undefined;
    const products = await repo.listTiles(db, {
      categoryIds: descendants(all, current.id),
      order: "newest",
      limit: 24,
    });
    return {
      category: toNode(current),
      children: all.filter((c) => c.parentId === current.id).map(toNode),
      parent: parent ? toNode(parent) : null,
      products,
    };
  }
}

async function loadSettings(db: Db): Promise<PublicSettings> {
  const [s, banners] = await Promise.all([repo.findSettings(db), repo.listBanners(db)]);
  if (!s) throw new Error("settings row missing: the database has not been seeded");
  const group = (kind: string) =>
    banners.filter((b) => b.kind === kind).map((b) => ({ img: b.img, link: b.link, alt: b.alt }));
  return {
    shopName: s.shopName,
    title: s.title,
    description: s.description,
    bannersA: { slider: group("slider"), mobile_slider: group("mobile_slider") },
    guestLogin: s.guestLogin,
    appPromotion: s.appPromotion,
    analytics: s.analytics,
    demo: s.demo,
    currency: s.currency,
    microservice: s.microserviceUrl,
    primaryColor: s.primaryColor,
    mainTheme: s.mainTheme,
    otpLength: s.otpLength,
    supportPhone: s.supportPhone,
    supportEmail: s.supportEmail,
    taxDisplay: s.taxDisplay,
  };
}

export type SiteServiceImpl = ReturnType<typeof createSiteService>;
