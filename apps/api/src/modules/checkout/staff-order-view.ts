import type {
  AdminOrderDetail,
  AdminOrderRow,
  AuditEntry,
  OrderNote,
  transitionBody,
} from "@maidan/contracts/admin-orders";
import type { OrderStatus } from "@maidan/contracts/orders";
import type { z } from "zod";
import type { OrderStatusSms } from "../messages/templates.ts";
import type { ItemRow, NoteRow, OrderRow, StaffRow } from "../orders/order-records.service.ts";
import { toDetail } from "../orders/order-view.ts";
import { actionsFrom } from "./order-lifecycle.ts";

/** The back-office's views of orders (decision 044): rows, detail, notes, SMS and audit states. */

export type TransitionBody = z.output<typeof transitionBody>;
type Shipped = { courier: string | null; tracking_no: string | null };

export const toStaffRow = (r: StaffRow): AdminOrderRow => ({
  _id: r.id,
  orderNo: r.order_no,
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
  customer: { name: r.address.fullName, phone: r.address.phone, email: r.address.email ?? null },
  city: r.address.city,
  vendor: { _id: r.vendor_id, name: r.vendor_name },
  payment: { method: r.payment_method, status: r.payment_status },
  itemCount: r.item_count,
  total: r.total,
});

export const toNote = (n: NoteRow): OrderNote => ({
  _id: n.id,
  text: n.text,
  at: new Date(n.created_at).toISOString(),
  author: {
    _id: n.author_id,
    name: n.author_name ?? (n.author_id ? "(no name)" : "(deleted account)"),
    role: n.author_role ?? "",
  },
});

/**
 * The order page's data. A vendor (`vendor`) sees the shop's dealings with the shopper only
 * through the order's state: no payment attempts (a checkout's payment covers the other stores'
 * orders too), messages, audit entries or actions.
 */
export function toStaffDetail(
  o: OrderRow & Shipped,
  items: ItemRow[],
  events: Parameters<typeof toDetail>[2],
  more: {
    payments: AdminOrderDetail["payments"];
    messages: AdminOrderDetail["messages"];
    audit: AuditEntry[];
    notes: NoteRow[];
  },
  vendor: boolean,
): AdminOrderDetail {
  const view = toDetail(o, items, events);
  return {
    _id: view._id,
    orderNo: view.orderNo,
    masterId: view.masterId,
    status: view.status,
    createdAt: view.createdAt,
    vendor: view.vendor,
    payment: view.payment,
    amount: view.amount,
    shippingMethod: view.shippingMethod,
    address: view.address,
    items: view.items,
    shipment: o.courier && o.tracking_no ? { courier: o.courier, trackingNo: o.tracking_no } : null,
    cancelReason: view.cancelReason,
    history: view.history,
    payments: vendor ? [] : more.payments,
    messages: vendor ? [] : more.messages,
    audit: vendor ? [] : more.audit,
    notes: vendor ? [] : more.notes.map(toNote),
    actions: vendor ? [] : actionsFrom(o.status),
  };
}

/** What the audit log keeps of an order before and after a step. */
export const snapshot = (
  o: Pick<OrderRow, "status" | "payment_status" | "cancel_reason"> & Shipped,
) => ({
  status: o.status,
  paymentStatus: o.payment_status,
  courier: o.courier,
  trackingNo: o.tracking_no,
  cancelReason: o.cancel_reason,
});

/** The timeline's note of a step (the shopper's order page shows the shipment's). */
export function noteOf(body: TransitionBody, paid: boolean): string {
  switch (body.action) {
    case "confirm":
      return body.note ? `Confirmed by phone: ${body.note}` : "Confirmed by phone";
    case "pack":
      return "Packed";
    case "ship":
      return `Shipped with ${body.courier}, tracking number ${body.trackingNo}`;
    case "deliver":
      return paid ? "Delivered, cash collected" : "Delivered";
    case "cancel":
      return body.reason;
    case "request_return":
      return `Return requested: ${body.reason}`;
    case "receive_return":
      return "Returned parcel received, stock back";
  }
}

/** The shopper's SMS of a step, with the link to their order page. */
export function smsOf(
  publicUrl: string,
  o: Pick<OrderRow, "id" | "order_no">,
  to: OrderStatus,
  body: TransitionBody,
): OrderStatusSms {
  const base = {
    template: "order-status" as const,
    orderNo: o.order_no,
    link: `${publicUrl}/my/orders/${o.id}`,
  };
  switch (body.action) {
    case "ship":
      return { ...base, status: "shipped", courier: body.courier, trackingNo: body.trackingNo };
    case "cancel":
      return { ...base, status: "cancelled", reason: body.reason };
    case "request_return":
      return { ...base, status: "return_requested", reason: body.reason };
    case "receive_return":
      return { ...base, status: "returned" };
    default:
      return { ...base, status: to as "confirmed" | "packed" | "delivered" };
  }
}
