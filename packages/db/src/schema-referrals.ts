import type { ReferralStatus } from "@maidan/contracts/referrals";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";
import { users } from "./schema-auth.ts";

/**
 * Each shopper's referral code (decision 055), made on first use and never changed: the invite
 * link `/invite/{code}` stays valid. Its row is also the lock that serialises the referrer's
 * bonuses, so the monthly cap holds under concurrency.
 */
export const referralCodes = pgTable("referral_codes", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  createdAt: createdAt(),
});

/** The statuses are the contract's (contracts/referrals.ts). */
export type { ReferralStatus };

/**
 * Who brought whom. A new account is linked at most once (unique referee), and a phone number
 * is referred at most once (partial unique index): concurrent sign-ups cannot double either.
 */
export const referrals = pgTable(
  "referrals",
  {
    id: id(),
    referrerId: uuid("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    refereeId: uuid("referee_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The friend's phone (proven or claimed) when they joined. */
    phone: text("phone"),
    status: text("status").$type<ReferralStatus>().notNull().default("joined"),
    /** The friend's first delivered order, once there is one. */
    orderId: uuid("order_id"),
    bonus: integer("bonus").notNull().default(0),
    welcome: integer("welcome").notNull().default(0),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("referrals_referrer_idx").on(t.referrerId, t.createdAt),
    index("referrals_order_idx").on(t.orderId),
    uniqueIndex("referrals_phone_once").on(t.phone).where(sql`${t.phone} is not null`),
    check(
      "referrals_status_check",
      sql`${t.status} in ('joined','rewarded','capped','refused','reversed')`,
    ),
    check("referrals_amounts_check", sql`${t.bonus} >= 0 and ${t.welcome} >= 0`),
  ],
);
