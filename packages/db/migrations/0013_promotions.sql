CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer,
	"max_discount" integer,
	"min_cart_value" integer DEFAULT 0 NOT NULL,
	"scope" text DEFAULT 'all' NOT NULL,
	"scope_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"buy_qty" integer,
	"get_qty" integer,
	"gift_variant_id" uuid,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_check" CHECK ("promotions"."kind" in ('percentage', 'fixed', 'buy_x_get_y', 'free_gift')),
	CONSTRAINT "promotions_scope_check" CHECK ("promotions"."scope" in ('all', 'category', 'product')),
	CONSTRAINT "promotions_terms_check" CHECK (case "promotions"."kind"
        when 'percentage' then "promotions"."value" between 1 and 100
        when 'fixed' then "promotions"."value" > 0
        when 'buy_x_get_y' then "promotions"."buy_qty" >= 1 and "promotions"."get_qty" >= 1
        else "promotions"."gift_variant_id" is not null end),
	CONSTRAINT "promotions_amounts_check" CHECK ("promotions"."min_cart_value" >= 0 and ("promotions"."max_discount" is null or "promotions"."max_discount" > 0))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion" text;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_gift_variant_id_variants_id_fk" FOREIGN KEY ("gift_variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promotion_discount_check" CHECK ("orders"."promotion_discount" >= 0 and "orders"."promotion_discount" <= "orders"."discount");