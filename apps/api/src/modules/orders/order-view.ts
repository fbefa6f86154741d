import type {
  Amount,
  OrderDetail,
  OrderRefund,
  OrderSummary,
  PlaceOrderResult,
} from "@maidan/contracts/orders";
import { CANCELLABLE } from "@maidan/contracts/orders";
import type { ItemRow, OrderRow } from "./orders.repository.ts";

/** Every note a re-pricing writes into an order's history starts so (toDetail shows them). */
export const PRICE_NOTE = "Re-priced";
export const isPriceNote = (note: string | null) => note?.startsWith(PRICE_NOTE) === true;

const iso = (d: Date | string) => new Date(d).toISOString();

export const amountOf = (o: OrderRow): Amount => ({
  qty: o.qty,
  subtotal: o.subtotal,
  oldSubtotal: o.old_subtotal,
  discount: o.discount,
  promotionDiscount: o.promotion_discount,
  shipping: o.shipping,
  tax: o.tax,
  walletUsed: o.wallet_used,
  total: o.total,
  currency: o.currency,
});

/** Sums the amounts of a checkout's orders. */
export const sumAmounts = (list: Amount[]): Amount =>
  list.reduce(
    (a, b) => ({
      qty: a.qty + b.qty,
      subtotal: a.subtotal + b.subtotal,
      oldSubtotal: a.oldSubtotal + b.oldSubtotal,
      discount: a.discount + b.discount,
      promotionDiscount: a.promotionDiscount + b.promotionDiscount,
      shipping: a.shipping + b.shipping,
      tax: a.tax + b.tax,
      walletUsed: a.walletUsed + b.walletUsed,
      total: a.total + b.total,
      currency: b.currency,
    }),
    {
      qty: 0,
      subtotal: 0,
      oldSubtotal: 0,
      discount: 0,
      promotionDiscount: 0,
      shipping: 0,
      tax: 0,
      walletUsed: 0,
      total: 0,
      currency: "PKR",
    },
  );

export const toSummary = (o: OrderRow): OrderSummary => ({
  _id: o.id,
  orderNo: o.order_no,
  masterId: o.checkout_id,
  status: o.status,
  createdAt: iso(o.created_at),
  payment: { method: o.payment_method, status: o.payment_status },
  amount: amountOf(o),
  itemCount: o.item_count,
  firstItem: o.first_name ? { name: o.first_name, img: o.first_img } : null,
});

export const toDetail = (
  o: OrderRow,
  items: ItemRow[],
  events: { status: OrderRow["status"]; note: string | null; created_at: Date }[],
  refund: OrderRefund | null = null,
): OrderDetail => ({
  ...toSummary(o),
  vendor: { _id: o.vendor_id, name: o.vendor_name },
  shippingMethod: o.shipping_method_name,
  promotion: o.promotion,
  address: {
    fullName: o.address.fullName,
    phone: o.address.phone,
    email: o.address.email ?? null,
    province: o.address.province,
    city: o.address.city,
    address: o.address.address,
    landmark: o.address.landmark ?? null,
    zip: o.address.zip ?? null,
  },
  items: items.map((i) => ({
    _id: i.id,
    productId: i.product_id,
    variantId: i.variant_id,
    name: i.name,
    slug: i.slug,
    sku: i.sku,
    size: i.size,
    color: i.color,
    img: i.img,
    price: i.price,
    mrp: i.mrp,
    qty: i.qty,
    tax: i.tax,
    total: i.total,
    gift: i.gift,
  })),
  history: events.map((e) => ({ status: e.status, note: e.note, at: iso(e.created_at) })),
  canCancel: CANCELLABLE.includes(o.status),
  refundChoices: refundChoices(o),
  refund,
  // Until when a COD order waits for its code, or an unpaid online order's stock is held.
  confirmBy:
    (o.status === "pending_confirmation" || o.status === "awaiting_payment") && o.confirm_by
      ? iso(o.confirm_by)
      : null,
  cancelReason: o.cancel_reason,
  priceChanges: events.flatMap((e) => (e.note && isPriceNote(e.note) ? [e.note] : [])),
});

/**
 * Where a cancel may send an online payment back: the original method, and the wallet for a
 * signed-in shopper's order (a guest has none). Nothing when cancelling refunds nothing online.
 */
function refundChoices(o: OrderRow): OrderDetail["refundChoices"] {
  const paidOnline = o.payment_status === "paid" && o.payment_method !== "COD" && o.total > 0;
  if (!paidOnline || !CANCELLABLE.includes(o.status)) return [];
  return o.user_id ? ["original", "wallet"] : ["original"];
}

/** A checkout's orders in the shape of a placed order's answer (for the order messages). */
export const checkoutResult = (list: OrderRow[], masterId: string): PlaceOrderResult => ({
  orders: list.map((x) => ({
    _id: x.id,
    orderNo: x.order_no,
    status: x.status,
    vendor: { _id: x.vendor_id, name: x.vendor_name },
    amount: amountOf(x),
  })),
  amount: sumAmounts(list.map(amountOf)),
  masterId,
  paymentMethod: list[0]?.payment_method ?? "COD",
  confirmationRequired: false,
  confirmBy: null,
});
