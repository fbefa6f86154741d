ALTER TABLE "users" ADD COLUMN "phone_pending" text;--> statement-breakpoint
CREATE INDEX "users_phone_pending_idx" ON "users" USING btree ("phone_pending") WHERE "users"."phone_pending" is not null;--> statement-breakpoint
-- Numbers nobody proved become claims (decision 027). One stays proven only on an account that an
-- SMS-code login made for it: no e-mail, no password, no Facebook link, and a code for that number
-- spent within a minute of the account's creation.
UPDATE "users" u SET "phone_pending" = u."phone", "phone" = NULL
WHERE u."phone" IS NOT NULL AND NOT (
  u."email" IS NULL AND u."password_hash" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "oauth_accounts" a WHERE a."user_id" = u."id")
  AND EXISTS (
    SELECT 1 FROM "otp_codes" o
    WHERE o."phone" = u."phone"
      AND o."used_at" BETWEEN u."created_at" - interval '1 minute' AND u."created_at" + interval '1 minute'
  )
);
