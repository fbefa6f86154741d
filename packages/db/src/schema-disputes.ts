import type {
  DisputeReason,
  DisputeResolution,
  DisputeStatus,
  DisputeWanted,
} from "@maidan/contracts/disputes";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";
import { users } from "./schema-auth.ts";
import { orderItems, orders } from "./schema-orders.ts";

/**
 * A shopper's dispute about one line of a delivered order (issues #16 and #14, decision 052).
 * At most one is open (open or awaiting the shopper) per line: a unique partial index, so two
 * opens racing cannot both win. Staff close it as resolved (refund or replacement) or rejected.
 */
export const disputes = pgTable(
  "disputes",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").$type<DisputeReason>().notNull(),
    description: text("description").notNull(),
    wanted: text("wanted").$type<DisputeWanted>().notNull(),
    status: text("status").$type<DisputeStatus>().notNull().default("open"),
    /** How staff closed it: refund (wallet or original), replacement or rejection. */
    resolution: text("resolution").$type<DisputeResolution>(),
    /** Staff's words when closing it: the rejection's reason, or a note to the shopper. */
    resolutionNote: text("resolution_note"),
    /** Rupees refunded, for a refund. */
    amount: integer("amount"),
    /** The staff refund (order_refunds) or the replacement order it was resolved with. */
    refundId: uuid("refund_id"),
    replacementOrderId: uuid("replacement_order_id").references(() => orders.id, {
      onDelete: "set null",
    }),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("disputes_one_open_per_line")
      .on(t.orderItemId)
      .where(sql`${t.status} in ('open', 'awaiting_shopper')`),
    index("disputes_user_idx").on(t.userId, t.createdAt),
    index("disputes_status_idx").on(t.status, t.updatedAt),
    index("disputes_order_idx").on(t.orderId),
    check(
      "disputes_reason_check",
      sql`${t.reason} in ('wrong_item','damaged','not_as_described','missing','other')`,
    ),
    check("disputes_wanted_check", sql`${t.wanted} in ('refund','replacement')`),
    check(
      "disputes_status_check",
      sql`${t.status} in ('open','awaiting_shopper','resolved','rejected')`,
    ),
    check(
      "disputes_resolution_check",
      sql`${t.resolution} is null or ${t.resolution} in ('refund_wallet','refund_original','replacement','rejected')`,
    ),
    check("disputes_description_check", sql`length(${t.description}) between 10 and 2000`),
    check("disputes_amount_check", sql`${t.amount} is null or ${t.amount} > 0`),
  ],
);

/** The thread: the shopper's and staff's messages, oldest first. Append-only. */
export const disputeMessages = pgTable(
  "dispute_messages",
  {
    id: id(),
    disputeId: uuid("dispute_id")
      .notNull()
      .references(() => disputes.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Who wrote it as the thread shows it: the shopper, or the shop's staff. */
    author: text("author").$type<"shopper" | "staff">().notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("dispute_messages_dispute_idx").on(t.disputeId, t.createdAt),
    check("dispute_messages_author_check", sql`${t.author} in ('shopper','staff')`),
    check("dispute_messages_text_check", sql`length(${t.text}) between 1 and 2000`),
  ],
);

/** The shopper's evidence: WebP files in the media storage, under disputes/. */
export const disputePhotos = pgTable(
  "dispute_photos",
  {
    id: id(),
    disputeId: uuid("dispute_id")
      .notNull()
      .references(() => disputes.id, { onDelete: "cascade" }),
    /** The media storage key: disputes/<user id>-<random>.webp, named by the server. */
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("dispute_photos_dispute_idx").on(t.disputeId)],
);
