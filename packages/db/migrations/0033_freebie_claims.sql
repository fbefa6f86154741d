CREATE TABLE "freebie_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"freebie_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"status" text DEFAULT 'claimed' NOT NULL,
	"order_id" uuid,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freebie_claims_status_check" CHECK ("freebie_claims"."status" in ('claimed', 'ordered', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "freebie_claims" ADD CONSTRAINT "freebie_claims_freebie_id_freebies_id_fk" FOREIGN KEY ("freebie_id") REFERENCES "public"."freebies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freebie_claims" ADD CONSTRAINT "freebie_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freebie_claims" ADD CONSTRAINT "freebie_claims_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freebie_claims" ADD CONSTRAINT "freebie_claims_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freebie_claims" ADD CONSTRAINT "freebie_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "freebie_claims_one_per_campaign" ON "freebie_claims" USING btree ("freebie_id","user_id") WHERE "freebie_claims"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "freebie_claims_user_idx" ON "freebie_claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "freebie_claims_order_idx" ON "freebie_claims" USING btree ("order_id");