ALTER TABLE "products" ADD COLUMN "sizes_in_stock" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "colors_in_stock" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "products_sizes_in_stock_idx" ON "products" USING gin ("sizes_in_stock");--> statement-breakpoint
CREATE INDEX "products_colors_in_stock_idx" ON "products" USING gin ("colors_in_stock");--> statement-breakpoint
-- Decision 067. The variant copies (decision 008) gain the sizes and colours in stock, so "M in
-- stock" is answered by the product row and by facet cells, without a lookup of the variants.
-- One product's copies, from its active variants (an index lookup by product).
CREATE OR REPLACE FUNCTION catalog_variant_copies(pid uuid)
RETURNS TABLE (sizes text[], colors text[], in_stock boolean, sizes_in_stock text[],
  colors_in_stock text[])
LANGUAGE sql STABLE AS $$
  SELECT
    coalesce(array_agg(DISTINCT v.size ORDER BY v.size) FILTER (WHERE v.size IS NOT NULL), '{}'),
    coalesce(array_agg(DISTINCT v.color ORDER BY v.color) FILTER (WHERE v.color IS NOT NULL), '{}'),
    coalesce(bool_or(v.stock > 0), false),
    coalesce(array_agg(DISTINCT v.size ORDER BY v.size)
      FILTER (WHERE v.size IS NOT NULL AND v.stock > 0), '{}'),
    coalesce(array_agg(DISTINCT v.color ORDER BY v.color)
      FILTER (WHERE v.color IS NOT NULL AND v.stock > 0), '{}')
  FROM variants v WHERE v.product_id = pid AND v.active;
$$;
--> statement-breakpoint
-- Recomputes the copies of the given products (the variants' triggers), writing only rows whose
-- copies changed: a sale that leaves the variant with stock changes none.
CREATE OR REPLACE FUNCTION catalog_refresh_variant_facets(ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE products p
  SET sizes = c.sizes, colors = c.colors, in_stock = c.in_stock,
    sizes_in_stock = c.sizes_in_stock, colors_in_stock = c.colors_in_stock
  FROM (SELECT DISTINCT id FROM unnest(ids) AS x(id)) x
  CROSS JOIN LATERAL catalog_variant_copies(x.id) c
  WHERE p.id = x.id
    AND (p.sizes, p.colors, p.in_stock, p.sizes_in_stock, p.colors_in_stock)
      IS DISTINCT FROM (c.sizes, c.colors, c.in_stock, c.sizes_in_stock, c.colors_in_stock);
$$;
--> statement-breakpoint
-- Every product's copies: after a bulk load with the triggers off (the seed), and below.
CREATE OR REPLACE FUNCTION catalog_rebuild_variant_copies() RETURNS void
LANGUAGE sql AS $$
  UPDATE products p
  SET sizes = c.sizes, colors = c.colors, in_stock = c.in_stock,
    sizes_in_stock = c.sizes_in_stock, colors_in_stock = c.colors_in_stock
  FROM products q CROSS JOIN LATERAL catalog_variant_copies(q.id) c
  WHERE p.id = q.id
    AND (p.sizes, p.colors, p.in_stock, p.sizes_in_stock, p.colors_in_stock)
      IS DISTINCT FROM (c.sizes, c.colors, c.in_stock, c.sizes_in_stock, c.colors_in_stock);
$$;
--> statement-breakpoint
-- A product's facet rows (decision 066, and 067 for the last four): 'p' once; 's', 'c' per size
-- and colour; 'x' per size and colour (joined by chr(31)); 'S', 'C' per size and colour in
-- stock; 'y' per size in stock and colour; 'z' per size and colour in stock.
CREATE OR REPLACE FUNCTION catalog_facet_values(sizes text[], colors text[],
  sizes_in_stock text[], colors_in_stock text[]) RETURNS TABLE (dim text, value text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'p'::text, ''::text
  UNION ALL SELECT 's', s FROM unnest(sizes) s
  UNION ALL SELECT 'c', c FROM unnest(colors) c
  UNION ALL SELECT 'x', s || chr(31) || c FROM unnest(sizes) s, unnest(colors) c
  UNION ALL SELECT 'S', s FROM unnest(sizes_in_stock) s
  UNION ALL SELECT 'C', c FROM unnest(colors_in_stock) c
  UNION ALL SELECT 'y', s || chr(31) || c FROM unnest(sizes_in_stock) s, unnest(colors) c
  UNION ALL SELECT 'z', s || chr(31) || c FROM unnest(sizes) s, unnest(colors_in_stock) c;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_facet_deltas_add(ps products[], sign integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO listing_facet_deltas
    (category_id, brand_id, vendor_id, in_stock, on_sale, dim, value, n)
  SELECT p.category_id, p.brand_id, p.vendor_id, p.in_stock, p.price < p.mrp, d.dim, d.value,
    sign * count(*)::int
  FROM unnest(ps) p CROSS JOIN LATERAL catalog_facet_values(p.sizes, p.colors, p.sizes_in_stock, p.colors_in_stock) d
  WHERE p.active
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
$$;
--> statement-breakpoint
-- The facet cells from the products as they are, with no deltas left over.
CREATE OR REPLACE FUNCTION catalog_rebuild_facet_cells() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM listing_facet_deltas;
  DELETE FROM listing_facet_cells;
  INSERT INTO listing_facet_cells (category_id, brand_id, vendor_id, in_stock, on_sale, dim, value, n)
  SELECT p.category_id, p.brand_id, p.vendor_id, p.in_stock, p.price < p.mrp, d.dim, d.value,
    count(*)::int
  FROM products p CROSS JOIN LATERAL catalog_facet_values(p.sizes, p.colors, p.sizes_in_stock, p.colors_in_stock) d
  WHERE p.active
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_facets_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_facets_update
  AFTER UPDATE OF category_id, brand_id, vendor_id, price, mrp, active, in_stock, sizes, colors,
    sizes_in_stock, colors_in_stock
  ON products FOR EACH ROW
  WHEN ((OLD.category_id, OLD.brand_id, OLD.vendor_id, OLD.active, OLD.in_stock,
      OLD.price < OLD.mrp, OLD.sizes, OLD.colors, OLD.sizes_in_stock, OLD.colors_in_stock)
    IS DISTINCT FROM (NEW.category_id, NEW.brand_id, NEW.vendor_id, NEW.active, NEW.in_stock,
      NEW.price < NEW.mrp, NEW.sizes, NEW.colors, NEW.sizes_in_stock, NEW.colors_in_stock))
  EXECUTE FUNCTION catalog_product_facets_updated();
--> statement-breakpoint
-- The catalogue as it is: its new copies, then its cells with the new rows.
SELECT catalog_rebuild_variant_copies();
--> statement-breakpoint
SELECT catalog_rebuild_facet_cells();
