import type { Facets, ProductList, ProductListQuery, Sort } from "@maidan/contracts/catalog";
import type { Db } from "@maidan/db/database";
import { badRequest, notFound } from "../../lib/errors.ts";
import * as repo from "./catalog.repository.ts";
import { hexOf, toCard } from "./catalog-mappers.ts";
import type { CategoryIndex } from "./category-tree.ts";
import {
  type CategoryPlan,
  cellsAnswer,
  type ListingFilter,
  RANKED_CANDIDATES,
} from "./listing-sql.ts";

type Lookups = {
  categories: CategoryIndex;
  brands: { _id: string; slug: string; name: string }[];
  vendors: { _id: string; slug: string; name: string }[];
};

/** Turns the parsed query's slugs into ids. An unknown `category` is a 404. */
export function resolveFilter(q: ProductListQuery, l: Lookups): ListingFilter {
  const f: ListingFilter = {
    sizes: q.size,
    colors: q.color,
    minPrice: q.minPrice,
    maxPrice: q.maxPrice,
    inStock: q.inStock,
    onSale: q.onSale,
  };
  if (q.category) {
    const c = l.categories.bySlug.get(q.category);
    if (!c) throw notFound("This page could not be found");
    // A subcategory list replaces the page's scope: the legacy `/men/all?subcategory=men-clothing,
    // women-clothing,kids-clothing` means all clothing, not men's only.
    if (!q.subcategory?.length) f.categoryIds = l.categories.descendants(c.id);
  }
  if (q.subcategory?.length) {
    f.subcategoryIds = q.subcategory.flatMap((s) => {
      const c = l.categories.bySlug.get(s);
      return c ? l.categories.descendants(c.id) : [];
    });
  }
  const ids = (slugs: string[] | undefined, all: { _id: string; slug: string }[]) =>
    slugs?.length ? all.filter((x) => slugs.includes(x.slug)).map((x) => x._id) : undefined;
  f.brandIds = ids(q.brand, l.brands);
  f.vendorIds = ids(q.vendor, l.vendors);
  return f;
}

/** Loads a filter's total and facet rows; the service caches it by filter, whatever the page. */
export type FacetLoader = (f: ListingFilter) => Promise<repo.FacetRow[]>;

/** One page of cards, the total and the facets, queried in parallel. */
export async function runListing(
  db: Db,
  f: ListingFilter,
  q: ProductListQuery,
  sort: Sort,
  l: Lookups,
  loadFacets: FacetLoader = (x) => repo.facetCounts(db, x),
): Promise<ProductList> {
  const offset = (q.page - 1) * q.limit;
  // Counts from the facet cells are cheap and known first: they skip the cards when nothing
  // matches and choose the cards' plan (decision 066). So are a search's: without them its
  // candidates walk the sales index through every product its words miss (150 ms at 100k for
  // a word matching little). Other scanned counts run beside the cards.
  const searching = f.tsQuery !== undefined || f.fuzzyName !== undefined;
  const early = cellsAnswer(f) || searching ? await loadFacets(f) : undefined;
  const matches = early?.find((r) => r.k === "total")?.n;
  // A search by relevance first picks its RANKED_CANDIDATES best sellers among the matches.
  const end = offset + q.limit;
  const candidates = searching && sort === "relevance";
  const plan =
    (candidates && early && categoryPlans(early, f, l)) ||
    planOf(matches, candidates ? Math.max(end, RANKED_CANDIDATES) : end, l);
  // A search's facet pass names its first pages' ids in relevance order (decision 070).
  const ranked = early?.find((r) => r.k === "ranked");
  const rankedIds = ranked?.v ? ranked.v.split(",") : [];
  const byId =
    ranked !== undefined &&
    sort === "relevance" &&
    matches !== undefined &&
    rankedIds.length >= Math.min(end, matches);
  const [cards, facetRows] = await Promise.all([
    matches !== undefined && offset >= matches
      ? []
      : byId
        ? repo.cardsById(db, rankedIds.slice(offset, end))
        : repo.listCards(db, f, sort, q.limit, offset, plan),
    early ?? loadFacets(f),
  ]);
  const counts = { total: 0, onSale: 0, inStock: 0 };
  const price = { min: 0, max: 0 };
  const byCategory: { id: string; count: number }[] = [];
  const byBrand: { id: string; count: number }[] = [];
  const byVendor: { id: string; count: number }[] = [];
  const bySize: { value: string; count: number }[] = [];
  const byColor: { value: string; count: number }[] = [];
  for (const r of facetRows) {
    if (r.k === "total") Object.assign(counts, { total: r.n, onSale: r.a, inStock: r.b });
    else if (r.k === "price") Object.assign(price, { min: r.n ?? 0, max: r.a ?? 0 });
    else if (r.k === "category") byCategory.push({ id: r.v, count: r.n });
    else if (r.k === "brand") byBrand.push({ id: r.v, count: r.n });
    else if (r.k === "vendor") byVendor.push({ id: r.v, count: r.n });
    else if (r.k === "size" || r.k === "color")
      (r.k === "size" ? bySize : byColor).push({ value: r.v, count: r.n });
  }
  const pages = Math.ceil(counts.total / q.limit);
  if (q.page > Math.max(1, pages)) {
    throw badRequest(`Invalid querystring: page: must be at most ${Math.max(1, pages)}`);
  }
  const facets: Facets = {
    subcategories: subcategoryFacet(q, l.categories, byCategory),
    brands: named(byBrand, l.brands),
    vendors: named(byVendor, l.vendors),
    sizes: sortSizes(bySize.map((s) => ({ value: s.value, label: s.value, count: s.count }))),
    colors: byColor
      .map((c) => ({ value: c.value, label: c.value, count: c.count, hex: hexOf(c.value) }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
    price,
    inStock: counts.inStock,
    onSale: counts.onSale,
  };
  return {
    items: cards.map(toCard),
    total: counts.total,
    page: q.page,
    limit: q.limit,
    pages,
    sort,
    facets,
  };
}

const planOf = (matches: number | undefined, end: number, l: Lookups) =>
  matches === undefined
    ? undefined
    : repo.cardsPlan(
        matches,
        end,
        l.categories.roots.reduce((n, c) => n + c.productCount, 0),
      );

/** Beyond this many categories a search's candidates are read in one piece. */
const MAX_CATEGORY_PLANS = 32;

/**
 * A search's candidates per category holding matches (decision 073), from the category facet's
 * counts (exact, every filter but the subcategory one applied): a category's best sellers walk
 * its (category, sales) index when its matches are dense, else are filtered by the text index,
 * as `cardsPlan` weighs a page against the catalogue, the page being the category's share of
 * the candidates. Categories without a match are not read.
 */
export function categoryPlans(
  rows: repo.FacetRow[],
  f: ListingFilter,
  l: Lookups,
): CategoryPlan[] | undefined {
  const within = f.subcategoryIds ? new Set(f.subcategoryIds) : undefined;
  const counts = rows.flatMap((r) =>
    r.k === "category" && r.n > 0 && (within === undefined || within.has(r.v)) ? [r] : [],
  );
  if (counts.length > MAX_CATEGORY_PLANS) return undefined;
  // Merged in sales order, a category gives about its share of the candidates, not all of them.
  const total = counts.reduce((sum, r) => sum + r.n, 0);
  return counts.map(({ v: id, n }) => {
    const size = Math.max(l.categories.byId.get(id)?.direct ?? 0, n);
    const share = total > RANKED_CANDIDATES ? Math.ceil((RANKED_CANDIDATES * n) / total) : n;
    return { id, plan: repo.cardsPlan(n, share, size) };
  });
}

/** Counts by id → `{value: slug, label: name}`, most first (inactive ones dropped). */
function named(
  counts: { id: string; count: number }[],
  all: { _id: string; slug: string; name: string }[],
) {
  return counts
    .map((c) => {
      const x = all.find((a) => a._id === c.id);
      return x ? { value: x.slug, label: x.name, count: c.count } : null;
    })
    .filter((x) => x !== null)
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/** Counts for the children of the listing's category (top-level categories when it has none). */
function subcategoryFacet(
  q: ProductListQuery,
  cats: CategoryIndex,
  byCategory: { id: string; count: number }[],
) {
  const direct = new Map(byCategory.map((r) => [r.id, r.count]));
  const scope = q.category ? cats.bySlug.get(q.category) : undefined;
  const shown = scope ? cats.children(scope.id) : cats.children(null);
  return shown
    .map((c) => ({
      value: c.slug,
      label: c.name,
      count: cats.descendants(c.id).reduce((n, id) => n + (direct.get(id) ?? 0), 0),
    }))
    .filter((c) => c.count > 0 || q.subcategory?.includes(c.value));
}

const SIZE_ORDER = ["XS", "S", "M", "L", "XL", "XXL"];
/** Letter sizes in wearing order, then numbers ascending, then the rest alphabetically. */
function sortSizes<T extends { value: string }>(xs: T[]): T[] {
  const rank = (v: string) => {
    const i = SIZE_ORDER.indexOf(v);
    if (i >= 0) return [0, i] as const;
    const n = Number.parseFloat(v);
    return Number.isNaN(n) ? ([2, 0] as const) : ([1, n] as const);
  };
  return xs.sort((a, b) => {
    const [ga, na] = rank(a.value);
    const [gb, nb] = rank(b.value);
    return ga - gb || na - nb || a.value.localeCompare(b.value);
  });
}
