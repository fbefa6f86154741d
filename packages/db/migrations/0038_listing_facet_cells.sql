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
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","price");