import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";
import { users } from "./schema-auth.ts";

/**
 * What the shop tells a shopper in the app (issue #16, decision 049): written by the
 * notifications consumer of domain events. `dedupeKey` is made from the event's id, so a
 * consumer that runs twice for one event writes once.
 */
export const userNotifications = pgTable(
  "user_notifications",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** order_placed, order_shipped, review_reminder, dispute_message, price_drop, … */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** A path of the shop (/my/orders/{id}, a product's slug page, …). */
    link: text("link").notNull(),
    /** The order, product, dispute or application it is about. */
    subjectId: text("subject_id"),
    dedupeKey: text("dedupe_key").notNull(),
    // The clock, not the transaction's start: an event's notifications list in the order written.
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("user_notifications_dedupe_key").on(t.dedupeKey),
    index("user_notifications_user_created_idx").on(t.userId, t.createdAt),
    index("user_notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** A browser's web-push subscription (the spec's `pushToken`), one row per endpoint. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret (base64url), to encrypt each message. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    /** The push service's last refusal other than gone (404/410 remove the row), for staff. */
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);
