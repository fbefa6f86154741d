import type { Cart } from "@maidan/contracts/cart";
import type { PricingInputs } from "../cart/cart.service.ts";
import { inScope, type PromotionTerms, type Scope } from "../promotions/promotion-rules.ts";

/**
 * The terms a checkout of several orders was priced with, kept on its orders (`orders.pricing`)
 * so that cancelling one of them re-prices the rest by the rules the shopper was sold under, not
 * by whatever promotions, vouchers or shipping charges are live on the day of the cancellation.
 * A promotion's or a voucher's scope is kept as the checkout's products it covered.
 */
export type CheckoutTerms = {
  promotion: {
    name: string;
    kind: PromotionTerms["kind"];
    value: number | null;
    max_discount: number | null;
    min_cart_value: number;
    buy_qty: number | null;
    get_qty: number | null;
    products: string[];
  } | null;
  gift: { name: string; min_cart_value: number; products: string[]; price: number } | null;
  coupon: {
    code: string;
    kind: "percent" | "fixed";
    value: number;
    max_discount: number | null;
    min_cart_value: number;
    /** A scoped voucher's: the checkout's products it covered (decision 064); absent: all. */
    products?: string[];
  } | null;
  shipping: { charge: number; freeAbove: number | null } | null;
};

export function checkoutTerms(used: PricingInputs, cart: Cart): CheckoutTerms {
  const scoped = (p: Scope) => [
    ...new Set(used.lines.filter((l) => inScope(p, l)).map((l) => l.product_id)),
  ];
  const promotion = used.promotions.find((p) => p.id === cart.promotion?._id) ?? null;
  const gift = cart.promo ? used.promotions.find((p) => p.id === cart.promo?._id) : null;
  const coupon = cart.coupon ? used.coupon : null;
  const method = cart.shippingMethod;
  return {
    promotion: promotion && {
      name: promotion.name,
      kind: promotion.kind,
      value: promotion.value,
      max_discount: promotion.max_discount,
      min_cart_value: promotion.min_cart_value,
      buy_qty: promotion.buy_qty,
      get_qty: promotion.get_qty,
      products: scoped(promotion),
    },
    gift: gift
      ? {
          name: gift.name,
          min_cart_value: gift.min_cart_value,
          products: scoped(gift),
          price: gift.gift?.price ?? 0,
        }
      : null,
    coupon: coupon && {
      code: coupon.code,
      kind: coupon.kind,
      value: coupon.value,
      max_discount: coupon.max_discount,
      min_cart_value: coupon.min_cart_value,
      ...(coupon.scope === "all" ? {} : { products: scoped(coupon) }),
    },
    shipping: method ? { charge: method.charge, freeAbove: method.freeAbove } : null,
  };
}
