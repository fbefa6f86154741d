-- Decision 072. A brand's or a store's products within some categories, as one index range:
-- at 1,000,000 products a listing filtered by category and brand (or store) built a bitmap of
-- the category's rows (385,000 for Men) to AND with the brand's. Each new index still serves
-- its first column alone (the brand and store filters, their foreign keys).
DROP INDEX "products_brand_idx";--> statement-breakpoint
DROP INDEX "products_vendor_idx";--> statement-breakpoint
CREATE INDEX "products_brand_category_idx" ON "products" USING btree ("brand_id","category_id");--> statement-breakpoint
CREATE INDEX "products_vendor_category_idx" ON "products" USING btree ("vendor_id","category_id");