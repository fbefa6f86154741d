CREATE TABLE "freebie_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"freebie_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freebies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"min_order_value" integer DEFAULT 0 NOT NULL,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"pick_count" integer DEFAULT 1 NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freebies_slug_unique" UNIQUE("slug"),
	CONSTRAINT "freebies_min_order_check" CHECK ("freebies"."min_order_value" >= 0),
	CONSTRAINT "freebies_pick_count_check" CHECK ("freebies"."pick_count" >= 1),
	CONSTRAINT "freebies_window_check" CHECK ("freebies"."starts_at" is null or "freebies"."ends_at" is null or "freebies"."ends_at" > "freebies"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "freebie_items" ADD CONSTRAINT "freebie_items_freebie_id_freebies_id_fk" FOREIGN KEY ("freebie_id") REFERENCES "public"."freebies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freebie_items" ADD CONSTRAINT "freebie_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freebie_items" ADD CONSTRAINT "freebie_items_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "freebie_items_freebie_idx" ON "freebie_items" USING btree ("freebie_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "freebie_items_offer_key" ON "freebie_items" USING btree ("freebie_id","product_id",coalesce("variant_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "freebies_active_idx" ON "freebies" USING btree ("active","sort");