import { type Cart, type CartItem, COD_LIMIT, type ShippingChoice } from "@maidan/contracts/cart";
import { rupees } from "@maidan/contracts/money";
import type { LineRow } from "../../lib/sellable-line.ts";
import { choosePromotions, type Promotion, type Scope } from "../promotions/promotion-rules.ts";
import { couponBase, discountOf, type VoucherTerms } from "../vouchers/voucher-rules.ts";

/** Tax included in a tax-inclusive amount at `bp` basis points, rounded to the rupee. */
export const includedTax = (amount: number, bp: number) =>
  bp > 0 ? Math.round((amount * bp) / (10_000 + bp)) : 0;

/** A shipping method as pricing reads it. */
export type ShippingRow = {
  id: string;
  name: string;
  carrier: string;
  charge: number;
  free_above: number | null;
  min_order_value: number;
  cities: string[] | null;
  eta_days: string;
  is_default: boolean;
};

export const toItem = (l: LineRow): CartItem => ({
  _id: l.variant_id,
  product: {
    _id: l.product_id,
    name: l.name,
    slug: l.slug,
    img: l.img,
    vendor: { _id: l.vendor_id, name: l.vendor_name },
  },
  variant: {
    _id: l.variant_id,
    sku: l.sku,
    size: l.size,
    color: l.color,
    price: l.price,
    mrp: l.mrp,
    stock: l.stock,
  },
  qty: l.qty,
  price: l.price,
  mrp: l.mrp,
  subtotal: l.price * l.qty,
  tax: includedTax(l.price * l.qty, l.tax_bp),
  available: l.sellable && l.stock >= l.qty,
});

const sameCity = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The methods that can deliver this cart: active, serving the city (a method without cities
 * serves everywhere; before a city is known only those), and whose minimum order value is met.
 * The shop's default comes first.
 */
export function shippingChoices(
  methods: ShippingRow[],
  city: string | null,
  value: number,
): ShippingChoice[] {
  return methods
    .filter((m) => (m.cities ? city !== null && m.cities.some((c) => sameCity(c, city)) : true))
    .filter((m) => value >= m.min_order_value)
    .map((m) => ({
      _id: m.id,
      name: m.name,
      carrier: m.carrier,
      charge: m.charge,
      freeAbove: m.free_above,
      etaDays: m.eta_days,
      amount: m.free_above !== null && value >= m.free_above ? 0 : m.charge,
    }));
}

/** The chosen method if it can still deliver, else the first that can. */
export const pickShipping = (choices: ShippingChoice[], chosenId: string | null) =>
  choices.find((c) => c._id === chosenId) ?? choices[0] ?? null;

/**
 * What a voucher of scope `v` would discount in this priced cart (couponBase, decision 064): its
 * lines less their share of the cart's promotion. For saying why a voucher gives nothing.
 */
export function couponBaseIn(used: { lines: LineRow[]; promotions: Promotion[] }, cart: Cart) {
  const p = used.promotions.find((x) => x.id === cart.promotion?._id);
  const promotion = p ? { scope: p, discount: cart.promotionDiscount } : null;
  return (v: Scope) => couponBase(v, used.lines, promotion);
}

/** Every §3 Cart field, from catalogue prices and the shop's shipping table. */
export function priceCart(input: {
  cartId: string | null;
  lines: LineRow[];
  methods: ShippingRow[];
  chosenMethodId: string | null;
  city: string | null;
  /** The shopper's wallet balance and whether to use it (0/false for guests). */
  wallet?: { balance: number; use: boolean };
  /**
   * The cart's live coupon (vouchers); it takes nothing below its minimum cart value, and a
   * scoped one only off its lines (decision 064).
   */
  coupon?: VoucherTerms | null;
  /** Active automatic promotions (decision 014), judged at `now`. */
  promotions?: Promotion[];
  now?: Date;
}): Cart {
  const items = input.lines.map(toItem);
  const sum = (f: (i: CartItem) => number) => items.reduce((n, i) => n + f(i), 0);
  const qty = sum((i) => i.qty);
  const subtotal = sum((i) => i.subtotal);
  const oldSubtotal = sum((i) => i.mrp * i.qty);
  // One discount promotion (the largest) and one free gift; the coupon then applies to what
  // the promotion leaves (decision 014) of its in-scope lines (decision 064).
  const best = choosePromotions(input.promotions ?? [], input.lines, input.now ?? new Date());
  const promotionDiscount = best.discount?.value ?? 0;
  const promoted = subtotal - promotionDiscount;
  const couponDiscount = input.coupon
    ? discountOf(
        input.coupon,
        promoted,
        couponBase(
          input.coupon,
          input.lines,
          best.discount ? { scope: best.discount.promotion, discount: promotionDiscount } : null,
        ),
      )
    : 0;
  const coupon = input.coupon && couponDiscount > 0 ? input.coupon.code : null;
  const discount = couponDiscount + promotionDiscount;
  const gift = best.gift?.gift ?? null;
  const discountedSubtotal = subtotal - discount;
  const method =
    items.length > 0
      ? pickShipping(
          shippingChoices(input.methods, input.city, discountedSubtotal),
          input.chosenMethodId,
        )
      : null;
  const shipping = method?.amount ?? 0;
  const total = discountedSubtotal + shipping;
  const offerTotal = oldSubtotal - subtotal;
  const walletBalance = input.wallet?.balance ?? 0;
  const checkoutWallet = Boolean(input.wallet?.use) && items.length > 0;
  const walletUsed = checkoutWallet ? Math.min(walletBalance, total) : 0;
  return {
    cart_id: input.cartId,
    items,
    qty,
    subtotal,
    discountedSubtotal,
    oldSubtotal,
    discount,
    couponDiscount,
    promotionDiscount,
    coupon: coupon ? { code: coupon, discount: couponDiscount } : null,
    promotion: best.discount
      ? {
          _id: best.discount.promotion.id,
          name: best.discount.promotion.name,
          kind: best.discount.promotion.kind as "percentage" | "fixed" | "buy_x_get_y",
          discount: promotionDiscount,
        }
      : null,
    promo:
      best.gift && gift
        ? {
            _id: best.gift.promotion.id,
            name: best.gift.promotion.name,
            item: { ...toItem(gift), qty: 1, price: 0, subtotal: 0, tax: 0 },
          }
        : null,
    offer_total: offerTotal,
    offer: offerTotal > 0 ? `You save ${rupees(offerTotal)}` : null,
    totalTaxByQty: sum((i) => i.tax),
    shippingMethod: method,
    shippingMethodText: method ? `${method.name} (${method.carrier}, ${method.etaDays} days)` : "",
    shipping,
    shippingString: method ? (shipping === 0 ? "Free" : rupees(shipping)) : "",
    total,
    cod: items.length > 0 && total - walletUsed <= COD_LIMIT,
    checkoutWallet,
    walletBalance,
    walletUsed,
    payable: total - walletUsed,
    city: input.city,
  };
}
