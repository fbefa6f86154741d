import type { OrderStatus } from "@maidan/contracts/orders";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";
import { users } from "./schema-auth.ts";
import { products, variants, vendors } from "./schema-catalog.ts";

/** Human-readable order numbers: MD-100001, MD-100002, ... (gaps after rollbacks are fine). */
export const orderNoSeq = pgSequence("order_no_seq", { startWith: 100001 });

export type OrderAddress = {
  fullName: string;
  phone: string;
  email: string | null;
  province: string;
  city: string;
  address: string;
  landmark: string | null;
  zip: string | null;
};

/**
 * One order per vendor; the orders of one checkout share `checkout_id` (the "master" id that
 * change-payment-method answers with). Amounts are whole rupees, computed by the server.
 */
export const orders = pgTable(
  "orders",
  {
    id: id(),
    orderNo: text("order_no").notNull().unique().default(sql`'MD-' || nextval('order_no_seq')`),
    checkoutId: uuid("checkout_id").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    guestId: text("guest_id"),
    vendorId: uuid("vendor_id")
      .notNull()
      .references(() => vendors.id),
    status: text("status").$type<OrderStatus>().notNull(),
    paymentMethod: text("payment_method").notNull(),
    paymentStatus: text("payment_status")
      .$type<"pending" | "paid" | "failed" | "refund_due" | "refunded">()
      .notNull()
      .default("pending"),
    currency: text("currency").notNull().default("PKR"),
    qty: integer("qty").notNull(),
    subtotal: integer("subtotal").notNull(),
    oldSubtotal: integer("old_subtotal").notNull(),
    /** Every discount: the automatic promotion's share plus the coupon's. */
    discount: integer("discount").notNull().default(0),
    /** The automatic promotion's part of `discount`, and its name at the time. */
    promotionDiscount: integer("promotion_discount").notNull().default(0),
    promotion: text("promotion"),
    shipping: integer("shipping").notNull().default(0),
    tax: integer("tax").notNull().default(0),
    walletUsed: integer("wallet_used").notNull().default(0),
    total: integer("total").notNull(),
    shippingMethodId: uuid("shipping_method_id"),
    shippingMethodName: text("shipping_method_name").notNull(),
    address: jsonb("address").$type<OrderAddress>().notNull(),
    /** Keyed hash of the COD confirmation code sent by SMS; null once confirmed or when off. */
    confirmCodeHash: text("confirm_code_hash"),
    confirmAttempts: integer("confirm_attempts").notNull().default(0),
    confirmBy: timestamp("confirm_by", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    /**
     * The pricing terms a checkout of several orders was priced with (promotion, gift, coupon,
     * shipping), so a cancellation can re-price the orders that remain (decision 029).
     */
    pricing: jsonb("pricing"),
    /**
     * Cancelled orders: rupees of the online refund kept back because the checkout's other,
     * already paid or dispatched, orders keep a benefit this one earned them.
     */
    keptBack: integer("kept_back").notNull().default(0),
    /** Set when staff ship the order (decision 044): the courier and its tracking number. */
    courier: text("courier"),
    trackingNo: text("tracking_no"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_checkout_idx").on(t.checkoutId),
    // The back-office's list (decision 054): keyset pages of (sort column, created_at, id), one
    // index per filter leading with it, trigram indexes for search by number, phone and e-mail.
    index("orders_created_idx").on(t.createdAt, t.id),
    // The other filters' columns after (created_at, id): a count of two filters reads the
    // index alone (an index-only scan filters on them) instead of the table.
    index("orders_status_created_idx").on(
      t.status,
      t.createdAt,
      t.id,
      t.paymentMethod,
      t.paymentStatus,
      t.vendorId,
    ),
    index("orders_payment_status_created_idx").on(
      t.paymentStatus,
      t.createdAt,
      t.id,
      t.paymentMethod,
      t.vendorId,
    ),
    index("orders_method_created_idx").on(t.paymentMethod, t.createdAt, t.id, t.vendorId),
    index("orders_city_created_idx").on(sql`lower(${t.address}->>'city')`, t.createdAt, t.id),
    index("orders_vendor_created_idx").on(t.vendorId, t.createdAt, t.id, t.status),
    index("orders_total_created_idx").on(t.total, t.createdAt, t.id),
    index("orders_status_rank_idx").on(sql`order_status_rank(${t.status})`, t.createdAt, t.id),
    index("orders_order_no_trgm_idx").using("gin", sql`${t.orderNo} gin_trgm_ops`),
    index("orders_phone_trgm_idx").using("gin", sql`(${t.address}->>'phone') gin_trgm_ops`),
    index("orders_email_trgm_idx").using("gin", sql`(${t.address}->>'email') gin_trgm_ops`),
    index("orders_confirm_by_idx").on(t.confirmBy).where(sql`${t.status} = 'pending_confirmation'`),
    check(
      "orders_status_check",
      sql`${t.status} in ('placed','pending_confirmation','awaiting_payment','confirmed','packed','shipped','delivered','cancelled','return_requested','returned')`,
    ),
    check(
      "orders_amounts_check",
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.shipping} >= 0 and ${t.walletUsed} >= 0 and ${t.total} >= 0 and ${t.qty} > 0`,
    ),
    check(
      "orders_promotion_discount_check",
      sql`${t.promotionDiscount} >= 0 and ${t.promotionDiscount} <= ${t.discount}`,
    ),
  ],
);

/** The lines of an order: a snapshot of what was bought, at the price charged. */
export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: uuid("variant_id").references(() => variants.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    sku: text("sku").notNull(),
    size: text("size"),
    color: text("color"),
    img: text("img"),
    price: integer("price").notNull(),
    mrp: integer("mrp").notNull(),
    qty: integer("qty").notNull(),
    tax: integer("tax").notNull().default(0),
    total: integer("total").notNull(),
    /** A promotion's free gift (price 0). */
    gift: boolean("gift").notNull().default(false),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    check("order_items_qty_check", sql`${t.qty} > 0`),
  ],
);

/** The status timeline (placed → confirmed → packed → shipped → delivered, or cancelled). */
export const orderEvents = pgTable(
  "order_events",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").$type<OrderStatus>().notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);

/**
 * Idempotency of POST /api/orders: the first answer per key (the Idempotency-Key header, or the
 * cart id), written in the same transaction as the orders. `owner` scopes keys to one shopper.
 */
export const checkoutRequests = pgTable(
  "checkout_requests",
  {
    key: text("key").primaryKey(),
    owner: text("owner").notNull(),
    bodyHash: text("body_hash").notNull(),
    checkoutId: uuid("checkout_id").notNull(),
    response: jsonb("response").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("checkout_requests_owner_idx").on(t.owner, t.createdAt)],
);

/** What one staff refund gave back of an order line: its item and how many units. */
export type RefundLine = { itemId: string; qty: number };

/**
 * Staff refunds of delivered (or cancelled, paid) orders (issue #14, decision 046): many per
 * order, by lines or by amount. The order's row lock serialises them, and their sum never passes
 * what the order took. To the wallet: `refunded` at once (the ledger entry's reference is this
 * row's id). To the original method: the gateway's refund, or `owed` until staff record that
 * they paid it back by hand (`done_at`, `done_note`).
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    destination: text("destination").$type<"wallet" | "original">().notNull(),
    status: text("status").$type<"refunded" | "owed">().notNull(),
    lines: jsonb("lines").$type<RefundLine[]>().notNull().default([]),
    reason: text("reason").notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    gatewayRefundRef: text("gateway_refund_ref"),
    /** While owed: what staff must do by hand (the gateway's portal and payment, or cash). */
    manualStep: text("manual_step"),
    doneNote: text("done_note"),
    createdAt: createdAt(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    index("order_refunds_order_idx").on(t.orderId, t.createdAt),
    index("order_refunds_owed_idx").on(t.createdAt).where(sql`${t.status} = 'owed'`),
    check("order_refunds_amount_check", sql`${t.amount} > 0`),
    check("order_refunds_destination_check", sql`${t.destination} in ('wallet','original')`),
    check("order_refunds_status_check", sql`${t.status} in ('refunded','owed')`),
  ],
);

/**
 * Notes between staff on an order (issue #14, decision 048): who wrote what, when. Append-only;
 * each note is also an audit entry written in the same transaction.
 */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_notes_order_idx").on(t.orderId, t.createdAt),
    check("order_notes_text_check", sql`length(${t.text}) between 1 and 2000`),
  ],
);
