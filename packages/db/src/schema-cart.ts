import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";
import { users } from "./schema-auth.ts";
import { categories, products, variants } from "./schema-catalog.ts";

export const shippingMethods = pgTable("shipping_methods", {
  id: id(),
  name: text("name").notNull(),
  carrier: text("carrier").notNull(),
  /** Charge in whole rupees; free when the order value reaches `freeAbove`. */
  charge: integer("charge").notNull(),
  freeAbove: integer("free_above"),
  minOrderValue: integer("min_order_value").notNull().default(0),
  /** Null means every city. */
  cities: text("cities").array(),
  etaDays: text("eta_days").notNull().default("3-5"),
  isDefault: boolean("is_default").notNull().default(false),
  active: boolean("active").notNull().default(true),
  sort: integer("sort").notNull().default(0),
});

/**
 * One open cart per shopper: a signed-in user's (user_id) or an anonymous visitor's (the `guest`
 * cookie's id). A placed order deletes the cart row, so a cart id names one shopping trip (the
 * fallback idempotency key of POST /api/orders relies on that).
 */
export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    guestId: text("guest_id").unique(),
    /** The shopper's chosen method; null means the shop's default for the city. */
    shippingMethodId: uuid("shipping_method_id").references(() => shippingMethods.id, {
      onDelete: "set null",
    }),
    /** City of the chosen delivery address, for shipping charges before the order is placed. */
    shippingCity: text("shipping_city"),
    /** "Use wallet balance" at checkout (the cart's checkoutWallet); only for signed-in users. */
    useWallet: boolean("use_wallet").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("carts_owner_check", sql`${t.userId} is not null or ${t.guestId} is not null`),
    index("carts_updated_idx").on(t.updatedAt),
  ],
);

/** A variant in a cart. Prices are not stored: they are read from the catalogue every time. */
export const cartItems = pgTable(
  "cart_items",
  {
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    qty: integer("qty").notNull(),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.variantId] }),
    check("cart_items_qty_check", sql`${t.qty} > 0`),
  ],
);

/**
 * Sales tax included in the prices of a category's products, in basis points (1700 = 17%).
 * A product whose own category has no row carries no tax line.
 */
export const categoryTaxRates = pgTable(
  "category_tax_rates",
  {
    categoryId: uuid("category_id")
      .primaryKey()
      .references(() => categories.id, { onDelete: "cascade" }),
    rateBp: integer("rate_bp").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [check("category_tax_rates_rate_check", sql`${t.rateBp} between 0 and 10000`)],
);
