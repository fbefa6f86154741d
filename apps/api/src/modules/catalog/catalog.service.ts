import { setTimeout as sleep } from "node:timers/promises";
import type {
  CatalogService,
  ProductListQuery,
  SearchResult,
  Sort,
} from "@maidan/contracts/catalog";
import type { Db } from "@maidan/db/database";
import { logger } from "@maidan/observability/log";
import { keyedCache } from "../../lib/keyed-cache.ts";
import { sharedJsonWeight } from "../../lib/shared-json.ts";
import { productsInStock } from "../inventory/inventory.service.ts";
import * as repo from "./catalog.repository.ts";
import { type CatalogListener, changeHub } from "./catalog-changes.ts";
import { type FacetLoader, resolveFilter, runListing } from "./catalog-listing.ts";
import { toCard, toDetail } from "./catalog-mappers.ts";
import { closeTerms, phraseFallback, readQuery, suggest } from "./catalog-search.ts";
import { buildCategoryTree } from "./category-tree.ts";
import { hasPriceRange, priceSide } from "./listing-sql.ts";
import { singleGroup, tokenize } from "./search-query.ts";
import { SYNONYMS } from "./synonyms.ts";

/** "New arrivals" are the products added in the last 30 days of the catalogue (issue #18). */
export const NEW_ARRIVAL_DAYS = 30;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Cache keys of reads that show whether products are in stock (tiles, in-stock facets). */
const LISTING_KEY = /^(list|search|facets|related):/;
/** Cache keys of a query's words as the vocabulary reads them. */
const READ_KEY = "read:";
/** How long product edits wait for the next before the search vocabulary is rebuilt. */
const VOCABULARY_DELAY_MS = 2_000;
/** Products remembered for stock changes: about as many as the cache holds details. */
const SEEN_MAX = 2_000;
/**
 * A search of one word group whose facet pass counts this many matches asks for facet cells of
 * its own (decision 073): below it the pass reads few rows anyway.
 */
const SEARCH_CELLS_FROM = 1_000;
/** At most this many searches have cells: the triggers match each written product against all. */
const SEARCH_CELL_TERMS_MAX = 200;
/** A term no search has read for more than this many days is retired (decision 074). */
const SEARCH_TERM_IDLE_DAYS = 30;
/** The hourly retirement keeps this many places free for new terms, retiring the least used. */
const SEARCH_TERM_HEADROOM = 20;
/** A retired term's cells are deleted this long after (readers cache the built terms 30 s). */
const RETIRED_TERM_GRACE_S = 3_600;
/** How long a term's cells wait for the writes that began before it was registered. */
const WRITES_WAIT_MS = 30_000;
/** Cache key of the searches whose cells are built. */
const SEARCH_CELLS_KEY = "search-cells";

export type CatalogHooks = {
  /** Asks for facet cells of a search's words (the catalog.build-search-cells job). */
  askSearchCells?: (term: string) => Promise<unknown>;
  /** How many matches make a search ask for cells (SEARCH_CELLS_FROM; tests ask for fewer). */
  searchCellsFrom?: number;
};

/**
 * The catalogue's reads. Every read is the same for every shopper, so results are cached by
 * their arguments with stale-while-revalidate; `invalidate()` drops them all and rebuilds the
 * search vocabulary (call it after any catalogue write); `stockChanged(ids)` drops what showed
 * those products' stock (call it after an order takes stock or gives it back). Listeners of
 * `onChange` hear both, to drop their own copies (page cache, sitemap).
 */
export function createCatalogService(
  db: Db,
  cacheMs = 30_000,
  cacheBytes = 48 * 2 ** 20,
  hooks: CatalogHooks = {},
) {
  const cache = keyedCache(cacheMs, { maxBytes: cacheBytes, weigh: sharedJsonWeight });
  const changes = changeHub();
  // Products whose detail was read lately: the slug (the detail's cache key) and whether it
  // was in stock, to tell a sale that sold out from one that did not.
  const seen = new Map<string, { slug: string; inStock: boolean }>();
  const remember = (id: string, slug: string, inStock: boolean) => {
    seen.delete(id);
    seen.set(id, { slug, inStock });
    if (seen.size > SEEN_MAX) seen.delete(seen.keys().next().value as string);
  };
  const lookups = async () => {
    const [categories, brands, vendors] = await Promise.all([tree(), brandList(), vendorList()]);
    return { categories, brands, vendors };
  };
  const tree = () =>
    cache.get("tree", async () => buildCategoryTree(await repo.listCategories(db)));
  const brandList = () => cache.get("brands", () => repo.listBrands(db));
  const vendorList = () => cache.get("vendors", () => repo.listVendors(db));
  const rebuildVocabulary = () => repo.rebuildSearchTerms(db, Object.keys(SYNONYMS));
  // After product edits: one rebuild VOCABULARY_DELAY_MS after the last of a burst, never two at
  // once; searches keep the vocabulary they have meanwhile (the rebuild is one transaction).
  let vocabularyTimer: NodeJS.Timeout | undefined;
  let rebuilding: Promise<void> = Promise.resolve();
  const vocabularySoon = () => {
    clearTimeout(vocabularyTimer);
    vocabularyTimer = setTimeout(() => {
      rebuilding = rebuilding
        .then(rebuildVocabulary)
        .then(() => cache.drop((key) => key.startsWith(READ_KEY)))
        .catch((err) => logger().warn({ err }, "catalog: the search vocabulary was not rebuilt"));
    }, VOCABULARY_DELAY_MS);
    vocabularyTimer.unref();
  };
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
  // A price range reads the products on its small side, if it has one (decision 068).
  const priceStats = () => cache.get("price-stats", () => repo.priceStats(db));
  // A search of one word group reads its own cells once they are built; until then its pass
  // counts the matches, and when they are many it asks for cells (decision 073), once per
  // process. Other instances learn of new cells when SEARCH_CELLS_KEY expires.
  const searchCells = () => cache.get(SEARCH_CELLS_KEY, () => repo.builtSearchTerms(db));
  // Words asked about, each once a day; bounded, as past SEARCH_CELL_TERMS_MAX the job declines.
  // Built words read, each stamped as used once a day (decision 074). Both start afresh daily.
  const asked = new Set<string>();
  const stamped = new Set<string>();
  let day = "";
  const newDay = () => {
    const today = new Date().toISOString().slice(0, 10);
    if (today === day) return;
    day = today;
    asked.clear();
    stamped.clear();
  };
  const stamp = (term: string) => {
    newDay();
    if (stamped.has(term)) return;
    stamped.add(term);
    repo.stampSearchTerm(db, term).catch((err) => {
      stamped.delete(term);
      logger().warn({ err, term }, "catalog: a search term's use was not stamped");
    });
  };
  const ask = (term: string) => {
    newDay();
    if (!hooks.askSearchCells || asked.has(term) || asked.size >= 4 * SEARCH_CELL_TERMS_MAX) return;
    asked.add(term);
    hooks.askSearchCells(term).catch((err) => {
      asked.delete(term);
      logger().warn({ err, term }, "catalog: search cells were not asked for");
    });
  };
  const facets: FacetLoader = (f) =>
    cache.get(`facets:${JSON.stringify(f)}`, async () => {
      const side = hasPriceRange(f) ? priceSide(f, await priceStats()) : undefined;
      const term = f.tsQuery !== undefined && singleGroup(f.tsQuery) ? f.tsQuery : undefined;
      const built = term !== undefined && (await searchCells()).includes(term);
      if (built) stamp(term);
      const counted = await repo.facetCounts(db, f, side, built);
      const total = counted.find((r) => r.k === "total")?.n ?? 0;
      if (term !== undefined && !built && total >= (hooks.searchCellsFrom ?? SEARCH_CELLS_FROM))
        ask(term);
      return counted;
    });
  // `fresh`: new arrivals only (their own cache keys, since the filter differs).
  const listing = (q: ProductListQuery, sort: Sort, fresh = false) =>
    cache.get(`list:${sort}:${fresh ? "new:" : ""}${JSON.stringify(q)}`, async () => {
      const l = await lookups();
      const f = resolveFilter(q, l);
      return runListing(
        db,
        fresh ? { ...f, newWithinDays: NEW_ARRIVAL_DAYS } : f,
        q,
        sort,
        l,
        facets,
      );
    });

  // A query's words, corrected and expanded, depend on its words and the vocabulary only: the
  // same words under other filters (a category, a price, the next page) skip the vocabulary's
  // two lookups. Dropped with everything on `invalidate`, and after each vocabulary rebuild.
  const reading = (text: string) =>
    cache.get(`${READ_KEY}${tokenize(text).join(" ")}`, () => readQuery(db, text));
  const search = (text: string, q: ProductListQuery): Promise<SearchResult> =>
    cache.get(`search:${text}:${JSON.stringify(q)}`, async () => {
      await ensureVocabulary();
      const [l, read] = await Promise.all([lookups(), reading(text)]);
      const sort = q.sort ?? "relevance";
      const base = resolveFilter(q, l);
      const empty = { terms: [] as string[], categories: [] as { slug: string; name: string }[] };
      let result = read.tsQuery
        ? await runListing(db, { ...base, tsQuery: read.tsQuery }, q, sort, l, facets)
        : null;
      // Nothing matched word by word, and some word is unknown: try the whole phrase by
      // trigram similarity on names.
      if (result && phraseFallback(read, text, result.total)) {
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

  const service = {
    list: (q: ProductListQuery) => listing(q, q.sort ?? "relevance"),
    /** Folds the facet deltas into the cells (the catalog.compact-facets job, decision 066). */
    compactFacets: () => repo.compactFacets(db),

    /**
     * Gives a search's words facet cells of their own (the catalog.build-search-cells job,
     * decision 073): registers them, so the triggers write their deltas from then on, waits out
     * the writes begun before that, then counts the matches in. Idempotent: a registered term
     * is built once; none is registered past SEARCH_CELL_TERMS_MAX. The cells made, or -1.
     */
    async buildSearchCells(term: string) {
      const registered = await repo.registerSearchTerm(db, term, SEARCH_CELL_TERMS_MAX);
      if (!registered || registered.built) return -1;
      const writing = await repo.productWritersNow(db);
      const until = Date.now() + WRITES_WAIT_MS;
      while ((await repo.productWritersLeft(db, writing)) > 0) {
        if (Date.now() > until) throw new Error("catalog: writes begun earlier are still running");
        await sleep(50);
      }
      const made = await repo.buildSearchCells(db, term);
      await repo
        .vacuumCells(db)
        .catch((err) => logger().warn({ err }, "catalog: the facet cells were not vacuumed"));
      cache.drop((key) => key === SEARCH_CELLS_KEY);
      return made;
    },
    /**
     * The hourly catalog.retire-search-terms job (decision 074): deletes the cells of the terms
     * retired at least `graceSeconds` ago, then retires the terms idle SEARCH_TERM_IDLE_DAYS and,
     * past SEARCH_TERM_HEADROOM free places, the least recently used. Idempotent.
     */
    async retireSearchTerms(graceSeconds = RETIRED_TERM_GRACE_S) {
      const dropped = await repo.dropRetiredSearchTerms(db, graceSeconds);
      const retired = await repo.retireSearchTerms(
        db,
        SEARCH_TERM_IDLE_DAYS,
        SEARCH_CELL_TERMS_MAX - SEARCH_TERM_HEADROOM,
      );
      if (retired.length > 0) cache.drop((key) => key === SEARCH_CELLS_KEY);
      if (retired.length + dropped.length > 0)
        logger().info({ retired, dropped }, "catalog: search terms retired");
      return { retired, dropped };
    },
    bestSellers: (q: ProductListQuery) => listing(q, "best-selling"),
    newArrivals: (q: ProductListQuery) => listing(q, "newest", true),
    search,

    suggest: (text: string) =>
      cache.get(`suggest:${text}`, async () => {
        await ensureVocabulary();
        const [t, brands] = await Promise.all([tree(), brandList()]);
        // Two categories of one name ("Running Shoes" under Men and Women) are told apart by
        // their top category, so the suggestions never show the same words twice.
        const all = [...t.bySlug.values()];
        const uses = new Map<string, number>();
        for (const c of all) uses.set(c.name, (uses.get(c.name) ?? 0) + 1);
        const categories = all.map((c) => {
          const top = t.breadcrumbs(c.id)[0];
          const shared = (uses.get(c.name) ?? 0) > 1 && top && top.slug !== c.slug;
          return { slug: c.slug, name: shared ? `${top.name} › ${c.name}` : c.name };
        });
        return suggest(db, text, { categories, brands });
      }),

    detail: (slug: string) =>
      cache.get(`detail:${slug}`, async () => {
        const p = await repo.findProduct(db, slug);
        if (!p) return null;
        const t = await tree();
        const detail = toDetail(p, { breadcrumbs: t.breadcrumbs(p.categoryId) });
        remember(detail._id, slug, detail.inStock);
        return detail;
      }),

    related: (productId: string, limit = 12) =>
      cache.get(`related:${productId}:${limit}`, async () => {
        if (!UUID.test(productId)) return [];
        const categoryId = await repo.findCategoryIdOfProduct(db, productId);
        if (!categoryId) return [];
        return (await repo.relatedCards(db, productId, categoryId, limit)).map(toCard);
      }),

    categoryTree: async () => (await tree()).roots,
    brands: brandList,
    brand: async (slug: string) => (await brandList()).find((b) => b.slug === slug) ?? null,
    vendors: vendorList,
    vendor: async (key: string) =>
      (await vendorList()).find((v) => v.slug === key || v._id === key) ?? null,

    invalidate() {
      cache.invalidate();
      vocabularyReady = rebuildVocabulary().catch(() => {
        vocabularyReady = undefined;
      });
      changes.emit({ kind: "all" });
    },

    /**
     * Another instance changed the catalogue (and rebuilt the shared search vocabulary), or its
     * news may have been missed: drops every cached read here, and tells the listeners.
     */
    forget() {
      cache.invalidate();
      changes.emit({ kind: "all" });
    },

    /**
     * After an order took stock or gave it back (once committed): drops those products' cached
     * details, and listings, search and facets too when one of them sold out or came back.
     * Products nobody looked at lately have nothing cached to drop: no query for them.
     */
    async stockChanged(productIds: readonly string[]) {
      const known = [...new Set(productIds)].filter((id) => seen.has(id));
      if (cacheMs <= 0 || known.length === 0) return;
      const now = await productsInStock(db, known);
      let listings = false;
      for (const p of now) {
        if (seen.get(p.id)?.inStock !== p.inStock) listings = true;
        remember(p.id, p.slug, p.inStock);
      }
      const details = new Set(now.map((p) => `detail:${p.slug}`));
      cache.drop((key) => details.has(key) || (listings && LISTING_KEY.test(key)));
      changes.emit({ kind: "stock", slugs: now.map((p) => p.slug), listings });
    },

    /**
     * After a back-office edit or an import of these products (once committed): drops their
     * details (under the old slug and the new), and listings, search, facets and related rows,
     * which show their names and prices; other products' details stay. `vocabulary` (the
     * instance that made the change): the shared search vocabulary is rebuilt a little later,
     * once for a burst of edits, while searches go on with the one they have.
     */
    async productsChanged(productIds: readonly string[], opts: { vocabulary: boolean }) {
      const ids = [...new Set(productIds)];
      if (opts.vocabulary) vocabularySoon();
      if (cacheMs <= 0 || ids.length === 0) return;
      const before = ids.flatMap((id) => seen.get(id)?.slug ?? []);
      const now = await productsInStock(db, ids);
      for (const p of now) if (seen.has(p.id)) remember(p.id, p.slug, p.inStock);
      const slugs = [...new Set([...before, ...now.map((p) => p.slug)])];
      const details = new Set(slugs.map((slug) => `detail:${slug}`));
      cache.drop((key) => details.has(key) || LISTING_KEY.test(key));
      changes.emit({ kind: "products", slugs });
    },

    onChange: (listener: CatalogListener) => changes.on(listener),
  };
  return service satisfies CatalogService;
}

/** The job that folds facet deltas into the cells, once a minute (decision 066). */
export const FACET_COMPACTION_QUEUE = "catalog.compact-facets";
/** The job that gives a frequent search facet cells of its own (decision 073). */
export const SEARCH_CELLS_QUEUE = "catalog.build-search-cells";
/** The job that retires searches' cells no search reads any more, hourly (decision 074). */
export const SEARCH_TERMS_RETIRE_QUEUE = "catalog.retire-search-terms";

export type CatalogServiceImpl = ReturnType<typeof createCatalogService>;
