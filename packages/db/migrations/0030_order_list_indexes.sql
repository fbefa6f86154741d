-- The back-office's order list at 100k orders (decision 054): keyset paging over
-- (sort column, created_at, id), an index per filter, trigram indexes for search.
-- pg_trgm: created by 0002 already (trusted, in the embedded and Debian engines alike).
-- The "by status" sort's rank: the lifecycle's order, unconfirmed first. Immutable, so an index
-- can hold it; the list's query calls it by name, as the index does.
CREATE OR REPLACE FUNCTION order_status_rank(status text) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN coalesce(array_position(ARRAY['pending_confirmation','placed','awaiting_payment','confirmed','packed','shipped','delivered','return_requested','returned','cancelled']::text[], status), 99);--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
CREATE INDEX "orders_payment_status_created_idx" ON "orders" USING btree ("payment_status","created_at","id","payment_method","vendor_id");--> statement-breakpoint
CREATE INDEX "orders_method_created_idx" ON "orders" USING btree ("payment_method","created_at","id","vendor_id");--> statement-breakpoint
CREATE INDEX "orders_city_created_idx" ON "orders" USING btree (lower("address"->>'city'),"created_at","id");--> statement-breakpoint
CREATE INDEX "orders_vendor_created_idx" ON "orders" USING btree ("vendor_id","created_at","id","status");--> statement-breakpoint
CREATE INDEX "orders_total_created_idx" ON "orders" USING btree ("total","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_rank_idx" ON "orders" USING btree (order_status_rank("status"),"created_at","id");--> statement-breakpoint
CREATE INDEX "orders_order_no_trgm_idx" ON "orders" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_trgm_idx" ON "orders" USING gin (("address"->>'phone') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin (("address"->>'email') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id","payment_method","payment_status","vendor_id");