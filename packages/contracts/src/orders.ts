/** Orders (spec §7 `POST orders`, `pay/change-payment-method`; /my/orders). Whole rupees. */
import { z } from "zod";
import { addressBody } from "./addresses.ts";
import type { CartOwner } from "./cart.ts";
import { DEFAULT_PAYMENT_METHOD } from "./payment-methods.ts";

export const ORDER_STATUSES = [
  "placed",
  "pending_confirmation",
  "awaiting_payment",
  "confirmed",
  "packed",
  "shipped",
  "delivered",
  "cancelled",
  // Returns (decision 048): staff record the shopper's request, then the parcel coming back.
  "return_requested",
  "returned",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Statuses a shopper may still cancel from (nothing has left the warehouse). */
export const CANCELLABLE: readonly OrderStatus[] = [
  "placed",
  "pending_confirmation",
  "awaiting_payment",
  "confirmed",
  "packed",
];

/** A delivery address typed at checkout (guests; or users adding one). E-mail is optional. */
export const orderAddressInput = addressBody.and(
  z.object({ email: z.email("Invalid email address").max(254).optional().nullable() }),
);

/**
 * POST /api/orders. Only these fields count: any price, total, discount, shipping charge or
 * currency in the body is dropped unread. `address` is a saved address id or a typed address.
 */
export const placeOrderBody = z.object({
  address: z.union([z.uuid({ message: "Choose a delivery address" }), orderAddressInput]),
  paymentMethod: z.string().max(40).optional().default(DEFAULT_PAYMENT_METHOD),
  walletId: z.string().max(100).nullable().optional(),
  useWallet: z.boolean().optional().default(false),
});
export type PlaceOrderBody = z.input<typeof placeOrderBody>;

export const amount = z.object({
  qty: z.number().int(),
  subtotal: z.number().int(),
  oldSubtotal: z.number().int(),
  /** Every discount: the automatic promotion's and the coupon's. */
  discount: z.number().int(),
  /** The automatic promotion's part of discount (the rest is the coupon's). */
  promotionDiscount: z.number().int(),
  shipping: z.number().int(),
  tax: z.number().int(),
  walletUsed: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
});
export type Amount = z.infer<typeof amount>;

export const placedOrder = z.object({
  _id: z.string(),
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  vendor: z.object({ _id: z.string(), name: z.string() }),
  amount,
});

export const placeOrderResult = z.object({
  orders: z.array(placedOrder),
  amount,
  /** The checkout's id, shared by its orders (one per vendor). */
  masterId: z.string(),
  paymentMethod: z.string(),
  /** True when the shopper must confirm the COD order by SMS code or link. */
  confirmationRequired: z.boolean(),
  confirmBy: z.string().nullable(),
});
export type PlaceOrderResult = z.infer<typeof placeOrderResult>;

export const orderItem = z.object({
  _id: z.string(),
  productId: z.string().nullable(),
  variantId: z.string().nullable(),
  name: z.string(),
  slug: z.string(),
  sku: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  img: z.string().nullable(),
  price: z.number().int(),
  mrp: z.number().int(),
  qty: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  /** A promotion's free gift (price 0). */
  gift: z.boolean(),
});

export const orderAddress = z.object({
  fullName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  province: z.string(),
  city: z.string(),
  address: z.string(),
  landmark: z.string().nullable(),
  zip: z.string().nullable(),
});

export const orderSummary = z.object({
  _id: z.string(),
  orderNo: z.string(),
  masterId: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  payment: z.object({ method: z.string(), status: z.string() }),
  amount,
  itemCount: z.number().int(),
  firstItem: z.object({ name: z.string(), img: z.string().nullable() }).nullable(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

/** An order of the same checkout whose total changed when another one was cancelled. */
export const repricedOrder = z.object({
  _id: z.string(),
  orderNo: z.string(),
  previousTotal: z.number().int(),
  total: z.number().int(),
});
export type RepricedOrder = z.infer<typeof repricedOrder>;

export const REFUND_TO = ["original", "wallet"] as const;
export type RefundTo = (typeof REFUND_TO)[number];

/**
 * POST /api/orders/my/{id}/cancel. For an order already paid online: where its money goes back,
 * to the original payment method (the default) or, for a signed-in shopper, to the wallet.
 */
export const cancelBody = z.object({
  refundTo: z.enum(REFUND_TO, "Choose where your refund goes: original or wallet").optional(),
});

/** The money of a cancelled paid order going back (decision 023). */
export const orderRefund = z.object({
  amount: z.number().int(),
  to: z.enum(REFUND_TO),
  /** Refunded (the wallet at once; the original method once staff have refunded it) or due. */
  status: z.enum(["due", "refunded"]),
  /** The gateway that took the money, as the shopper knows it. */
  method: z.string(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof orderRefund>;

/** An order's status timeline, oldest first, with each step's note (a shipment's courier). */
export const orderHistory = z.array(
  z.object({ status: z.enum(ORDER_STATUSES), note: z.string().nullable(), at: z.string() }),
);

export const orderDetail = orderSummary.extend({
  vendor: z.object({ _id: z.string(), name: z.string() }),
  shippingMethod: z.string(),
  address: orderAddress,
  /** The name of the automatic promotion this order got, or null. */
  promotion: z.string().nullable(),
  items: z.array(orderItem),
  history: orderHistory,
  canCancel: z.boolean(),
  /** Where a cancel's refund may go (empty when cancelling refunds nothing online). */
  refundChoices: z.array(z.enum(REFUND_TO)),
  /** The refund of this order's online payment, once it was cancelled. */
  refund: orderRefund.nullable(),
  /**
   * Until when the order waits: for its COD confirmation code, or (awaiting an online payment)
   * with its stock held for it (ISO time). Null otherwise.
   */
  confirmBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /**
   * Why this order's amounts changed after it was placed (another order of its checkout was
   * cancelled and took a free gift, discount or free shipping with it), oldest first.
   */
  priceChanges: z.array(z.string()),
  /** In the answer to a cancellation: the checkout's other orders it re-priced. */
  repriced: z.array(repricedOrder).optional(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const confirmBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from the SMS"),
});
export const linkConfirmBody = z.object({
  c: z.uuid({ message: "Invalid link" }),
  // An HMAC in base64url, as the SMS carries it: nothing to decode.
  sig: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, "Invalid link"),
});

export const changePaymentQuery = z.object({
  paymentMethod: z.string().max(40),
  rePayId: z.string().max(100),
});
/** Spec §7: `masterIds` (several orders) or `response {_id, amount.total}` (one order). */
export const changePaymentResult = z.object({
  status: z.boolean(),
  masterIds: z.string().optional(),
  response: z.object({ _id: z.string(), amount: z.object({ total: z.number().int() }) }).optional(),
  amount: z.object({ total: z.number().int() }),
});
export type ChangePaymentResult = z.infer<typeof changePaymentResult>;

/** POST /api/orders/my/{id}/resend-code: a fresh COD confirmation code went out by SMS. */
export const resendCodeResult = z.object({
  status: z.literal(true),
  message: z.string(),
  /** The order now waits for confirmation until then (ISO time). */
  confirmBy: z.string().nullable(),
});
export type ResendCodeResult = z.infer<typeof resendCodeResult>;

export type OrdersService = {
  /** `ip`: the caller's address, for the limits on unconfirmed COD orders and their SMS. */
  place(
    owner: CartOwner,
    input: unknown,
    opts?: { idempotencyKey?: string | null; ip?: string | null },
  ): Promise<PlaceOrderResult>;
  listMine(userId: string, limit?: number): Promise<OrderSummary[]>;
  getMine(owner: CartOwner, id: string): Promise<OrderDetail>;
  /** `input` is the cancel body ({refundTo}); an order paid online is refunded (decision 023). */
  cancelMine(owner: CartOwner, id: string, input?: unknown): Promise<OrderDetail>;
  confirmWithCode(owner: CartOwner, id: string, input: unknown): Promise<OrderDetail>;
  confirmWithLink(input: unknown): Promise<{ ids: string[]; total: number }>;
  /** A new confirmation code by SMS (the old one stops working); throttled. */
  resendCode(
    owner: CartOwner,
    id: string,
    opts?: { ip?: string | null },
  ): Promise<ResendCodeResult>;
  /** Orders of a checkout awaiting a failed online payment (the /checkout/repayment list). */
  awaitingPayment(owner: CartOwner): Promise<OrderSummary[]>;
  changePaymentMethod(
    owner: CartOwner,
    input: unknown,
    opts?: { ip?: string | null },
  ): Promise<ChangePaymentResult>;
};
