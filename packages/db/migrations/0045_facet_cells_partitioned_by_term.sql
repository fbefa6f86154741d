-- Facet cells in two partitions by term (decision 073, addendum): the listings' own ('') and the
-- search terms'. A read of the listings' cells with no category (the whole catalogue, a store
-- page) scans only theirs, however many terms are registered; at 1M products the terms' cells
-- were four times the listings' and such a read scanned them all. Same columns, key and read
-- index as before; the rows are moved over.
ALTER TABLE "listing_facet_cells" RENAME TO "listing_facet_cells_before";--> statement-breakpoint
ALTER TABLE "listing_facet_cells_before" RENAME CONSTRAINT "listing_facet_cells_key" TO "listing_facet_cells_before_key";--> statement-breakpoint
ALTER INDEX "listing_facet_cells_read_idx" RENAME TO "listing_facet_cells_before_read_idx";--> statement-breakpoint
CREATE TABLE "listing_facet_cells" (
	"category_id" uuid NOT NULL,
	"brand_id" uuid,
	"vendor_id" uuid NOT NULL,
	"in_stock" boolean NOT NULL,
	"on_sale" boolean NOT NULL,
	"dim" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"n" integer NOT NULL,
	"term" text DEFAULT '' NOT NULL
) PARTITION BY LIST ("term");--> statement-breakpoint
CREATE TABLE "listing_facet_cells_listings" PARTITION OF "listing_facet_cells" FOR VALUES IN ('');--> statement-breakpoint
CREATE TABLE "listing_facet_cells_searches" PARTITION OF "listing_facet_cells" DEFAULT;--> statement-breakpoint
-- As migration 0042 set on the table: autovacuum after 5% of a partition changed.
ALTER TABLE "listing_facet_cells_listings" SET (autovacuum_vacuum_scale_factor = 0.05,
  autovacuum_vacuum_insert_scale_factor = 0.05);--> statement-breakpoint
ALTER TABLE "listing_facet_cells_searches" SET (autovacuum_vacuum_scale_factor = 0.05,
  autovacuum_vacuum_insert_scale_factor = 0.05);--> statement-breakpoint
ALTER TABLE "listing_facet_cells" ADD CONSTRAINT "listing_facet_cells_key" UNIQUE NULLS NOT DISTINCT("term","category_id","brand_id","vendor_id","in_stock","on_sale","dim","value");--> statement-breakpoint
CREATE INDEX "listing_facet_cells_read_idx" ON "listing_facet_cells" USING btree ("term","category_id","dim","value")
  INCLUDE ("brand_id", "vendor_id", "in_stock", "on_sale", "n");--> statement-breakpoint
INSERT INTO "listing_facet_cells" (term, category_id, brand_id, vendor_id, in_stock, on_sale, dim, value, n)
  SELECT term, category_id, brand_id, vendor_id, in_stock, on_sale, dim, value, n FROM "listing_facet_cells_before";--> statement-breakpoint
DROP TABLE "listing_facet_cells_before";
--> statement-breakpoint
-- The planner's statistics for the new partitions (autovacuum sets their visibility maps).
ANALYZE "listing_facet_cells";
