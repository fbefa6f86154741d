-- Decision 068. A price-filtered listing's facets subtract the products outside its price range
-- from the facet cells (or count those inside it), expanding each product's sizes and colours
-- into cell rows. With the variant copies in the (category_id, price) index, those products are
-- read from the index alone (two index ranges, below and above the range), and the price
-- facet's ends under a size or colour filter no longer fetch rows from the table. At 100,000
-- products the index grows from 10 to 28 MB. The schema (schema-catalog.ts) declares the index
-- without INCLUDE, which drizzle cannot say.
DROP INDEX IF EXISTS "products_category_price_idx";
--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id", "price")
  INCLUDE ("active", "mrp", "in_stock", "brand_id", "vendor_id", "sizes", "colors",
    "sizes_in_stock", "colors_in_stock");
