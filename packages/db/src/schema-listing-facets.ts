import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * Facet cells (decision 066): how many active products share one combination of the listing's
 * product-level facets (category, brand, vendor, in stock, on sale), and per size (`dim` 's'),
 * colour ('c') and size-and-colour ('x') value. A category page's counts sum a few hundred cells instead of scanning
 * its products. Never written by the app: the triggers of migration `listing_facet_cells`
 * append signed changes to `listingFacetDeltas` in the writing transaction, and the
 * `catalog.compact-facets` job folds them in here.
 */
const cellColumns = () => ({
  /**
   * '' for the listings; else a search's words as their tsquery (`search_facet_terms`): the
   * cells of the products that search finds (decision 073).
   */
  term: text("term").notNull().default(""),
  categoryId: uuid("category_id").notNull(),
  brandId: uuid("brand_id"),
  vendorId: uuid("vendor_id").notNull(),
  inStock: boolean("in_stock").notNull(),
  onSale: boolean("on_sale").notNull(),
  /**
   * 'p' (the product), 's' (one of its sizes), 'c' (one of its colours) or 'x' (a size and a
   * colour it has, not necessarily on one variant: the products' copies, decision 008); 'S' and
   * 'C' a size or colour it has in stock, 'y' a size in stock and a colour, 'z' a size and a
   * colour in stock (decision 067).
   */
  dim: text("dim").$type<"p" | "s" | "c" | "x" | "S" | "C" | "y" | "z">().notNull(),
  /** The size or colour ('x', 'y', 'z': size, chr(31), colour); '' for 'p'. */
  value: text("value").notNull().default(""),
  n: integer("n").notNull(),
});

/**
 * Partitioned by `term` (migration 0045, which drizzle cannot declare): the listings' cells ('')
 * apart from the search terms', so a read of the listings' cells never scans the terms'.
 */
export const listingFacetCells = pgTable("listing_facet_cells", cellColumns(), (t) => [
  unique("listing_facet_cells_key")
    .on(t.term, t.categoryId, t.brandId, t.vendorId, t.inStock, t.onSale, t.dim, t.value)
    .nullsNotDistinct(),
  // A listing reads its categories' cells of a few dims: migration 0042 adds INCLUDE (brand_id,
  // vendor_id, in_stock, on_sale, n), which drizzle cannot declare, so the read is index-only.
  index("listing_facet_cells_read_idx").on(t.term, t.categoryId, t.dim, t.value),
]);

/** Signed changes not yet folded into the cells; readers add them to the cells. */
export const listingFacetDeltas = pgTable(
  "listing_facet_deltas",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    ...cellColumns(),
  },
  (t) => [index("listing_facet_deltas_category_idx").on(t.term, t.categoryId)],
);

const tsquery = customType<{ data: string }>({ dataType: () => "tsquery" });

/**
 * Searches whose matches have facet cells of their own (decision 073): a single word group
 * (a word, its synonyms and correction) that found many products. Registered by the
 * `catalog.build-search-cells` job; from then on the triggers keep the term's cells like the
 * listings' ones. `built` once the job has counted the matches in: readers use the cells after.
 */
export const searchFacetTerms = pgTable("search_facet_terms", {
  /** The tsquery text the search runs (`to_tsquery('english', term)`). */
  term: text("term").primaryKey(),
  /** The term parsed once, for the triggers' `search @@ query` on every product they count. */
  query: tsquery("query").notNull().generatedAlwaysAs(sql`to_tsquery('english', term)`),
  built: boolean("built").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /**
   * The last day a search read the term's cells (stamped at most once a day per process), or
   * the day it was registered: the hourly retirement drops the terms idle longest.
   */
  usedOn: date("used_on").notNull().default(sql`current_date`),
});

/**
 * Terms taken out of `searchFacetTerms` whose cells and deltas are still to be deleted. The
 * triggers stopped writing deltas for them when they were retired, and readers stop reading
 * their cells within the catalogue cache's time; the hourly retirement deletes the cells an
 * hour later, unless the term was registered again meanwhile (its build recounts them).
 */
export const searchFacetTermsRetired = pgTable("search_facet_terms_retired", {
  term: text("term").primaryKey(),
  retiredAt: timestamp("retired_at", { withTimezone: true }).notNull().defaultNow(),
});
