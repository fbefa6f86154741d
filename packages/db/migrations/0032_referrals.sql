CREATE TABLE "referral_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"referee_id" uuid NOT NULL,
	"phone" text,
	"status" text DEFAULT 'joined' NOT NULL,
	"order_id" uuid,
	"bonus" integer DEFAULT 0 NOT NULL,
	"welcome" integer DEFAULT 0 NOT NULL,
	"decided_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_referee_id_unique" UNIQUE("referee_id"),
	CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('joined','rewarded','capped','refused','reversed')),
	CONSTRAINT "referrals_amounts_check" CHECK ("referrals"."bonus" >= 0 and "referrals"."welcome" >= 0)
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "referral_bonus" integer DEFAULT 250 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "referral_welcome" integer DEFAULT 150 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "referral_min_order" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "referral_monthly_cap" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referee_id_users_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_order_idx" ON "referrals" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_phone_once" ON "referrals" USING btree ("phone") WHERE "referrals"."phone" is not null;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_referral_check" CHECK ("settings"."referral_bonus" >= 0 and "settings"."referral_welcome" >= 0 and "settings"."referral_min_order" >= 0 and "settings"."referral_monthly_cap" >= 0);