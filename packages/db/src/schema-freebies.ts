import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./schema-auth.ts";
import { products, variants } from "./schema-catalog.ts";
import { orders } from "./schema-orders.ts";

/**
 * Freebie campaigns (spec §2 /freebies, §7 GET /freebies/{id}): a shopper whose order meets the
 * terms may pick `pick_count` of the offered products for free. This table is what the shop
 * shows; a shopper's claim of one is `freebie_claims` (decision 057).
 */
export const freebies = pgTable(
  "freebies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The address part of /freebies/{id}; the uuid is accepted there too. */
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    image: text("image"),
    /** Order value (whole rupees, the cart's subtotal) needed to qualify. */
    minOrderValue: integer("min_order_value").notNull().default(0),
    /** Only for shoppers who have not placed an order yet. */
    firstOrderOnly: boolean("first_order_only").notNull().default(false),
    /** How many of the offered products one order may take. */
    pickCount: integer("pick_count").notNull().default(1),
    /** The small print, shown as written. */
    terms: text("terms").notNull().default(""),
    /** Live from starts_at (inclusive) until ends_at (exclusive); null: open-ended. */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    active: boolean("active").notNull().default(true),
    sort: integer("sort").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("freebies_active_idx").on(t.active, t.sort),
    check("freebies_min_order_check", sql`${t.minOrderValue} >= 0`),
    check("freebies_pick_count_check", sql`${t.pickCount} >= 1`),
    check(
      "freebies_window_check",
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

/**
 * The products a campaign gives away. `variant_id` narrows the offer to one size/colour; null
 * means any in-stock variant of the product.
 */
export const freebieItems = pgTable(
  "freebie_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    freebieId: uuid("freebie_id")
      .notNull()
      .references(() => freebies.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => variants.id, { onDelete: "cascade" }),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [
    index("freebie_items_freebie_idx").on(t.freebieId, t.sort),
    uniqueIndex("freebie_items_offer_key").on(
      t.freebieId,
      t.productId,
      sql`coalesce(${t.variantId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
);

/**
 * A shopper's claim of one offered product (decision 057). Its unit is taken from stock when it
 * is claimed, so no one else can buy it; it joins the shopper's next order that still meets the
 * terms as a Rs. 0 line (`ordered`), or ends `cancelled` (by the shopper while it waits, or with
 * the order it was in: that order's cancellation gives the unit back). One live claim per
 * campaign per shopper: a cancelled one may be claimed again.
 */
export const freebieClaims = pgTable(
  "freebie_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    freebieId: uuid("freebie_id")
      .notNull()
      .references(() => freebies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    /** claimed: its unit held, waiting for an order; ordered: in `order_id`; cancelled. */
    status: text("status").notNull().default("claimed"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    cancelReason: text("cancel_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("freebie_claims_one_per_campaign")
      .on(t.freebieId, t.userId)
      .where(sql`${t.status} <> 'cancelled'`),
    index("freebie_claims_user_idx").on(t.userId, t.createdAt),
    index("freebie_claims_order_idx").on(t.orderId),
    check("freebie_claims_status_check", sql`${t.status} in ('claimed', 'ordered', 'cancelled')`),
  ],
);
