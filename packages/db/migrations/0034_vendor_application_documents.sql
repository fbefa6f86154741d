ALTER TABLE "call_back_requests" ADD COLUMN "guest_id" text;--> statement-breakpoint
ALTER TABLE "vendor_applications" ADD COLUMN "guest_id" text;--> statement-breakpoint
ALTER TABLE "vendor_applications" ADD COLUMN "documents" jsonb DEFAULT '[]'::jsonb NOT NULL;