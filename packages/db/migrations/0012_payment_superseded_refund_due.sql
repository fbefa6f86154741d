ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_status_check";--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_due" text;--> statement-breakpoint
CREATE INDEX "payment_attempts_refund_due_idx" ON "payment_attempts" USING btree ("created_at") WHERE "payment_attempts"."refund_due" is not null;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_status_check" CHECK ("payment_attempts"."status" in ('pending','paid','failed','cancelled','expired','superseded'));