CREATE TABLE "listing_facet_cells" (
	"category_id" uuid NOT NULL,
	"brand_id" uuid,
	"vendor_id" uuid NOT NULL,
	"in_stock" boolean NOT NULL,
	"on_sale" boolean NOT NULL,
	"dim" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "listing_facet_cells_key" UNIQUE NULLS NOT DISTINCT("category_id","brand_id","vendor_id","in_stock","on_sale","dim","value")
);
--> statement-breakpoint
CREATE TABLE "listing_facet_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_facet_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"category_id" uuid NOT NULL,
	"brand_id" uuid,
	"vendor_id" uuid NOT NULL,
	"in_stock" boolean NOT NULL,
	"on_sale" boolean NOT NULL,
	"dim" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "listing_facet_deltas_category_idx" ON "listing_facet_deltas" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","price");--> statement-breakpoint
-- Facet cells (decision 066). The signed facet rows of a set of products: one 'p' row per
-- product, one 's' per size, one 'c' per colour and one 'x' per size and colour it has (joined
-- by chr(31)), summed by cell. Only active products count.
CREATE OR REPLACE FUNCTION catalog_facet_deltas_add(ps products[], sign integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO listing_facet_deltas
    (category_id, brand_id, vendor_id, in_stock, on_sale, dim, value, n)
  SELECT p.category_id, p.brand_id, p.vendor_id, p.in_stock, p.price < p.mrp, d.dim, d.value,
    sign * count(*)::int
  FROM unnest(ps) p
  CROSS JOIN LATERAL (
    SELECT 'p'::text AS dim, ''::text AS value
    UNION ALL SELECT 's', s FROM unnest(p.sizes) s
    UNION ALL SELECT 'c', c FROM unnest(p.colors) c
    UNION ALL SELECT 'x', s || chr(31) || c FROM unnest(p.sizes) s, unnest(p.colors) c
  ) d
  WHERE p.active
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
$$;
--> statement-breakpoint
-- Inserts and deletes once per statement (a seed or an import batch is one set-based insert).
CREATE OR REPLACE FUNCTION catalog_products_facets_statement() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalog_facet_deltas_add(ARRAY(SELECT n::products FROM new_rows n), 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM catalog_facet_deltas_add(ARRAY(SELECT o::products FROM old_rows o), -1);
  ELSE
    DELETE FROM listing_facet_cells;
    DELETE FROM listing_facet_deltas;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates per row, and only when a counted property changes: a sale's `sold_count + 1` or a
-- rating never reaches the function.
CREATE OR REPLACE FUNCTION catalog_product_facets_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_facet_deltas_add(ARRAY[OLD], -1);
  PERFORM catalog_facet_deltas_add(ARRAY[NEW], 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_facets_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_facets_statement();
--> statement-breakpoint
CREATE TRIGGER products_facets_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_facets_statement();
--> statement-breakpoint
CREATE TRIGGER products_facets_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_facets_statement();
--> statement-breakpoint
CREATE TRIGGER products_facets_update
  AFTER UPDATE OF category_id, brand_id, vendor_id, price, mrp, active, in_stock, sizes, colors
  ON products FOR EACH ROW
  WHEN ((OLD.category_id, OLD.brand_id, OLD.vendor_id, OLD.active, OLD.in_stock,
      OLD.price < OLD.mrp, OLD.sizes, OLD.colors)
    IS DISTINCT FROM (NEW.category_id, NEW.brand_id, NEW.vendor_id, NEW.active, NEW.in_stock,
      NEW.price < NEW.mrp, NEW.sizes, NEW.colors))
  EXECUTE FUNCTION catalog_product_facets_updated();
--> statement-breakpoint
-- Folds the deltas into the cells (the catalog.compact-facets job, and the seed at its end).
-- One at a time; a reader sees a delta either in the deltas or in the cells, never both.
CREATE OR REPLACE FUNCTION catalog_compact_facets() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE folded integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('catalog_compact_facets'));
  WITH d AS (
    DELETE FROM listing_facet_deltas
    RETURNING category_id, brand_id, vendor_id, in_stock, on_sale, dim, value, n
  ), s AS (
    SELECT category_id, brand_id, vendor_id, in_stock, on_sale, dim, value,
      sum(n)::int AS n, count(*)::int AS k
    FROM d GROUP BY 1, 2, 3, 4, 5, 6, 7
  ), u AS (
    INSERT INTO listing_facet_cells AS c
      (category_id, brand_id, vendor_id, in_stock, on_sale, dim, value, n)
    SELECT category_id, brand_id, vendor_id, in_stock, on_sale, dim, value, n FROM s
    WHERE n <> 0
    ON CONFLICT ON CONSTRAINT listing_facet_cells_key DO UPDATE SET n = c.n + excluded.n
    RETURNING 1
  )
  SELECT coalesce(sum(k), 0)::int INTO folded FROM s;
  DELETE FROM listing_facet_cells WHERE n = 0;
  RETURN folded;
END $$;
--> statement-breakpoint
-- The catalogue that existed before the triggers, straight into the cells: the same expansion
-- as catalog_facet_deltas_add, written out so a large catalogue is not first built as one array.
INSERT INTO listing_facet_cells (category_id, brand_id, vendor_id, in_stock, on_sale, dim, value, n)
SELECT p.category_id, p.brand_id, p.vendor_id, p.in_stock, p.price < p.mrp, d.dim, d.value,
  count(*)::int
FROM products p
CROSS JOIN LATERAL (
  SELECT 'p'::text AS dim, ''::text AS value
  UNION ALL SELECT 's', s FROM unnest(p.sizes) s
  UNION ALL SELECT 'c', c FROM unnest(p.colors) c
  UNION ALL SELECT 'x', s || chr(31) || c FROM unnest(p.sizes) s, unnest(p.colors) c
) d
WHERE p.active
GROUP BY 1, 2, 3, 4, 5, 6, 7;
