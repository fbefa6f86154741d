import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";
import { users } from "./schema-auth.ts";
import { products } from "./schema-catalog.ts";
import { orderItems } from "./schema-orders.ts";

/**
 * Shoppers' reviews (issue #16, decision 051): one per order line of a delivered order, by the
 * shopper who bought it. `pending` waits for staff when the shop moderates, `published` shows on
 * the product page, `hidden` was taken down by staff with a reason.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    orderItemId: uuid("order_item_id")
      .notNull()
      .unique()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    status: text("status").$type<"pending" | "published" | "hidden">().notNull(),
    hideReason: text("hide_reason"),
    reply: text("reply"),
    replyAt: timestamp("reply_at", { withTimezone: true }),
    /** Helpful votes, kept in step with review_votes in the vote's transaction. */
    helpfulCount: integer("helpful_count").notNull().default(0),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("reviews_product_new_idx")
      .on(t.productId, t.createdAt.desc())
      .where(sql`${t.status} = 'published'`),
    index("reviews_product_helpful_idx")
      .on(t.productId, t.helpfulCount.desc(), t.createdAt.desc())
      .where(sql`${t.status} = 'published'`),
    index("reviews_user_idx").on(t.userId, t.createdAt),
    index("reviews_status_idx").on(t.status, t.createdAt),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_status_check", sql`${t.status} in ('pending','published','hidden')`),
  ],
);

/** A review's photos (at most 5), stored as WebP through the media storage. */
export const reviewPhotos = pgTable(
  "review_photos",
  {
    id: id(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    /** Media storage key (`reviews/<review id>-<random>.webp`). */
    key: text("key").notNull(),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("review_photos_review_idx").on(t.reviewId, t.position)],
);

/** "Helpful" votes: one per shopper per review. */
export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);
