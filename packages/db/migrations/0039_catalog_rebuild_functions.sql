-- Bulk loads (the benchmark seed of up to a million products) insert with the catalogue's
-- triggers off and then rebuild what the triggers keep, once, set-based (decision 067).
-- The variant copies of every product (decision 008), from one grouped pass over variants.
CREATE OR REPLACE FUNCTION catalog_rebuild_variant_copies() RETURNS void
LANGUAGE sql AS $$
  UPDATE products p
  SET sizes = coalesce(v.sizes, '{}'), colors = coalesce(v.colors, '{}'),
    in_stock = coalesce(v.in_stock, false)
  FROM products q
  LEFT JOIN (
    SELECT product_id,
      array_agg(DISTINCT size ORDER BY size) FILTER (WHERE size IS NOT NULL) AS sizes,
      array_agg(DISTINCT color ORDER BY color) FILTER (WHERE color IS NOT NULL) AS colors,
      bool_or(stock > 0) AS in_stock
    FROM variants WHERE active GROUP BY product_id
  ) v ON v.product_id = q.id
  WHERE p.id = q.id
    AND (p.sizes, p.colors, p.in_stock)
      IS DISTINCT FROM (coalesce(v.sizes, '{}'), coalesce(v.colors, '{}'), coalesce(v.in_stock, false));
$$;
--> statement-breakpoint
-- A product's facet rows (decision 066): 'p' once, 's' per size, 'c' per colour, 'x' per size
-- and colour (joined by chr(31)). One definition for the triggers' deltas and the rebuild.
CREATE OR REPLACE FUNCTION catalog_facet_values(sizes text[], colors text[])
RETURNS TABLE (dim text, value text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'p'::text, ''::text
  UNION ALL SELECT 's', s FROM unnest(sizes) s
  UNION ALL SELECT 'c', c FROM unnest(colors) c
  UNION ALL SELECT 'x', s || chr(31) || c FROM unnest(sizes) s, unnest(colors) c;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_facet_deltas_add(ps products[], sign integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO listing_facet_deltas
    (category_id, brand_id, vendor_id, in_stock, on_sale, dim, value, n)
  SELECT p.category_id, p.brand_id, p.vendor_id, p.in_stock, p.price < p.mrp, d.dim, d.value,
    sign * count(*)::int
  FROM unnest(ps) p CROSS JOIN LATERAL catalog_facet_values(p.sizes, p.colors) d
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
  FROM products p CROSS JOIN LATERAL catalog_facet_values(p.sizes, p.colors) d
  WHERE p.active
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
$$;
