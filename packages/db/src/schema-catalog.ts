import { sql } from "drizzle-orm";
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The search vocabulary: every word of the active products' names, categories and brands with how
 * often it occurs. Typo correction looks a query word up here by trigram similarity (a few hundred
 * to a few thousand rows, whatever the catalogue size), so a misspelt word never costs a scan of
 * the products. Rebuilt by the catalogue service when the catalogue changes.
 *
 * The products' own search columns (a generated tsvector with a GIN index, a trigram index on the
 * name) live in the custom migration `catalog_search`, because drizzle cannot express them.
 */
export const searchTerms = pgTable(
  "search_terms",
  {
    term: text("term").primaryKey(),
    weight: integer("weight").notNull().default(0),
  },
  (t) => [index("search_terms_trgm_idx").using("gin", sql`${t.term} gin_trgm_ops`)],
);
