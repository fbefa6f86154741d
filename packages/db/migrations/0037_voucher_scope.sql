ALTER TABLE "vouchers" ADD COLUMN "scope" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "scope_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_scope_check" CHECK ("vouchers"."scope" in ('all', 'category', 'product'));