import type { Sort } from "@maidan/contracts/catalog";
import type { Db, DbOrTx } from "@maidan/db/database";
import { rows } from "@maidan/db/raw-rows";
import { sql } from "drizzle-orm";
import {
  type CardRow,
  type CardsPlan,
  cardColumns,
  cellPlan,
  cellsAnswer,
  facetFilter,
  hasPriceRange,
  type ListingFilter,
  orderBy,
  type PriceSide,
  type PriceStats,
  priceRanges,
  productScope,
  RANKED_CANDIDATES,
  RANKED_IN_FACETS,
  rankedCandidates,
  searchRank,
  texts,
  tsq,
  variantCondition,
  whereClause,
} from "./listing-sql.ts";

/**
 * One page of cards. `plan` says how to find them when the caller knows the number of matches
 * (the facet cells' total): "filter" finds the matches by the filters' indexes, sorts their
 * keys and reads the page's rows (`offset 0` keeps the planner from walking the sort's index
 * instead, which reads the whole catalogue when the filters match little); "walk" (and no plan)
 * reads in sort order, which stops early where matches are dense.
 */
export const listCards = (
  db: DbOrTx,
  f: ListingFilter,
  sort: Sort,
  limit: number,
  offset: number,
  plan: CardsPlan = "walk",
) => {
  const ranked = sort === "relevance" ? rankedCandidates(f, plan) : undefined;
  const join = ranked ? sql`left join ${ranked} r on r.id = p.id` : sql``;
  const order = orderBy(sort, f);
  // A search's first pages lie within its ranked candidates: sorted there, no second pass over
  // every match (the candidates are its best sellers; the rest follow them unranked).
  if (ranked && offset + limit <= RANKED_CANDIDATES)
    return rows<CardRow>(
      db,
      sql`select ${cardColumns} from (select r.id, r.rank from ${ranked} r
            order by r.rank desc, r.sold_count desc, r.id limit ${limit} offset ${offset}) r
          join products p on p.id = r.id
          order by ${order}`,
    );
  return rows<CardRow>(
    db,
    plan === "filter"
      ? sql`select ${cardColumns} from (
            select p.id from (
              select p.id, p.sold_count, p.created_at, p.price, p.rating_avg_x100,
                p.rating_count from products p where ${whereClause(f)} offset 0) p
            order by ${order} limit ${limit} offset ${offset}) k
          join products p on p.id = k.id ${join}
          order by ${order}`
      : sql`select ${cardColumns} from products p ${join} where ${whereClause(f)}
          order by ${order} limit ${limit} offset ${offset}`,
  );
};

/**
 * The cheaper plan for a page: walking the sort order reads about `end × catalogue ÷ matches`
 * rows, filtering first about `matches`; they meet at √(end × catalogue), so either way a page
 * costs at most that many rows, which grows with the square root of the catalogue.
 */
export const cardsPlan = (matches: number, end: number, catalogue: number) =>
  matches * matches <= end * catalogue ? "filter" : "walk";

/** One row of `facetCounts`: `k` says what `v`, `n`, `a` and `b` hold. */
export type FacetRow =
  | { k: "total"; v: null; n: number; a: number; b: number } // total, on sale, in stock
  | { k: "price"; v: null; n: number | null; a: number | null; b: null } // min, max
  | {
      k: "category" | "brand" | "vendor" | "size" | "color";
      v: string;
      n: number;
      a: null;
      b: null;
    }
  /** A search's `RANKED_IN_FACETS` best matches in relevance order: ids joined by commas. */
  | { k: "ranked"; v: string | null; n: null; a: null; b: null };

/**
 * The listing's total and every facet in one pass. The rows matching all filters except the
 * facet ones (subcategory, brand, vendor, price, size, colour) are read once, each tagged with which of
 * those filters it passes; each facet then counts the rows passing all the others. Sizes and
 * colours come from the products' copies (`unnest`), never from a join with variants; unnest
 * sits in a select list, which PostgreSQL runs several times faster than a lateral function scan,
 * and unnests each distinct array once with its count: products share a few dozen sets of sizes,
 * so a search matching 13,000 products at 100k expands ~40 arrays, not 65,000 sizes (9 → 4 ms).
 */
export const facetCounts = (
  db: DbOrTx,
  f: ListingFilter,
  side: PriceSide = "scan",
  termCells = false,
) => {
  if (!cellsAnswer(f, termCells)) return scannedFacetCounts(db, f);
  if (!hasPriceRange(f)) return cellFacetCounts(db, f);
  return side === "scan" ? scannedFacetCounts(db, f) : cellFacetCounts(db, f, side);
};

export const scannedFacetCounts = (db: DbOrTx, f: ListingFilter) => {
  const flag = (c: ReturnType<typeof sql> | undefined) => c ?? sql`true`;
  const all = "fc and fb and fn and fp and fv";
  // A search also ranks its best-selling matches here, as `listCards` would, and names the
  // first pages' ids: those pages then need no second pass over the matches (decision 070).
  const rank = searchRank(f);
  const ranked = rank
    ? sql`union all select 'ranked', string_agg(t.id::text, ',' order by t.rank desc,
            t.sold_count desc, t.id), null, null, null
          from (select c.id, c.sold_count, ${rank} as rank
            from (select id, sold_count from m where ${sql.raw(all)}
              order by sold_count desc, id limit ${RANKED_CANDIDATES}) c
            join products p on p.id = c.id
            order by rank desc, c.sold_count desc, c.id limit ${RANKED_IN_FACETS}) t`
    : sql``;
  // Without a size (colour) filter, leaving it out changes nothing: fvs (fvc) is null and fv
  // is used, so the variant lookup is not run twice per row.
  return rows<FacetRow>(
    db,
    sql`with m as materialized (
          select p.id, p.sold_count, p.category_id, p.brand_id, p.vendor_id, p.price, p.mrp,
            p.in_stock, p.sizes, p.colors,
            ${flag(facetFilter(f, "category"))} as fc, ${flag(facetFilter(f, "brand"))} as fb,
            ${flag(facetFilter(f, "vendor"))} as fn,
            ${flag(facetFilter(f, "price"))} as fp, ${flag(variantCondition(f))} as fv,
            ${f.sizes?.length ? flag(variantCondition(f, ["size"])) : sql`null::boolean`} as fvs,
            ${f.colors?.length ? flag(variantCondition(f, ["color"])) : sql`null::boolean`} as fvc
          from products p
          where ${whereClause(f, ["category", "brand", "vendor", "price", "size", "color"])})
        select 'total' as k, null as v, count(*)::int as n,
          count(*) filter (where price < mrp)::int as a, count(*) filter (where in_stock)::int as b
          from m where ${sql.raw(all)}
        union all select 'price', null, min(price), max(price), null from m
          where fc and fb and fn and fv
        union all select 'category', category_id::text, count(*)::int, null, null from m
          where fb and fn and fp and fv group by category_id
        union all select 'brand', brand_id::text, count(*)::int, null, null from m
          where fc and fn and fp and fv and brand_id is not null group by brand_id
        union all select 'vendor', vendor_id::text, count(*)::int, null, null from m
          where fc and fb and fp and fv group by vendor_id
        union all select 'size', s, sum(n)::int, null, null
          from (select unnest(sizes) s, n from (select sizes, count(*) n from m
            where fc and fb and fn and fp and coalesce(fvs, fv) group by sizes) g) x
          group by s
        union all select 'color', c, sum(n)::int, null, null
          from (select unnest(colors) c, n from (select colors, count(*) n from m
            where fc and fb and fn and fp and coalesce(fvc, fv) group by colors) g) x
          group by c
        ${ranked}`,
  );
};

/** Cards by id, in the order given (the ids of a search's "ranked" facet row). */
export const cardsById = async (db: DbOrTx, ids: readonly string[]) => {
  if (ids.length === 0) return [];
  const found = await rows<CardRow>(
    db,
    sql`select ${cardColumns} from products p
      where p.id = any(${`{${ids.join(",")}}`}::uuid[]) and p.active`,
  );
  const byId = new Map(found.map((c) => [c._id, c]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/**
 * The same rows as `scannedFacetCounts`, summed from the facet cells (decision 066): the cells
 * of the page's scope plus the deltas not yet folded into them, a few thousand rows whatever the
 * catalogue's size. Each facet sums the cells passing the other facets' filters, as the scan
 * counts products; a product has one 's' cell row per size, so a size's count is its products'.
 * The price facet reads the two ends of the (category, price) index, only in the categories the
 * cells say hold a match.
 *
 * A price range (decision 068) adds the products of one side of it as cell rows of their own
 * (as the triggers make them, but only the rows `cellPlan` reads): "outside" subtracts those
 * outside the range from the cells, "inside" counts those in it in place of the cells. Either
 * way the cells (`n_all`) still choose the categories of the price facet, which ignores the
 * range. `side` is given exactly when the listing has a range.
 *
 * A search reads its term's cells (decision 073): the caller knows they are built.
 */
const cellFacetCounts = (db: DbOrTx, f: ListingFilter, side?: "inside" | "outside") => {
  const flag = (c: ReturnType<typeof sql> | undefined) => c ?? sql`true`;
  const plan = cellPlan(f);
  const term = sql`p.term = ${f.tsQuery ?? ""}`;
  // `n` counts for the facets, `n_all` (every price) chooses the price facet's categories.
  const cellN = side === "inside" ? sql`0` : sql`p.n`;
  const cols = sql`p.dim, p.value, p.category_id, p.brand_id, p.vendor_id, p.on_sale, p.in_stock`;
  const products = side
    ? sql`union all select ${cols}, ${side === "inside" ? sql`` : sql`-`}count(*)::int, 0 from (
          select d.dim, d.value, p.category_id, p.brand_id, p.vendor_id,
            p.price < p.mrp as on_sale, p.in_stock
          from (${sql.join(
            priceRanges(f, side).map(
              (range) => sql`select p.category_id, p.brand_id, p.vendor_id, p.price, p.mrp,
                p.in_stock, p.sizes, p.colors, p.sizes_in_stock, p.colors_in_stock
                from products p where ${productScope(f)} and ${range}`,
            ),
            sql` union all `,
          )}) p
          cross join lateral (${plan.values}) d) p
        where ${plan.scope} group by ${cols}`
    : sql``;
  const where = whereClause(f, ["price"]);
  const ends = (dir: ReturnType<typeof sql>) =>
    sql`(select p.price from products p where p.category_id = k.category_id and ${where}
      order by p.price ${dir} limit 1)`;
  return rows<FacetRow>(
    db,
    sql`with c as materialized (
          select p.category_id, p.brand_id, p.vendor_id, p.on_sale, p.in_stock, p.n, p.n_all,
            ${plan.products} as pr, ${plan.sizes.rows} as sr, ${plan.sizes.value} as sv,
            ${plan.colors.rows} as cr, ${plan.colors.value} as cv,
            ${flag(facetFilter(f, "category"))} as fc,
            ${flag(facetFilter(f, "brand"))} as fb, ${flag(facetFilter(f, "vendor"))} as fn
          from (select ${cols}, ${cellN} as n, p.n as n_all from listing_facet_cells p
              where ${term} and ${plan.scope}
            union all select ${cols}, ${cellN}, p.n from listing_facet_deltas p
              where ${term} and ${plan.scope}
            ${products}) p)
        select 'total' as k, null as v, coalesce(sum(n), 0)::int as n,
          coalesce(sum(n) filter (where on_sale), 0)::int as a,
          coalesce(sum(n) filter (where in_stock), 0)::int as b
          from c where pr and fc and fb and fn
        union all select 'price', null, min(${ends(sql`asc`)}), max(${ends(sql`desc`)}), null
          from (select category_id from c where pr and fc and fb and fn
            group by category_id having sum(n_all) > 0) k
        union all select 'category', category_id::text, sum(n)::int, null, null from c
          where pr and fb and fn group by category_id having sum(n) > 0
        union all select 'brand', brand_id::text, sum(n)::int, null, null from c
          where pr and fc and fn and brand_id is not null group by brand_id
          having sum(n) > 0
        union all select 'vendor', vendor_id::text, sum(n)::int, null, null from c
          where pr and fc and fb group by vendor_id having sum(n) > 0
        union all select 'size', sv, sum(n)::int, null, null from c
          where sr and fc and fb and fn group by sv having sum(n) > 0
        union all select 'color', cv, sum(n)::int, null, null from c
          where cr and fc and fb and fn group by cv having sum(n) > 0`,
  );
};

/** The price statistics of the last ANALYZE of products (null before the first). */
export const priceStats = async (db: DbOrTx): Promise<PriceStats | null> => {
  const [r] = await rows<{
    values: number[] | null;
    freqs: number[] | null;
    bounds: number[] | null;
  }>(
    db,
    sql`select most_common_vals::text::int[] as "values", most_common_freqs as freqs,
        histogram_bounds::text::int[] as bounds
      from pg_stats
      where schemaname = current_schema() and tablename = 'products' and attname = 'price'`,
  );
  return r ? { values: r.values ?? [], freqs: r.freqs ?? [], bounds: r.bounds ?? [] } : null;
};

/** The searches whose facet cells are built (decision 073), by their tsquery text. */
export const builtSearchTerms = async (db: DbOrTx) =>
  (await rows<{ term: string }>(db, sql`select term from search_facet_terms where built`)).map(
    (r) => r.term,
  );

/**
 * Registers a search's words for cells of their own, unless `max` terms are registered already;
 * from its commit on, the triggers write its deltas. Whether it is registered now.
 */
export async function registerSearchTerm(db: DbOrTx, term: string, max: number) {
  // Registered again while retired: its cells are no longer to be deleted, its build recounts them.
  await db.execute(sql`with added as (insert into search_facet_terms (term)
      select ${term} where (select count(*) from search_facet_terms) < ${max}
      on conflict (term) do nothing returning term)
    delete from search_facet_terms_retired r using added where r.term = added.term`);
  const [r] = await rows<{ built: boolean }>(
    db,
    sql`select built from search_facet_terms where term = ${term}`,
  );
  return r;
}

/** A search read the term's cells today: one write a day per term (decision 074). */
export const stampSearchTerm = (db: DbOrTx, term: string) =>
  db.execute(sql`update search_facet_terms set used_on = current_date
    where term = ${term} and used_on < current_date`);

/**
 * Retires the terms not used for more than `idleDays` days and, past the `keep` most recently
 * used, the rest (decision 074): out of `search_facet_terms`, so the triggers stop matching
 * products against them and readers stop reading their cells once their cached list expires;
 * into `search_facet_terms_retired`, whose cells `dropRetiredSearchTerms` deletes later. The
 * terms retired.
 */
export const retireSearchTerms = async (db: DbOrTx, idleDays: number, keep: number) =>
  (
    await rows<{ term: string }>(
      db,
      sql`with idle as (
          select term from search_facet_terms where used_on < current_date - ${idleDays}::int
          union select term from (select term from search_facet_terms
            order by used_on desc, created_at desc, term offset ${keep}) x),
        gone as (delete from search_facet_terms s using idle where s.term = idle.term
          returning s.term)
        insert into search_facet_terms_retired (term) select term from gone
        on conflict (term) do update set retired_at = now()
        returning term`,
    )
  ).map((r) => r.term);

/**
 * Deletes the cells and deltas of the terms retired at least `graceSeconds` ago and not
 * registered again, and forgets those terms; the terms dropped. The grace outlasts the readers'
 * cached lists of built terms and any write whose trigger still saw the term. Under the
 * compaction's lock, so no fold writes a dropped term's cells meanwhile.
 */
export const dropRetiredSearchTerms = (db: Db, graceSeconds: number) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalog_compact_facets'))`);
    const gone = (
      await rows<{ term: string }>(
        tx,
        sql`delete from search_facet_terms_retired r
          where r.retired_at <= now() - make_interval(secs => ${graceSeconds})
            and not exists (select 1 from search_facet_terms s where s.term = r.term)
          returning r.term`,
      )
    ).map((r) => r.term);
    if (gone.length === 0) return gone;
    const terms = texts(gone);
    await tx.execute(
      sql`delete from listing_facet_cells where term = any(${terms}) and term <> ''`,
    );
    await tx.execute(
      sql`delete from listing_facet_deltas where term = any(${terms}) and term <> ''`,
    );
    return gone;
  });

/**
 * The transactions writing to products now (their virtual ids: they hold a row-exclusive lock on
 * it from their first write to their end), and how many of some such are still running: a
 * term's cells wait for the writes begun before it was registered, whose triggers did not see it.
 */
const productWriters = sql`from pg_locks l
  where l.locktype = 'relation' and l.relation = 'products'::regclass
    and l.mode = 'RowExclusiveLock'
    and l.database = (select d.oid from pg_database d where d.datname = current_database())`;

export const productWritersNow = async (db: DbOrTx) =>
  (
    await rows<{ v: string }>(db, sql`select distinct l.virtualtransaction as v ${productWriters}`)
  ).map((r) => r.v);

export const productWritersLeft = async (db: DbOrTx, writers: string[]) => {
  if (writers.length === 0) return 0;
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(distinct l.virtualtransaction)::int as n ${productWriters}
      and l.virtualtransaction = any(${`{${writers.join(",")}}`}::text[])`,
  );
  return r?.n ?? 0;
};

/** Counts a registered term's matches into its cells; the cells made, -1 if already built. */
export async function buildSearchCells(db: DbOrTx, term: string) {
  const [r] = await rows<{ n: number }>(db, sql`select catalog_build_search_cells(${term}) as n`);
  return r?.n ?? -1;
}

/**
 * After a term's cells were counted in (tens of thousands of new rows): the planner's statistics
 * (without them it reads a term's every cell rather than its categories'), and the visibility
 * map that lets those reads stay in the index, without waiting for autovacuum.
 */
export const vacuumCells = (db: DbOrTx) => db.execute(sql`vacuum (analyze) listing_facet_cells`);

/** Folds the facet deltas into the cells (decision 066); how many deltas it folded. */
export async function compactFacets(db: DbOrTx): Promise<number> {
  const [r] = await rows<{ n: number }>(db, sql`select catalog_compact_facets() as n`);
  return r?.n ?? 0;
}

export const findProduct = async (db: DbOrTx, slug: string) => {
  const [p] = await rows<
    CardRow & {
      description: string;
      specs: Record<string, string>;
      tags: string[];
      createdAt: Date | string;
      categoryId: string;
      brandSlug: string | null;
      vendorId: string;
      vendorSlug: string;
      vendorName: string;
      seoTitle: string | null;
      seoDescription: string | null;
    }
  >(
    db,
    sql`select ${cardColumns}, p.description, p.specs, p.tags, p.created_at as "createdAt",
          p.category_id as "categoryId", b.slug as "brandSlug",
          ve.id as "vendorId", ve.slug as "vendorSlug", ve.name as "vendorName",
          p.seo_title as "seoTitle", p.seo_description as "seoDescription"
        from products p
        left join brands b on b.id = p.brand_id
        join vendors ve on ve.id = p.vendor_id
        where p.slug = ${slug} and p.active`,
  );
  if (!p) return null;
  const [variants, images] = await Promise.all([
    rows<{
      _id: string;
      sku: string;
      size: string | null;
      color: string | null;
      price: number;
      mrp: number;
      stock: number;
    }>(
      db,
      sql`select id as "_id", sku, size, color, price, mrp, stock from variants
          where product_id = ${p._id} and active order by sort, sku`,
    ),
    rows<{ url: string; alt: string; width: number; height: number }>(
      db,
      sql`select url, alt, width, height from product_images where product_id = ${p._id}
          order by sort`,
    ),
  ]);
  return { ...p, variants, images };
};

export const relatedCards = (db: DbOrTx, productId: string, categoryId: string, limit: number) =>
  rows<CardRow>(
    db,
    sql`select ${cardColumns} from products p
        where p.active and p.category_id = ${categoryId} and p.id <> ${productId}
        order by p.sold_count desc, p.id limit ${limit}`,
  );

export const findCategoryIdOfProduct = async (db: DbOrTx, productId: string) => {
  const [r] = await rows<{ categoryId: string }>(
    db,
    sql`select category_id as "categoryId" from products where id = ${productId} and active`,
  );
  return r?.categoryId ?? null;
};

/**
 * Active products per category, brand or vendor, summed from the facet cells (decision 066)
 * instead of counted: a subquery with `key` and `count`.
 */
const productsBy = (col: "category_id" | "brand_id" | "vendor_id") =>
  sql`(select ${sql.raw(col)} as key, sum(n) as count from (
        select ${sql.raw(col)}, n from listing_facet_cells where term = '' and dim = 'p'
        union all select ${sql.raw(col)}, n from listing_facet_deltas
          where term = '' and dim = 'p') x
      group by 1)`;

/** Active categories with the number of active products directly in each. */
export const listCategories = (db: DbOrTx) =>
  rows<{
    id: string;
    slug: string;
    name: string;
    image: string | null;
    description: string | null;
    parentId: string | null;
    direct: number;
  }>(
    db,
    sql`select c.id, c.slug, c.name, c.image, c.description, c.parent_id as "parentId",
          coalesce(n.count, 0)::int as direct
        from categories c
        left join ${productsBy("category_id")} n on n.key = c.id
        where c.active order by c.sort, c.name`,
  );

export const listBrands = (db: DbOrTx) =>
  rows<{
    _id: string;
    slug: string;
    name: string;
    logo: string | null;
    description: string | null;
    productCount: number;
  }>(
    db,
    sql`select b.id as "_id", b.slug, b.name, b.logo, b.description,
          coalesce(n.count, 0)::int as "productCount"
        from brands b
        left join ${productsBy("brand_id")} n on n.key = b.id
        where b.active order by b.sort, b.name`,
  );

export const listVendors = (db: DbOrTx) =>
  rows<{
    _id: string;
    slug: string;
    name: string;
    description: string | null;
    logo: string | null;
    banner: string | null;
    city: string | null;
    productCount: number;
  }>(
    db,
    sql`select ve.id as "_id", ve.slug, ve.name, ve.description, ve.logo, ve.banner, ve.city,
          coalesce(n.count, 0)::int as "productCount"
        from vendors ve
        left join ${productsBy("vendor_id")} n on n.key = ve.id
        where ve.active order by ve.name`,
  );

/** Per query word, the closest vocabulary word (itself when known), or null. */
export const closestTerms = async (db: DbOrTx, tokens: string[]) => {
  if (!tokens.length) return new Map<string, string | null>();
  const r = await rows<{ token: string; term: string | null }>(
    db,
    sql`select t.token, (select s.term from search_terms s where s.term % t.token
          order by similarity(s.term, t.token) desc, s.weight desc, s.term limit 1) as term
        from unnest(${sql`array[${sql.join(
          tokens.map((t) => sql`${t}`),
          sql`, `,
        )}]::text[]`}) as t(token)`,
  );
  return new Map(r.map((x) => [x.token, x.term]));
};

/**
 * For each typed word, the commonest vocabulary word equal to one of its candidate spellings
 * (its swapped-letter forms), or starting with one when the shopper may still be typing
 * ("sheo" → "shoe" → "shoes"). Words with no such match are left out of the map.
 */
export const termsForSpellings = async (db: DbOrTx, spellings: Map<string, string[]>) => {
  const pairs = [...spellings].flatMap(([token, forms]) => forms.map((f) => [token, f] as const));
  if (!pairs.length) return new Map<string, string>();
  const r = await rows<{ token: string; term: string }>(
    db,
    sql`select distinct on (c.token) c.token, s.term
        from unnest(${sql`array[${sql.join(
          pairs.map(([t]) => sql`${t}`),
          sql`, `,
        )}]::text[]`}, ${sql`array[${sql.join(
          pairs.map(([, f]) => sql`${f}`),
          sql`, `,
        )}]::text[]`}) as c(token, form)
        join search_terms s on s.term = c.form or s.term like c.form || '%'
        order by c.token, (s.term = c.form) desc, s.weight desc, s.term`,
  );
  return new Map(r.map((x) => [x.token, x.term]));
};

/** Vocabulary words like `token`, most similar first (for "did you mean"). */
export const similarTerms = (db: DbOrTx, token: string, limit: number) =>
  rows<{ term: string }>(
    db,
    sql`select term from search_terms where term % ${token}
        order by similarity(term, ${token}) desc, weight desc, term limit ${limit}`,
  ).then((r) => r.map((x) => x.term));

/** Vocabulary words starting with `prefix`, commonest first (header suggestions). */
export const termsWithPrefix = (db: DbOrTx, prefix: string, limit: number) =>
  rows<{ term: string }>(
    db,
    sql`select term from search_terms where term like ${`${prefix.replace(/[\\%_]/g, "")}%`}
        order by weight desc, term limit ${limit}`,
  ).then((r) => r.map((x) => x.term));

export const searchCount = async (db: DbOrTx, tsQuery: string) => {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from products p where p.active and p.search @@ ${tsq(tsQuery)}`,
  );
  return r?.n ?? 0;
};

/**
 * Rebuilds the vocabulary from product names, keywords and synonyms, categories, brands and the
 * synonym keys. A full
 * pass, run only when the catalogue changes (never per request).
 */
export const rebuildSearchTerms = (db: DbOrTx, extra: string[]) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_terms`);
    await tx.execute(sql`insert into search_terms (term, weight)
      select w, count(*)::int from (
        select regexp_split_to_table(lower(name), '[^a-z0-9]+') as w from products where active
        union all select regexp_split_to_table(lower(catalog_words(keywords || synonyms)), '[^a-z0-9]+')
          from products where active and cardinality(keywords || synonyms) > 0
        union all select regexp_split_to_table(lower(name), '[^a-z0-9]+') from categories where active
        union all select regexp_split_to_table(lower(name), '[^a-z0-9]+') from brands where active
      ) words where length(w) >= 3 group by w
      on conflict (term) do nothing`);
    if (extra.length) {
      await tx.execute(sql`insert into search_terms (term, weight)
        select unnest(${sql`array[${sql.join(
          extra.map((t) => sql`${t}`),
          sql`, `,
        )}]::text[]`}), 0 on conflict (term) do nothing`);
    }
  });

export const countSearchTerms = async (db: DbOrTx) => {
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from search_terms`);
  return r?.n ?? 0;
};

export const countActiveProducts = async (db: DbOrTx) => {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from products where active`,
  );
  return r?.n ?? 0;
};

/** One sitemap file's worth of product slugs, oldest first so pages stay stable as products are added. */
export const productSlugs = (db: DbOrTx, offset: number, limit: number) =>
  rows<{ slug: string; updatedAt: Date | string }>(
    db,
    sql`select slug, updated_at as "updatedAt" from products where active
        order by created_at, id limit ${limit} offset ${offset}`,
  );
