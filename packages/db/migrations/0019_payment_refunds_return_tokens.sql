CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"amount" integer NOT NULL,
	"destination" text NOT NULL,
	"status" text NOT NULL,
	"user_id" uuid,
	"guest_id" text,
	"reason" text NOT NULL,
	"gateway_refund_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount" > 0),
	CONSTRAINT "payment_refunds_destination_check" CHECK ("payment_refunds"."destination" in ('wallet','original')),
	CONSTRAINT "payment_refunds_status_check" CHECK ("payment_refunds"."status" in ('due','refunded'))
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "return_token_hash" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "cancel_token_hash" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "return_token_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_attempt_idx" ON "payment_refunds" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_due_idx" ON "payment_refunds" USING btree ("created_at") WHERE "payment_refunds"."status" = 'due';