import type {
  CatalogService,
  ProductListQuery,
  SearchResult,
  Sort,
} from "@maidan/contracts/catalog";
import type { Db } from "@maidan/db/database";
import * as repo from "./catalog.repository.ts";
import { type FacetLoader, resolveFilter, runListing } from "./catalog-listing.ts";
import { toCard, toDetail } from "./catalog-mappers.ts";
import { closeTerms, readQuery, suggest } from "./catalog-search.ts";
import { buildCategoryTree } from "./category-tree.ts";
import { keyedCache } from "./keyed-cache.ts";
import { SYNONYMS } from "./synonyms.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The catalogue's reads. Every read is the same for every shopper, so results are cached by
 * their arguments with stale-while-revalidate; `invalidate()` drops them all and rebuilds the
 * search vocabulary (call it after any catalogue write).
 */
export function createCatalogService(db: Db, cacheMs = 30_000): CatalogService {
  const cache = keyedCache(cacheMs);
  const lookups = async () => {
    const [categories, brands, vendors] = await Promise.all([tree(), brandList(), vendorList()]);
    return { categories, brands, vendors };
  };
  const tree = () =>
    cache.get("tree", async () => buildCategoryTree(await repo.listCategories(db)));
  const brandList = () => cache.get("brands", () => repo.listBrands(db));
  const vendorList = () => cache.get("vendors", () => repo.listVendors(db));
  const rebuildVocabulary = () => repo.rebuildSearchTerms(db, Object.keys(SYNONYMS));
  // Built once if empty (a freshly seeded database), and again on invalidate.
  let vocabularyReady: Promise<void> | undefined;
  const ensureVocabulary = () => {
    vocabularyReady ??= (async () => {
      if ((await repo.countSearchTerms(db)) === 0) await rebuildVocabulary();
    })().catch((e) => {
      vocabularyReady = undefined;
      throw e;
    });
    return vocabularyReady;
  };

  // Facets depend on the filter only: every page and sort of a listing shares one computation.
  const facets: FacetLoader = (f) =>
    cache.get(`facets:${JSON.stringify(f)}`, () => repo.facetCounts(db, f));
  const listing = (q: ProductListQuery, sort: Sort) =>
    cache.get(`list:${sort}:${JSON.stringify(q)}`, async () => {
      const l = await lookups();
      return runListing(db, resolveFilter(q, l), q, sort, l, facets);
    });

  const search = (text: string, q: ProductListQuery): Promise<SearchResult> =>
    cache.get(`search:${text}:${JSON.stringify(q)}`, async () => {
      await ensureVocabulary();
      const [l, read] = await Promise.all([lookups(), readQuery(db, text)]);
      const sort = q.sort ?? "relevance";
      const base = resolveFilter(q, l);
      const empty = { terms: [] as string[], categories: [] as { slug: string; name: string }[] };
      let result = read.tsQuery
        ? await runListing(db, { ...base, tsQuery: read.tsQuery }, q, sort, l, facets)
        : null;
      // Nothing matched word by word: try the whole phrase by trigram similarity on names.
      if (result && result.total === 0 && text.length >= 3) {
        result = await runListing(
          db,
          { ...base, fuzzyName: text.toLowerCase() },
          q,
          sort,
          l,
          facets,
        );
      }
      if (result && result.total > 0) {
        return { ...result, q: text, terms: read.groups.flat(), suggestions: empty };
      }
      const popular = [...l.categories.roots].sort((a, b) => b.productCount - a.productCount);
      return {
        ...(result ?? (await runListing(db, { ...base, subcategoryIds: [] }, q, sort, l, facets))),
        q: text,
        terms: read.groups.flat(),
        suggestions: {
          terms: await closeTerms(db, read.tokens),
          categories: popular.slice(0, 6).map((c) => ({ slug: c.slug, name: c.name })),
        },
      };
    });

  return {
    list: (q) => listing(q, q.sort ?? "relevance"),
    bestSellers: (q) => listing(q, "best-selling"),
    newArrivals: (q) => listing(q, "newest"),
    search,

    suggest: (text) =>
      cache.get(`suggest:${text}`, async () => {
        await ensureVocabulary();
        const [t, brands] = await Promise.all([tree(), brandList()]);
        const categories = [...t.bySlug.values()].map((c) => ({ slug: c.slug, name: c.name }));
        return suggest(db, text, { categories, brands });
      }),

    detail: (slug) =>
      cache.get(`detail:${slug}`, async () => {
        const p = await repo.findProduct(db, slug);
        if (!p) return null;
        const t = await tree();
        return toDetail(p, { breadcrumbs: t.breadcrumbs(p.categoryId) });
      }),

    related: (productId, limit = 12) =>
      cache.get(`related:${productId}:${limit}`, async () => {
        if (!UUID.test(productId)) return [];
        const categoryId = await repo.findCategoryIdOfProduct(db, productId);
        if (!categoryId) return [];
        return (await repo.relatedCards(db, productId, categoryId, limit)).map(toCard);
      }),

    categoryTree: async () => (await tree()).roots,
    brands: brandList,
    brand: async (slug) => (await brandList()).find((b) => b.slug === slug) ?? null,
    vendors: vendorList,
    vendor: async (key) =>
      (await vendorList()).find((v) => v.slug === key || v._id === key) ?? null,

    invalidate() {
      cache.invalidate();
      vocabularyReady = rebuildVocabulary().catch(() => {
        vocabularyReady = undefined;
      });
    },
  };
}
