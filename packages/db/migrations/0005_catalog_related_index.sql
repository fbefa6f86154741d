-- Related products: the best sellers of one category, without sorting the whole category.
CREATE INDEX IF NOT EXISTS "products_category_sold_idx" ON "products" ("category_id", "sold_count" DESC, "id");
