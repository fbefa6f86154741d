/** The cart (spec §3 Cart, §7 `GET cart`, `POST cart/v2/add`). Every amount is whole rupees. */
import { z } from "zod";

const uuid = z.uuid({ message: "Invalid id" });
/** Largest quantity step one request may carry; -100000 is the original client's "remove". */
export const MAX_QTY_STEP = 100_000;
/** Cash on delivery is offered up to this order total. */
export const COD_LIMIT = 100_000;

export const cartItem = z.object({
  /** The variant's id: one line per variant. */
  _id: z.string(),
  product: z.object({
    _id: z.string(),
    name: z.string(),
    slug: z.string(),
    img: z.string().nullable(),
    vendor: z.object({ _id: z.string(), name: z.string() }),
  }),
  variant: z.object({
    _id: z.string(),
    sku: z.string(),
    size: z.string().nullable(),
    color: z.string().nullable(),
    price: z.number().int(),
    mrp: z.number().int(),
    stock: z.number().int(),
  }),
  qty: z.number().int(),
  price: z.number().int(),
  mrp: z.number().int(),
  /** price × qty. */
  subtotal: z.number().int(),
  /** Sales tax included in this line (category rate), for qty units. */
  tax: z.number().int(),
  /** False when stock fell below qty after it was added (checkout would answer 409). */
  available: z.boolean(),
});
export type CartItem = z.infer<typeof cartItem>;

export const shippingChoice = z.object({
  _id: z.string(),
  name: z.string(),
  carrier: z.string(),
  /** The method's list charge. */
  charge: z.number().int(),
  freeAbove: z.number().int().nullable(),
  etaDays: z.string(),
  /** What this cart pays with it: 0 at or above freeAbove. */
  amount: z.number().int(),
});
export type ShippingChoice = z.infer<typeof shippingChoice>;

export const cartPromotion = z.object({
  _id: z.string(),
  name: z.string(),
  /** The discount kinds; a free gift comes as `promo` instead (decision 014). */
  kind: z.enum(["percentage", "fixed", "buy_x_get_y"]),
  /** Whole rupees off the subtotal (= promotionDiscount). */
  discount: z.number().int(),
});

export const cartGift = z.object({
  /** The promotion's id and name. */
  _id: z.string(),
  name: z.string(),
  /** The gift as a cart line: qty 1, price and subtotal 0. */
  item: cartItem,
});

export const cart = z.object({
  cart_id: z.string().nullable(),
  items: z.array(cartItem),
  /** Units in the cart. */
  qty: z.number().int(),
  /** Σ price × qty. */
  subtotal: z.number().int(),
  /** subtotal − discount. */
  discountedSubtotal: z.number().int(),
  /** Σ mrp × qty: what the items cost before the sale prices. */
  oldSubtotal: z.number().int(),
  /** couponDiscount + promotionDiscount (0 by default). The coupon applies after the promotion. */
  discount: z.number().int(),
  couponDiscount: z.number().int(),
  promotionDiscount: z.number().int(),
  coupon: z.object({ code: z.string(), discount: z.number().int() }).nullable(),
  /** The automatic discount promotion applied (the one that takes the most), or null. */
  promotion: cartPromotion.nullable(),
  /** The free gift this cart gets (a line at price 0, not counted in qty or subtotal), or null. */
  promo: cartGift.nullable(),
  /** oldSubtotal − subtotal: what the sale prices save. */
  offer_total: z.number().int(),
  /** A line about that saving, or null. */
  offer: z.string().nullable(),
  totalTaxByQty: z.number().int(),
  shippingMethod: shippingChoice.nullable(),
  /** Text copy of shippingMethod. */
  shippingMethodText: z.string(),
  shipping: z.number().int(),
  /** "Free" or "Rs. 200". */
  shippingString: z.string(),
  /** discountedSubtotal + shipping. */
  total: z.number().int(),
  /** Whether cash on delivery is offered for this cart. */
  cod: z.boolean(),
  /** Whether wallet balance is applied ("use wallet balance", signed-in shoppers only). */
  checkoutWallet: z.boolean(),
  /** The shopper's wallet balance (0 for guests). */
  walletBalance: z.number().int(),
  /** What the wallet would pay now: min(walletBalance, total) when checkoutWallet, else 0. */
  walletUsed: z.number().int(),
  /** total − walletUsed: what is left to pay (cash on delivery or online). */
  payable: z.number().int(),
  city: z.string().nullable(),
});
export type Cart = z.infer<typeof cart>;

export const qtyStep = z
  .number({ message: "qty must be a whole number" })
  .int("qty must be a whole number")
  .min(-MAX_QTY_STEP, "qty is out of range")
  .max(MAX_QTY_STEP, "qty is out of range")
  .refine((n) => n !== 0, "qty must not be 0");

/** POST /api/cart/v2/add. `qty` is a DELTA (see the route description). */
export const addBody = z.object({
  pid: uuid,
  vid: uuid,
  qty: qtyStep,
  options: z.unknown().optional(),
});
export type AddBody = z.input<typeof addBody>;

export const setQtyBody = z.object({
  qty: z
    .number({ message: "qty must be a whole number" })
    .int("qty must be a whole number")
    .min(1, "qty must be at least 1")
    .max(MAX_QTY_STEP, "qty is out of range"),
});

export const containsQuery = z.object({ pid: uuid, vid: uuid.optional() });
export const containsResult = z.object({ inCart: z.boolean(), qty: z.number().int() });

export const shippingBody = z.object({
  methodId: uuid.nullable().optional(),
  city: z.string().trim().min(1).max(60).nullable().optional(),
});

/** PUT /api/cart/wallet: turn "use wallet balance" on or off. */
export const walletToggleBody = z.object({ useWallet: z.boolean() });

export const addResult = z.object({ items: z.array(cartItem), cart });

/** Who the cart belongs to. */
export type CartOwner = { userId: string | null; guestId: string | null };

export type CartService = {
  get(owner: CartOwner): Promise<Cart>;
  add(owner: CartOwner, input: unknown): Promise<Cart>;
  setQty(owner: CartOwner, variantId: string, input: unknown): Promise<Cart>;
  remove(owner: CartOwner, variantId: string): Promise<Cart>;
  contains(owner: CartOwner, input: unknown): Promise<{ inCart: boolean; qty: number }>;
  shippingOptions(owner: CartOwner, city?: string | null): Promise<ShippingChoice[]>;
  setShipping(owner: CartOwner, input: unknown): Promise<Cart>;
  /** "Use wallet balance" on the signed-in shopper's cart. */
  setUseWallet(owner: CartOwner, input: unknown): Promise<Cart>;
  /** Applies a voucher code (POST /api/cart/coupon `{code}`): signed-in shoppers; 4xx says why not. */
  applyCoupon(owner: CartOwner, input: unknown): Promise<Cart>;
  /** Takes the voucher off the cart (DELETE /api/cart/coupon). */
  removeCoupon(owner: CartOwner): Promise<Cart>;
  /** Moves the guest cart into the user's cart (at sign-in) and returns the user's cart. */
  mergeGuest(userId: string, guestId: string | null): Promise<Cart>;
};
