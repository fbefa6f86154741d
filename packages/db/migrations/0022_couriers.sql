CREATE TABLE "courier_bookings" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"consignment_no" text,
	"response" jsonb,
	"track_status" text DEFAULT 'booked' NOT NULL,
	"tracking" jsonb,
	"cod_amount" integer DEFAULT 0 NOT NULL,
	"booked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tracked_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refused_phones" (
	"phone" text PRIMARY KEY NOT NULL,
	"last_order_id" uuid,
	"courier" text NOT NULL,
	"refusals" integer DEFAULT 1 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courier_bookings" ADD CONSTRAINT "courier_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_bookings" ADD CONSTRAINT "courier_bookings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refused_phones" ADD CONSTRAINT "refused_phones_last_order_id_orders_id_fk" FOREIGN KEY ("last_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courier_bookings_status_idx" ON "courier_bookings" USING btree ("track_status");--> statement-breakpoint
CREATE INDEX "courier_bookings_delivered_idx" ON "courier_bookings" USING btree ("courier","delivered_at");