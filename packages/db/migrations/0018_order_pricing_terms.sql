ALTER TABLE "orders" ADD COLUMN "pricing" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kept_back" integer DEFAULT 0 NOT NULL;