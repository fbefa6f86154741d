import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { variants } from "./schema-catalog.ts";

export const PROMOTION_KINDS = ["percentage", "fixed", "buy_x_get_y", "free_gift"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
export const PROMOTION_SCOPES = ["all", "category", "product"] as const;
export type PromotionScope = (typeof PROMOTION_SCOPES)[number];

/**
 * Automatic promotions (no code to type): the cart applies the best one by itself, see
 * docs/decisions/014-promotions.md. Amounts are whole rupees like the rest of the money code.
 */
export const promotions = pgTable(
  "promotions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    kind: text("kind").$type<PromotionKind>().notNull(),
    /** percentage: 1–100; fixed: rupees off; unused by buy_x_get_y and free_gift. */
    value: integer("value"),
    /** Cap on the discount (null: no cap). */
    maxDiscount: integer("max_discount"),
    /** Subtotal of the in-scope lines needed; for free_gift this is the gift's threshold. */
    minCartValue: integer("min_cart_value").notNull().default(0),
    /** Which lines count: all, or those of `scope_ids` (categories with their subcategories, or products). */
    scope: text("scope").$type<PromotionScope>().notNull().default("all"),
    scopeIds: uuid("scope_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** buy_x_get_y: of every buy_qty + get_qty in-scope units, get_qty of the cheapest are free. */
    buyQty: integer("buy_qty"),
    getQty: integer("get_qty"),
    /** free_gift: the variant given at price 0 (only while it is in stock). */
    giftVariantId: uuid("gift_variant_id").references(() => variants.id, { onDelete: "cascade" }),
    /** Live from starts_at (inclusive) until ends_at (exclusive); null: open-ended. */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "promotions_kind_check",
      sql`${t.kind} in ('percentage', 'fixed', 'buy_x_get_y', 'free_gift')`,
    ),
    check("promotions_scope_check", sql`${t.scope} in ('all', 'category', 'product')`),
    check(
      "promotions_terms_check",
      sql`case ${t.kind}
        when 'percentage' then ${t.value} between 1 and 100
        when 'fixed' then ${t.value} > 0
        when 'buy_x_get_y' then ${t.buyQty} >= 1 and ${t.getQty} >= 1
        else ${t.giftVariantId} is not null end`,
    ),
    check(
      "promotions_amounts_check",
      sql`${t.minCartValue} >= 0 and (${t.maxDiscount} is null or ${t.maxDiscount} > 0)`,
    ),
  ],
);
