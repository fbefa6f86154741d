-- Decision 073: facet cells for a search's frequent words. The cells (decision 066) gain a
-- `term`: '' for the listings, else a search's tsquery registered in `search_facet_terms`. The
-- triggers append each product's rows once for the listings and once per registered term its
-- search vector matches; the compaction folds them all; `catalog_build_search_cells` counts a
-- newly registered term's matches in. The read index keeps its INCLUDE list (migration 0042).
CREATE TABLE "search_facet_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"query" "tsquery" GENERATED ALWAYS AS (to_tsquery('english', term)) STORED NOT NULL,
	"built" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_facet_cells" DROP CONSTRAINT "listing_facet_cells_key";--> statement-breakpoint
DROP INDEX "listing_facet_cells_read_idx";--> statement-breakpoint
DROP INDEX "listing_facet_deltas_category_idx";--> statement-breakpoint
ALTER TABLE "listing_facet_cells" ADD COLUMN "term" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_facet_deltas" ADD COLUMN "term" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "listing_facet_cells_read_idx" ON "listing_facet_cells" USING btree ("term","category_id","dim","value")
  INCLUDE ("brand_id", "vendor_id", "in_stock", "on_sale", "n");--> statement-breakpoint
CREATE INDEX "listing_facet_deltas_category_idx" ON "listing_facet_deltas" USING btree ("term","category_id");--> statement-breakpoint
ALTER TABLE "listing_facet_cells" ADD CONSTRAINT "listing_facet_cells_key" UNIQUE NULLS NOT DISTINCT("term","category_id","brand_id","vendor_id","in_stock","on_sale","dim","value");--> statement-breakpoint
-- A product's rows: once with term '' and once per registered term it matches.
CREATE OR REPLACE FUNCTION catalog_facet_deltas_add(ps products[], sign integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO listing_facet_deltas
    (term, category_id, brand_id, vendor_id, in_stock, on_sale, dim, value, n)
  SELECT t.term, p.category_id, p.brand_id, p.vendor_id, p.in_stock, p.price < p.mrp, d.dim,
    d.value, sign * count(*)::int
  FROM unnest(ps) p
  CROSS JOIN LATERAL (SELECT ''::text AS term
    UNION ALL SELECT s.term FROM search_facet_terms s WHERE p.search @@ s.query) t
  CROSS JOIN LATERAL catalog_facet_values(p.sizes, p.colors, p.sizes_in_stock, p.colors_in_stock) d
  WHERE p.active
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
$$;
--> statement-breakpoint
-- An update: the old row's rows out and the new row's in, in one insert that leaves out what
-- did not change (an edit of the name changes only the terms the product matches).
CREATE OR REPLACE FUNCTION catalog_product_facets_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_facet_deltas
    (term, category_id, brand_id, vendor_id, in_stock, on_sale, dim, value, n)
  SELECT t.term, p.category_id, p.brand_id, p.vendor_id, p.in_stock, p.price < p.mrp, d.dim,
    d.value, sum(CASE WHEN p.ordinality = 1 THEN -1 ELSE 1 END)::int
  FROM unnest(ARRAY[OLD, NEW]::products[]) WITH ORDINALITY p
  CROSS JOIN LATERAL (SELECT ''::text AS term
    UNION ALL SELECT s.term FROM search_facet_terms s WHERE p.search @@ s.query) t
  CROSS JOIN LATERAL catalog_facet_values(p.sizes, p.colors, p.sizes_in_stock, p.colors_in_stock) d
  WHERE p.active
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  HAVING sum(CASE WHEN p.ordinality = 1 THEN -1 ELSE 1 END) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_facets_update ON products;
--> statement-breakpoint
-- `search` is generated from the name, keywords, synonyms and description: listing it fires the
-- trigger when one of those is set.
CREATE TRIGGER products_facets_update
  AFTER UPDATE OF category_id, brand_id, vendor_id, price, mrp, active, in_stock, sizes, colors,
    sizes_in_stock, colors_in_stock, search
  ON products FOR EACH ROW
  WHEN ((OLD.category_id, OLD.brand_id, OLD.vendor_id, OLD.active, OLD.in_stock,
      OLD.price < OLD.mrp, OLD.sizes, OLD.colors, OLD.sizes_in_stock, OLD.colors_in_stock,
      OLD.search)
    IS DISTINCT FROM (NEW.category_id, NEW.brand_id, NEW.vendor_id, NEW.active, NEW.in_stock,
      NEW.price < NEW.mrp, NEW.sizes, NEW.colors, NEW.sizes_in_stock, NEW.colors_in_stock,
      NEW.search))
  EXECUTE FUNCTION catalog_product_facets_updated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_compact_facets() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE folded integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('catalog_compact_facets'));
  WITH d AS (
    DELETE FROM listing_facet_deltas
    RETURNING term, category_id, brand_id, vendor_id, in_stock, on_sale, dim, value, n
  ), s AS (
    SELECT term, category_id, brand_id, vendor_id, in_stock, on_sale, dim, value,
      sum(n)::int AS n, count(*)::int AS k
    FROM d GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ), u AS (
    INSERT INTO listing_facet_cells AS c
      (term, category_id, brand_id, vendor_id, in_stock, on_sale, dim, value, n)
    SELECT term, category_id, brand_id, vendor_id, in_stock, on_sale, dim, value, n FROM s
    WHERE n <> 0
    ON CONFLICT ON CONSTRAINT listing_facet_cells_key DO UPDATE SET n = c.n + excluded.n
    RETURNING 1
  )
  SELECT coalesce(sum(k), 0)::int INTO folded FROM s;
  DELETE FROM listing_facet_cells WHERE n = 0;
  RETURN folded;
END $$;
--> statement-breakpoint
-- Every cell from the products as they are (the seed, after loading with the triggers off).
CREATE OR REPLACE FUNCTION catalog_rebuild_facet_cells() RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtext('catalog_compact_facets'));
  DELETE FROM listing_facet_deltas;
  DELETE FROM listing_facet_cells;
  INSERT INTO listing_facet_cells
    (term, category_id, brand_id, vendor_id, in_stock, on_sale, dim, value, n)
  SELECT t.term, p.category_id, p.brand_id, p.vendor_id, p.in_stock, p.price < p.mrp, d.dim,
    d.value, count(*)::int
  FROM products p
  CROSS JOIN LATERAL (SELECT ''::text AS term
    UNION ALL SELECT s.term FROM search_facet_terms s WHERE p.search @@ s.query) t
  CROSS JOIN LATERAL catalog_facet_values(p.sizes, p.colors, p.sizes_in_stock, p.colors_in_stock) d
  WHERE p.active
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  UPDATE search_facet_terms SET built = true WHERE NOT built;
$$;
--> statement-breakpoint
-- Counts a registered term's matches into its cells; returns the cells made, or -1 when the term
-- is not registered or already built. The caller first waits out the writes to products that
-- began before the term was registered (their triggers did not see it). The deltas dropped and the products counted are read in one
-- statement, so at one snapshot: a write committed before it is counted once, by the scan, and a
-- later one by its delta. Under the compaction's lock, so no fold of the term runs meanwhile.
CREATE OR REPLACE FUNCTION catalog_build_search_cells(t text) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE q tsquery; made integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('catalog_compact_facets'));
  SELECT s.query INTO q FROM search_facet_terms s WHERE s.term = t AND NOT s.built;
  IF NOT FOUND THEN RETURN -1; END IF;
  DELETE FROM listing_facet_cells WHERE term = t;
  WITH gone AS (DELETE FROM listing_facet_deltas WHERE term = t)
  INSERT INTO listing_facet_cells
    (term, category_id, brand_id, vendor_id, in_stock, on_sale, dim, value, n)
  SELECT t, p.category_id, p.brand_id, p.vendor_id, p.in_stock, p.price < p.mrp, d.dim, d.value,
    count(*)::int
  FROM products p
  CROSS JOIN LATERAL catalog_facet_values(p.sizes, p.colors, p.sizes_in_stock, p.colors_in_stock) d
  WHERE p.active AND p.search @@ q
  GROUP BY 2, 3, 4, 5, 6, 7, 8;
  GET DIAGNOSTICS made = ROW_COUNT;
  UPDATE search_facet_terms SET built = true WHERE term = t;
  RETURN made;
END $$;
