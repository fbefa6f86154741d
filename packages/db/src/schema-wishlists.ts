import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";
import { users } from "./schema-auth.ts";
import { products, variants } from "./schema-catalog.ts";

/**
 * A shopper's wishlists (spec §3 "a list of wishlists"): one default list (the hearts save
 * there) and named lists. At most one default per user (partial unique index).
 */
export const wishlists = pgTable(
  "wishlists",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("wishlists_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("wishlists_one_default_idx").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/**
 * A product (and the chosen variant, when one was chosen) saved in a list, with its price then.
 * `seenPrice` and `seenInStock` are what the wishlist watch last saw: a lower price or a return
 * to stock since then is news for the shopper (wishlist-watch.ts).
 */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: id(),
    wishlistId: uuid("wishlist_id")
      .notNull()
      .references(() => wishlists.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => variants.id, { onDelete: "cascade" }),
    priceWhenAdded: integer("price_when_added").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
    seenPrice: integer("seen_price").notNull(),
    seenInStock: boolean("seen_in_stock").notNull(),
  },
  (t) => [
    unique("wishlist_items_unique").on(t.wishlistId, t.productId, t.variantId).nullsNotDistinct(),
    index("wishlist_items_product_idx").on(t.productId),
  ],
);

/**
 * The wishlist notices sent: one row per shopper, product, kind and day (Asia/Karachi), so a
 * shopper hears of one product's price drop or return to stock at most once a day.
 */
export const wishlistAlerts = pgTable(
  "wishlist_alerts",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    day: date("day").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId, t.kind, t.day] })],
);
