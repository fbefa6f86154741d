-- Catalogue search: trigram matching and a full-text vector on products.
-- pg_trgm ships with PostgreSQL's contrib (embedded 18 and Debian's 15 alike) and is trusted.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', coalesce("name", '')), 'A') ||
  setweight(to_tsvector('english', coalesce("description", '')), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_idx" ON "products" USING gin ("search");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_rating_idx" ON "products" ("rating_avg_x100");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "variants_size_idx" ON "variants" ("size", "product_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "variants_color_idx" ON "variants" ("color", "product_id");
