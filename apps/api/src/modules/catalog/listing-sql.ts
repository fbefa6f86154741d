/**
 * SQL fragments of a product listing: the WHERE clause (with one filter left out for its facet),
 * the ORDER BY, and the card columns. Values are always bound parameters.
 */
import type { Sort } from "@maidan/contracts/catalog";
import { type SQL, sql } from "drizzle-orm";

/** A listing's filters after slugs are resolved to ids. `null` id lists match nothing. */
export type ListingFilter = {
  /** The listing's scope (a category page and its descendants); never left out. */
  categoryIds?: string[];
  /** The `subcategory` filter; left out for the subcategory facet. */
  subcategoryIds?: string[];
  brandIds?: string[];
  /** Left out for the vendor facet, like brands (a store page fixes it and hides the control). */
  vendorIds?: string[];
  sizes?: string[];
  colors?: string[];
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  onSale?: boolean;
  /** A `to_tsquery('english', …)` string built by search-query.ts. */
  tsQuery?: string;
  /** Fallback typo match on the whole name (trigram word similarity). */
  fuzzyName?: string;
  /**
   * New arrivals: products added within this many days of the newest one (not of today, so a
   * shop that adds nothing for a while still shows its latest arrivals, not an empty page).
   */
  newWithinDays?: number;
};

export type FacetKey = "category" | "brand" | "vendor" | "size" | "color" | "price";

const uuids = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::uuid[]`;
/** A text[] of bound values, one parameter each. */
export const texts = (xs: string[]) =>
  sql`array[${sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]`;

export const tsq = (q: string) => sql`to_tsquery('english', ${q})`;

/**
 * Size, colour and stock are properties of one variant: "M in Black, in stock" is one row. The
 * product's copies (`sizes`, `colors`, `in_stock`, `sizes_in_stock`, `colors_in_stock`, kept by
 * a trigger on variants) answer one condition, or a size or colour in stock, exactly and narrow
 * the rows by index; only a size with a colour needs a lookup of one variant to confirm them,
 * and then only for the products the copies let through.
 */
export function variantCondition(f: ListingFilter, skip: FacetKey[] = []): SQL | undefined {
  const sizes = f.sizes?.length && !skip.includes("size") ? f.sizes : undefined;
  const colors = f.colors?.length && !skip.includes("color") ? f.colors : undefined;
  // A size or a colour in stock: the copies of the sizes and colours in stock say it exactly.
  if (f.inStock && sizes && !colors) return sql`p.sizes_in_stock && ${texts(sizes)}`;
  if (f.inStock && colors && !sizes) return sql`p.colors_in_stock && ${texts(colors)}`;
  const copies: SQL[] = [];
  const inVariant: SQL[] = [];
  if (f.sizes?.length && !skip.includes("size")) {
    copies.push(sql`p.sizes && ${texts(f.sizes)}`);
    inVariant.push(sql`v.size = any(${texts(f.sizes)})`);
  }
  if (f.colors?.length && !skip.includes("color")) {
    copies.push(sql`p.colors && ${texts(f.colors)}`);
    inVariant.push(sql`v.color = any(${texts(f.colors)})`);
  }
  if (f.inStock) {
    copies.push(sql`p.in_stock`);
    inVariant.push(sql`v.stock > 0`);
  }
  // A scalar subquery with LIMIT, not EXISTS: in a select list (the facet flags) EXISTS may be
  // planned as a hashed subplan over every matching variant of the catalogue.
  if (inVariant.length > 1) {
    copies.push(sql`coalesce((select true from variants v where v.product_id = p.id and v.active
      and ${sql.join(inVariant, sql` and `)} limit 1), false)`);
  }
  return copies.length ? sql.join(copies, sql` and `) : undefined;
}

/** The listing's own filters of the category, brand, vendor and price facets (undefined: none). */
export function facetFilter(f: ListingFilter, key: "category" | "brand" | "vendor" | "price") {
  if (key === "category" && f.subcategoryIds) return idsIn(sql`p.category_id`, f.subcategoryIds);
  if (key === "brand" && f.brandIds) return idsIn(sql`p.brand_id`, f.brandIds);
  if (key === "vendor" && f.vendorIds) return idsIn(sql`p.vendor_id`, f.vendorIds);
  if (key !== "price") return undefined;
  const parts: SQL[] = [];
  if (f.minPrice !== undefined) parts.push(sql`p.price >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) parts.push(sql`p.price <= ${f.maxPrice}`);
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}

/**
 * One id is an equality, not `= any(array[…])`: PostgreSQL then walks an index led by the column
 * in the sort's order ((category_id, price) for a category by price: 1 ms against 20 ms at 100k
 * products, where the array made it walk the whole price index).
 */
const idsIn = (col: SQL, ids: string[]) =>
  ids.length === 1
    ? sql`${col} = ${ids[0]}`
    : ids.length
      ? sql`${col} = any(${uuids(ids)})`
      : sql`false`;

/** The WHERE clause, leaving out the filters of the facets in `skip`. */
export function whereClause(f: ListingFilter, skip: FacetKey[] = []): SQL {
  const parts: SQL[] = [sql`p.active`];
  if (f.categoryIds) parts.push(idsIn(sql`p.category_id`, f.categoryIds));
  for (const key of ["category", "brand", "vendor", "price"] as const) {
    const c = skip.includes(key) ? undefined : facetFilter(f, key);
    if (c) parts.push(c);
  }
  if (f.onSale) parts.push(sql`p.price < p.mrp`);
  if (f.tsQuery) parts.push(sql`p.search @@ ${tsq(f.tsQuery)}`);
  if (f.fuzzyName) parts.push(sql`p.name %> ${f.fuzzyName}`);
  if (f.newWithinDays !== undefined) {
    parts.push(sql`p.created_at >= (select max(n.created_at) from products n where n.active)
      - make_interval(days => ${f.newWithinDays}::int)`);
  }
  const v = variantCondition(f, skip);
  if (v) parts.push(v);
  return sql.join(parts, sql` and `);
}

/**
 * Whether the facet cells (decisions 066, 067, 068) answer this listing's counts: they hold the
 * product-level facets and one size or one colour at a time, in stock or not, not dates, nor a
 * size in a colour (that needs one variant to have both). A price range is answered from the
 * cells and the products on one side of it, when that side is small (`PriceSide`). A search
 * has cells only for a single word group whose cells are built (`termCells`, decision 073).
 */
export function cellsAnswer(f: ListingFilter, termCells = false) {
  const sizes = f.sizes?.length ?? 0;
  const colors = f.colors?.length ?? 0;
  return (
    (!f.tsQuery || termCells) &&
    !f.fuzzyName &&
    f.newWithinDays === undefined &&
    sizes + colors <= 1
  );
}

/**
 * How a price range's facets are counted (decision 068): "outside" subtracts the products
 * outside it from the cells, "inside" counts the products in it; either reads those products by
 * the (category_id, price) index and expands each into cell rows, which costs about three times
 * what the one-pass "scan" of the whole scope costs per product. So a side is read only when it
 * holds under PRICE_SIDE_SHARE of the products, and a range in the middle is scanned.
 */
export type PriceSide = "inside" | "outside" | "scan";
const PRICE_SIDE_SHARE = 0.3;

/** Whether the listing has a price range (either end). */
export const hasPriceRange = (f: ListingFilter) =>
  f.minPrice !== undefined || f.maxPrice !== undefined;

/** The catalogue's price distribution as PostgreSQL's statistics keep it (`pg_stats`). */
export type PriceStats = {
  /** The most common prices and the share of products at each. */
  values: number[];
  freqs: number[];
  /** Ascending bounds of equal shares of the other products. */
  bounds: number[];
};

/**
 * How to count a listing's price range, judged by the catalogue's price statistics. Only a plan:
 * every way gives the same counts. Without statistics, the scan.
 */
export function priceSide(f: ListingFilter, stats: PriceStats | null): PriceSide {
  if (!stats || (stats.values.length === 0 && stats.bounds.length < 2)) return "scan";
  const lo = f.minPrice ?? Number.NEGATIVE_INFINITY;
  const hi = f.maxPrice ?? Number.POSITIVE_INFINITY;
  const within = (x: number) => x >= lo && x <= hi;
  let common = 0;
  let share = 0;
  stats.values.forEach((v, i) => {
    const freq = stats.freqs[i] ?? 0;
    common += freq;
    if (within(v)) share += freq;
  });
  if (stats.bounds.length >= 2)
    share += ((1 - common) * stats.bounds.filter(within).length) / stats.bounds.length;
  if (share < PRICE_SIDE_SHARE) return "inside";
  return share > 1 - PRICE_SIDE_SHARE ? "outside" : "scan";
}

/**
 * The conditions of the products on `side` of the listing's price range, one per index range:
 * outside a range are the products below it and those above it.
 */
export function priceRanges(f: ListingFilter, side: "inside" | "outside"): SQL[] {
  if (side === "inside") return [facetFilter(f, "price") ?? sql`true`];
  // An empty range (the query schema refuses one) has every product outside it, once.
  if (f.minPrice !== undefined && f.maxPrice !== undefined && f.minPrice > f.maxPrice)
    return [sql`true`];
  const parts: SQL[] = [];
  if (f.minPrice !== undefined) parts.push(sql`p.price < ${f.minPrice}`);
  if (f.maxPrice !== undefined) parts.push(sql`p.price > ${f.maxPrice}`);
  // A range with no ends leaves nothing outside it.
  return parts.length ? parts : [sql`false`];
}

/**
 * The products of the cells a listing reads (`cellPlan`'s scope, and a search's term), as a
 * condition on products.
 */
export function productScope(f: ListingFilter): SQL {
  const parts: SQL[] = [sql`p.active`];
  if (f.categoryIds) parts.push(idsIn(sql`p.category_id`, f.categoryIds));
  if (f.onSale) parts.push(sql`p.price < p.mrp`);
  if (f.inStock) parts.push(sql`p.in_stock`);
  if (f.tsQuery) parts.push(sql`p.search @@ ${tsq(f.tsQuery)}`);
  return sql.join(parts, sql` and `);
}

/**
 * How a listing reads the cells (`p`): which rows stand for its products (every product, or
 * those with the filtered size or colour, or with it in stock), which give the size and colour
 * facets, and the scope every cell read is limited to (the page's categories, sale and stock).
 * With "in stock", the facet of the filtered dimension counts the in-stock products' sizes (or
 * colours), and the other one the sizes (colours) of the products with the filter in stock.
 */
export function cellPlan(f: ListingFilter) {
  const size = f.sizes?.[0];
  const color = f.colors?.[0];
  const part = (i: 1 | 2) => sql`split_part(p.value, chr(31), ${sql.raw(String(i))})`;
  const scope: SQL[] = [sql`true`];
  if (f.categoryIds) scope.push(idsIn(sql`p.category_id`, f.categoryIds));
  if (f.onSale) scope.push(sql`p.on_sale`);
  if (f.inStock) scope.push(sql`p.in_stock`);
  // The dimensions: products having the value ('s') or having it in stock ('S'), and the pairs
  // of the value with the other dimension ('x', or 'y' for a size in stock, 'z' a colour).
  const having = f.inStock
    ? { s: "S", c: "C", xs: "y", xc: "z" }
    : { s: "s", c: "c", xs: "x", xc: "x" };
  const dim = (d: string) => sql`p.dim = ${d}`;
  // `values`: the cell rows in `scope` of one product `p` (its sizes, colours and their copies
  // in stock), as `catalog_facet_values` makes them but only those this plan reads: a price
  // range's side expands thousands of products, and the pairs of every size with every colour
  // were most of that work (decision 068).
  if (size !== undefined) {
    scope.push(
      sql`(p.dim = 's' or (${dim(having.s)} and p.value = ${size}) or (${dim(having.xs)} and ${part(1)} = ${size}))`,
    );
    const has = f.inStock ? sql`p.sizes_in_stock` : sql`p.sizes`;
    return {
      scope: sql.join(scope, sql` and `),
      products: sql`${dim(having.s)} and p.value = ${size}`,
      sizes: { rows: sql`p.dim = 's'`, value: sql`p.value` },
      colors: { rows: dim(having.xs), value: part(2) },
      values: sql`select 's' as dim, s as value from unnest(p.sizes) s
        ${f.inStock ? sql`union all select 'S', ${size} where ${size} = any(${has})` : sql``}
        union all select ${having.xs}, ${size} || chr(31) || c from unnest(p.colors) c
          where ${size} = any(${has})`,
    };
  }
  if (color !== undefined) {
    scope.push(
      sql`(p.dim = 'c' or (${dim(having.c)} and p.value = ${color}) or (${dim(having.xc)} and ${part(2)} = ${color}))`,
    );
    const has = f.inStock ? sql`p.colors_in_stock` : sql`p.colors`;
    return {
      scope: sql.join(scope, sql` and `),
      products: sql`${dim(having.c)} and p.value = ${color}`,
      sizes: { rows: dim(having.xc), value: part(1) },
      colors: { rows: sql`p.dim = 'c'`, value: sql`p.value` },
      values: sql`select 'c' as dim, c as value from unnest(p.colors) c
        ${f.inStock ? sql`union all select 'C', ${color} where ${color} = any(${has})` : sql``}
        union all select ${having.xc}, s || chr(31) || ${color} from unnest(p.sizes) s
          where ${color} = any(${has})`,
    };
  }
  scope.push(sql`p.dim in ('p', 's', 'c')`);
  return {
    scope: sql.join(scope, sql` and `),
    products: sql`p.dim = 'p'`,
    sizes: { rows: sql`p.dim = 's'`, value: sql`p.value` },
    colors: { rows: sql`p.dim = 'c'`, value: sql`p.value` },
    values: sql`select 'p' as dim, '' as value
      union all select 's', s from unnest(p.sizes) s
      union all select 'c', c from unnest(p.colors) c`,
  };
}

export function orderBy(sort: Sort, f: ListingFilter): SQL {
  switch (sort) {
    case "relevance":
      // Searches rank only their best-selling candidates (see rankedCandidates).
      if (f.tsQuery || f.fuzzyName) return sql`r.rank desc nulls last, p.sold_count desc, p.id`;
      return sql`p.sold_count desc, p.created_at desc, p.id`;
    case "newest":
      return sql`p.created_at desc, p.id`;
    case "price-asc":
      return sql`p.price asc, p.id`;
    case "price-desc":
      return sql`p.price desc, p.id`;
    case "best-selling":
      return sql`p.sold_count desc, p.id`;
    case "rating":
      return sql`p.rating_avg_x100 desc, p.rating_count desc, p.id`;
  }
}

/** How many of a search's matches are ranked; the rest follow by sales. */
export const RANKED_CANDIDATES = 1000;

/**
 * How many of a search's best results its facet pass names in order (the "ranked" row of
 * `scannedFacetCounts`), so its first pages of cards are read by id without a second pass over
 * the matches (decision 070): four pages of 24.
 */
export const RANKED_IN_FACETS = 96;

/** A search's relevance of product `p`, or undefined when the listing is not a search. */
export function searchRank(f: ListingFilter): SQL | undefined {
  if (f.tsQuery) return sql`ts_rank(p.search, ${tsq(f.tsQuery)})`;
  if (f.fuzzyName) return sql`word_similarity(${f.fuzzyName}, p.name)`;
  return undefined;
}

/**
 * How a page's matches are found: "filter" or "walk" (`cardsPlan`) for all of them, or, for a
 * search's candidates, per category holding matches (decision 073): each category walks its
 * (category, sales) index or filters by the text index, whichever reads less
 * (`categoryPlans` in catalog-listing.ts weighs them).
 */
export type CardsPlan = "filter" | "walk" | CategoryPlan[];
export type CategoryPlan = { id: string; plan: "filter" | "walk" };

/**
 * A search's relevance for its `RANKED_CANDIDATES` best-selling matches (`r.id`, `r.rank`), so a
 * query matching tens of thousands of products computes ts_rank (or trigram similarity) a bounded
 * number of times. Matches outside the candidates sort after them by sales, which keeps paging
 * stable. Undefined when the listing is not a search.
 */
export function rankedCandidates(f: ListingFilter, plan: CardsPlan): SQL | undefined {
  const rank = searchRank(f);
  if (!rank) return undefined;
  // Ranked where each match is read, so the sorts below carry three narrow columns, not the
  // text vector: at 100k a category's 1,900 matches sorted 2 ms faster (of ~11 ms); ranking
  // them all rather than the best 1,000 costs ~0.3 ms.
  const cols = sql`p.id, p.sold_count, ${rank} as rank`;
  const best = sql`order by p.sold_count desc, p.id limit ${RANKED_CANDIDATES}`;
  // "filter": the matches by the text index first (`offset 0` keeps the planner from walking
  // the sales index through every product the words miss), then their best sellers.
  const filtered = (where: SQL) => sql`(select ${cols} from products p where ${where} offset 0) p`;
  let matches: SQL;
  if (Array.isArray(plan)) {
    // Each category's best sellers in sales order, merged (a Merge Append that stops at the
    // limit): the categories the cells say hold no match are not read at all.
    const rest = whereClause({
      ...f,
      categoryIds: undefined,
      subcategoryIds: undefined,
      tsQuery: undefined,
      fuzzyName: undefined,
    });
    const words = f.tsQuery ? sql`p.search @@ ${tsq(f.tsQuery)}` : sql`p.name %> ${f.fuzzyName}`;
    const branches = plan.map((c) => {
      const where = sql`p.category_id = ${c.id} and ${rest}`;
      // A walk must not become a bitmap of the text index: the planner judges the words'
      // share of a category by the whole catalogue's, while in a category of shoes nearly
      // every product matches "shoes". Inside coalesce the condition is a plain filter.
      return c.plan === "filter"
        ? sql`(select p.id, p.sold_count, p.rank from ${filtered(sql`${where} and ${words}`)} ${best})`
        : sql`(select ${cols} from products p where ${where} and coalesce(${words}, false) ${best})`;
    });
    matches = branches.length
      ? sql`(${sql.join(branches, sql` union all `)}) p`
      : sql`(select ${cols} from products p where false) p`;
  } else {
    matches =
      plan === "filter"
        ? filtered(whereClause(f))
        : sql`(select ${cols} from products p where ${whereClause(f)}) p`;
  }
  return sql`(select p.id, p.sold_count, p.rank from ${matches} ${best})`;
}

/** The columns of a product card; `p` is products. */
export const cardColumns = sql`p.id as "_id", p.slug, p.name, p.price, p.mrp,
  p.rating_avg_x100 as "ratingX100", p.rating_count as "ratingCount",
  (select b.name from brands b where b.id = p.brand_id) as brand,
  (select i.url from product_images i where i.product_id = p.id order by i.sort limit 1) as img,
  p.in_stock as "inStock"`;

export type CardRow = {
  _id: string;
  slug: string;
  name: string;
  price: number;
  mrp: number;
  ratingX100: number;
  ratingCount: number;
  brand: string | null;
  img: string | null;
  inStock: boolean;
};
