/**
 * The back-office's orders (issue #14, decision 044): staff list, read and move orders through
 * their lifecycle. One schema per request and answer, shared by /api/admin/orders and /admin.
 */
import { z } from "zod";
// First: the schemas below are built as this module loads, in the browser too.
import "./zod-browser.ts";
import type { Role } from "./auth.ts";
import {
  amount,
  ORDER_STATUSES,
  type OrderStatus,
  orderAddress,
  orderHistory,
  orderItem,
} from "./orders.ts";

export const PAYMENT_STATUSES = ["pending", "paid", "failed", "refund_due", "refunded"] as const;

/** What staff do to an order; each is one step of the lifecycle (order-lifecycle.ts). */
export const ORDER_ACTIONS = [
  "confirm",
  "pack",
  "ship",
  "deliver",
  "cancel",
  "request_return",
  "receive_return",
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];
/** The actions staff may take on many orders at once. */
export const BULK_ACTIONS = ["confirm", "pack"] as const;

export const ADMIN_SORTS = ["-createdAt", "createdAt", "-total", "total", "status"] as const;
export type AdminSort = (typeof ADMIN_SORTS)[number];
export const ADMIN_PAGE_SIZE = 25;
/** The list counts matches up to this many, then says "10,000+" (decision 054). */
export const ADMIN_COUNT_CAP = 10_000;

const date = z.iso.date("Use a date like 2026-01-31");
const blankToUndefined = (v: unknown) => (v === "" ? undefined : v);
const optional = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.optional());

/**
 * A page boundary of the order list (keyset paging, decision 054): the sort it belongs to, the
 * boundary row's sort key and id, and which way to read from it. The URL carries it opaque
 * (base64url JSON); the API decodes it and checks it with this schema.
 */
export const orderCursor = z.object({
  s: z.enum(ADMIN_SORTS),
  /** The row's sort key: its total or status rank (when the sort has one), then its time. */
  k: z.array(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)).min(1).max(2),
  id: z.uuid(),
  d: z.enum(["after", "before"]),
});
export type OrderCursor = z.infer<typeof orderCursor>;

/** GET /api/admin/orders: filters, search, sort and page, as the URL of /admin/orders has them. */
export const adminOrdersQuery = z.object({
  status: optional(z.enum(ORDER_STATUSES, "Unknown order status")),
  paymentStatus: optional(z.enum(PAYMENT_STATUSES, "Unknown payment status")),
  method: optional(z.string().trim().max(40)),
  city: optional(z.string().trim().max(80)),
  from: optional(date),
  to: optional(date),
  /** One store's orders (staff; a vendor sees only their own stores' anyway). */
  vendor: optional(z.uuid("Unknown store")),
  /** An order number, a phone number or an e-mail address (or a part of one). */
  q: optional(z.string().trim().max(100)),
  sort: optional(z.enum(ADMIN_SORTS, "Unknown sort")).default("-createdAt"),
  /** Opaque: the `next` or `previous` of the page before (keyset paging, decision 054). */
  cursor: optional(
    z
      .string()
      .max(400)
      .regex(/^[A-Za-z0-9_-]+$/, "This page link is broken"),
  ),
  pageSize: optional(z.coerce.number().int().min(1).max(100)).default(ADMIN_PAGE_SIZE),
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuery>;

export const adminOrderRow = z.object({
  _id: z.string(),
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  customer: z.object({ name: z.string(), phone: z.string(), email: z.string().nullable() }),
  city: z.string(),
  vendor: z.object({ _id: z.string(), name: z.string() }),
  payment: z.object({ method: z.string(), status: z.string() }),
  itemCount: z.number().int(),
  total: z.number().int(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRow>;

export const adminOrderList = z.object({
  orders: z.array(adminOrderRow),
  /** The orders that match, counted up to ADMIN_COUNT_CAP. */
  total: z.number().int(),
  /** More match than `total` says ("10,000+"). */
  totalCapped: z.boolean(),
  pageSize: z.number().int(),
  /** Cursors of the pages after and before this one, null at either end. */
  next: z.string().nullable(),
  previous: z.string().nullable(),
});
export type AdminOrderList = z.infer<typeof adminOrderList>;

export const auditEntry = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.object({ _id: z.string().nullable(), name: z.string(), role: z.string() }),
  record: z.string(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** `order:<id>` → its type and id. */
export const recordOf = (record: string) => {
  const [type = "", id = ""] = record.split(":");
  return { type, id };
};

/** A note between staff on an order (decision 048). */
export const orderNote = z.object({
  _id: z.string(),
  text: z.string(),
  at: z.string(),
  author: z.object({ _id: z.string().nullable(), name: z.string(), role: z.string() }),
});
export type OrderNote = z.infer<typeof orderNote>;

/** POST /api/admin/orders/{id}/notes */
export const noteBody = z.object({
  text: z
    .string("Write the note")
    .trim()
    .min(1, "Write the note")
    .max(2000, "Keep the note under 2000 characters"),
});
export type NoteBody = z.input<typeof noteBody>;

export const adminOrderDetail = z.object({
  _id: z.string(),
  orderNo: z.string(),
  masterId: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  vendor: z.object({ _id: z.string(), name: z.string() }),
  payment: z.object({ method: z.string(), status: z.string() }),
  amount,
  shippingMethod: z.string(),
  address: orderAddress,
  items: z.array(orderItem),
  shipment: z.object({ courier: z.string(), trackingNo: z.string() }).nullable(),
  cancelReason: z.string().nullable(),
  history: orderHistory,
  payments: z.array(
    z.object({
      _id: z.string(),
      gateway: z.string(),
      method: z.string(),
      amount: z.number().int(),
      status: z.string(),
      resultMessage: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  messages: z.array(
    z.object({ channel: z.string(), to: z.string(), template: z.string(), at: z.string() }),
  ),
  audit: z.array(auditEntry),
  /** Notes between staff, oldest first (empty for vendors). */
  notes: z.array(orderNote),
  /** What the asking staff member may do to it now (empty for vendors). */
  actions: z.array(z.enum(ORDER_ACTIONS)),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

const reason = z
  .string("Say why the order is cancelled")
  .trim()
  .min(3, "Say why the order is cancelled")
  .max(300, "Keep the reason under 300 characters");

/** POST /api/admin/orders/{id}/transition: one step, with what the step needs. */
export const transitionBody = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("confirm"), note: optional(z.string().trim().max(300)) }),
    z.object({ action: z.literal("pack") }),
    z.object({
      action: z.literal("ship"),
      courier: z
        .string("Enter the courier")
        .trim()
        .min(2, "Enter the courier")
        .max(60, "Keep the courier's name under 60 characters"),
      trackingNo: z
        .string("Enter the tracking number")
        .trim()
        .regex(/^[A-Za-z0-9-]{4,40}$/, "Enter the tracking number (4 to 40 letters or digits)"),
    }),
    z.object({ action: z.literal("deliver") }),
    z.object({ action: z.literal("cancel"), reason }),
    z.object({
      action: z.literal("request_return"),
      reason: z
        .string("Say why the shopper returns it")
        .trim()
        .min(3, "Say why the shopper returns it")
        .max(300, "Keep the reason under 300 characters"),
    }),
    z.object({ action: z.literal("receive_return") }),
  ],
  "Choose an action: confirm, pack, ship, deliver, cancel, request_return or receive_return",
);
export type TransitionBody = z.input<typeof transitionBody>;

/** POST /api/admin/orders/bulk: confirm or pack many orders; each succeeds or fails alone. */
export const bulkBody = z.object({
  action: z.enum(BULK_ACTIONS, "Choose confirm or pack"),
  ids: z
    .array(z.uuid({ message: "Unknown order" }))
    .min(1, "Choose at least one order")
    .max(100, "At most 100 orders at once"),
});
export const bulkResult = z.object({
  results: z.array(
    z.object({
      _id: z.string(),
      ok: z.boolean(),
      status: z.enum(ORDER_STATUSES).nullable(),
      message: z.string().nullable(),
    }),
  ),
});
export type BulkResult = z.infer<typeof bulkResult>;

/** Who is asking: the back-office scopes what it answers by role (vendors: their orders). */
export type Staff = { id: string; role: Role };

export const STAFF_STATUS_LABEL: Record<OrderStatus, string> = {
  placed: "Placed",
  pending_confirmation: "Unconfirmed",
  awaiting_payment: "Awaiting payment",
  confirmed: "Confirmed",
  packed: "Packed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  return_requested: "Return requested",
  returned: "Returned",
};

/** The back-office's orders, as the API's routes and /admin call them (in-process). */
export type AdminOrdersService = {
  list(staff: Staff, query: unknown): Promise<AdminOrderList>;
  get(staff: Staff, id: string): Promise<AdminOrderDetail>;
  transition(staff: Staff, id: string, body: unknown): Promise<AdminOrderDetail>;
  bulk(staff: Staff, body: unknown): Promise<BulkResult>;
  addNote(staff: Staff, id: string, body: unknown): Promise<AdminOrderDetail>;
};
