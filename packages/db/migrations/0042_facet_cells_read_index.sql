-- A listing's facets read the cells of its categories and a few dims (decision 066). Without
-- this index that was a scan of every cell (74k at 100,000 demo products); with it, and the
-- cells' other columns carried in it, an index-only range per category: the facets of a
-- category list at 100k went from p50 7.0 to 2.8 ms. The schema (schema-listing-facets.ts)
-- declares the index without INCLUDE, which drizzle cannot say.
CREATE INDEX "listing_facet_cells_read_idx" ON "listing_facet_cells" USING btree ("category_id","dim","value")
  INCLUDE ("brand_id", "vendor_id", "in_stock", "on_sale", "n");
--> statement-breakpoint
-- Index-only reads need the visibility map: the compaction job rewrites cells every minute, so
-- autovacuum visits this small table after 5% of it changed rather than the default 20%.
ALTER TABLE "listing_facet_cells" SET (autovacuum_vacuum_scale_factor = 0.05,
  autovacuum_vacuum_insert_scale_factor = 0.05);
