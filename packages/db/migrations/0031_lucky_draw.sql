CREATE TABLE "lucky_draw_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "lucky_draw_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"draw_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lucky_draw_entries_once" UNIQUE("draw_id","order_id"),
	CONSTRAINT "lucky_draw_entries_count_check" CHECK ("lucky_draw_entries"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "lucky_draw_winners" (
	"draw_id" uuid NOT NULL,
	"place" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"ticket" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lucky_draw_winners_place" UNIQUE("draw_id","place"),
	CONSTRAINT "lucky_draw_winners_user" UNIQUE("draw_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "lucky_draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"prize" text NOT NULL,
	"prize_amount" integer NOT NULL,
	"winners_count" integer DEFAULT 1 NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"tickets" integer,
	"drawn_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lucky_draws_status_check" CHECK ("lucky_draws"."status" in ('open', 'drawn')),
	CONSTRAINT "lucky_draws_prize_check" CHECK ("lucky_draws"."prize_amount" > 0),
	CONSTRAINT "lucky_draws_winners_check" CHECK ("lucky_draws"."winners_count" between 1 and 100),
	CONSTRAINT "lucky_draws_window_check" CHECK ("lucky_draws"."closes_at" > "lucky_draws"."opens_at")
);
--> statement-breakpoint
ALTER TABLE "lucky_draw_entries" ADD CONSTRAINT "lucky_draw_entries_draw_id_lucky_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lucky_draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lucky_draw_entries" ADD CONSTRAINT "lucky_draw_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lucky_draw_entries" ADD CONSTRAINT "lucky_draw_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lucky_draw_winners" ADD CONSTRAINT "lucky_draw_winners_draw_id_lucky_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lucky_draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lucky_draw_winners" ADD CONSTRAINT "lucky_draw_winners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lucky_draws" ADD CONSTRAINT "lucky_draws_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lucky_draw_entries_draw_idx" ON "lucky_draw_entries" USING btree ("draw_id","seq");--> statement-breakpoint
CREATE INDEX "lucky_draw_entries_user_idx" ON "lucky_draw_entries" USING btree ("user_id","draw_id");--> statement-breakpoint
CREATE INDEX "lucky_draws_closes_idx" ON "lucky_draws" USING btree ("closes_at");