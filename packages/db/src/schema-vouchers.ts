import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { users } from "./schema-auth.ts";
import { carts } from "./schema-cart.ts";
import type { PromotionScope } from "./schema-promotions.ts";

export const VOUCHER_KINDS = ["percent", "fixed"] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];

/**
 * Coupon codes. `used` counts live redemptions: it only moves through a conditional
 * `used = used + 1 where used < usage_limit` in the order's transaction (and back by one when
 * the checkout is cancelled), so the last use can never be spent twice. Codes are stored upper case.
 */
export const vouchers = pgTable(
  "vouchers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    description: text("description").notNull().default(""),
    kind: text("kind").$type<VoucherKind>().notNull(),
    /** Percent (1–100) or whole rupees, by kind. */
    value: integer("value").notNull(),
    /** Cap on a percent voucher's discount (null: no cap). */
    maxDiscount: integer("max_discount"),
    /** Cart subtotal needed to use it (the whole cart's, whatever the scope). */
    minCartValue: integer("min_cart_value").notNull().default(0),
    /**
     * Which lines it discounts, as a promotion's scope (decision 064): all, or those of
     * `scope_ids` (categories with their subcategories, or products).
     */
    scope: text("scope").$type<PromotionScope>().notNull().default("all"),
    scopeIds: uuid("scope_ids").array().notNull().default(sql`'{}'::uuid[]`),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    active: boolean("active").notNull().default(true),
    perUserLimit: integer("per_user_limit").notNull().default(1),
    /** Total redemptions allowed (null: unlimited). */
    usageLimit: integer("usage_limit"),
    used: integer("used").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("vouchers_kind_check", sql`${t.kind} in ('percent', 'fixed')`),
    check(
      "vouchers_value_check",
      sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`,
    ),
    check("vouchers_scope_check", sql`${t.scope} in ('all', 'category', 'product')`),
    check("vouchers_per_user_check", sql`${t.perUserLimit} >= 1`),
    check(
      "vouchers_used_check",
      sql`${t.used} >= 0 and (${t.usageLimit} is null or ${t.used} <= ${t.usageLimit})`,
    ),
  ],
);

/**
 * One row per live use. (voucher, user, use_no) is unique with use_no in 1..per_user_limit, so two
 * concurrent checkouts of one user cannot both take the same slot. Deleted when the checkout is
 * cancelled (the delete answers once, so `used` goes back once).
 */
export const voucherRedemptions = pgTable(
  "voucher_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    voucherId: uuid("voucher_id")
      .notNull()
      .references(() => vouchers.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    useNo: integer("use_no").notNull(),
    checkoutId: uuid("checkout_id").notNull(),
    discount: integer("discount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("voucher_redemptions_slot").on(t.voucherId, t.userId, t.useNo),
    index("voucher_redemptions_checkout_idx").on(t.checkoutId),
  ],
);

/** The coupon applied to an open cart (re-checked every time the cart is priced). */
export const cartCoupons = pgTable("cart_coupons", {
  cartId: uuid("cart_id")
    .primaryKey()
    .references(() => carts.id, { onDelete: "cascade" }),
  voucherId: uuid("voucher_id")
    .notNull()
    .references(() => vouchers.id, { onDelete: "cascade" }),
});
