import { rupees } from "@maidan/contracts/money";
import {
  type PromoLine,
  type PromotionTerms,
  discountOf as promotionDiscountOf,
  qualifies,
} from "../promotions/promotion-rules.ts";
import { discountOf as couponDiscountOf } from "../vouchers/voucher-rules.ts";
import type { CheckoutTerms } from "./checkout-terms.ts";

/** An order of the checkout that is not cancelled, as the re-pricing sees it. */
export type RemainingOrder = {
  id: string;
  orderNo: string;
  /** Unpaid and not yet dispatched: its amounts may still change. */
  open: boolean;
  subtotal: number;
  discount: number;
  promotionDiscount: number;
  shipping: number;
  walletUsed: number;
  total: number;
  lines: {
    itemId: string;
    productId: string | null;
    variantId: string | null;
    price: number;
    qty: number;
    gift: boolean;
  }[];
};

export type Repriced = {
  id: string;
  orderNo: string;
  before: number;
  total: number;
  discount: number;
  promotionDiscount: number;
  promotion: string | null;
  shipping: number;
  /** The free gift's line, taken off this order (its unit goes back to stock). */
  dropGift: RemainingOrder["lines"][number] | null;
};

export type Repricing = {
  changed: Repriced[];
  /** What was lost, in words ("free shipping no longer applies"). */
  why: string[];
  /**
   * Benefits the checkout no longer earns that stay on orders that can no longer change (paid
   * or dispatched): kept back from the cancelled order's refund.
   */
  lost: number;
  /** The coupon's part of what remains discounted (the voucher's redemption records it). */
  couponDiscount: number;
};

const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((n, x) => n + f(x), 0);

const asPromotion = (
  p: { products: string[]; min_cart_value: number } & Partial<
    NonNullable<CheckoutTerms["promotion"]>
  >,
): PromotionTerms => ({
  id: "checkout",
  name: p.name ?? "",
  kind: p.kind ?? "free_gift",
  value: p.value ?? null,
  max_discount: p.max_discount ?? null,
  min_cart_value: p.min_cart_value,
  scope: "product",
  scope_ids: p.products,
  buy_qty: p.buy_qty ?? null,
  get_qty: p.get_qty ?? null,
  starts_at: null,
  ends_at: null,
  active: true,
});

/**
 * Whole rupees of `amount` over parts in proportion to their weight, none above its cap; the
 * rounding remainder goes to the first parts with room. Exact whenever amount ≤ Σ caps.
 */
function allocate(amount: number, parts: { weight: number; cap: number }[]): number[] {
  const total = sum(parts, (p) => p.weight);
  const shares = parts.map((p) =>
    Math.min(p.cap, total > 0 ? Math.floor((amount * p.weight) / total) : 0),
  );
  let left = amount - sum(shares, (s) => s);
  for (const [i, p] of parts.entries()) {
    const more = Math.min(left, p.cap - (shares[i] ?? 0));
    shares[i] = (shares[i] ?? 0) + more;
    left -= more;
  }
  return shares;
}

/**
 * Prices what remains of a checkout after one of its orders was cancelled, by the terms the
 * checkout was priced with: the promotion on the remaining lines, the coupon on what the
 * promotion leaves, the free gift only while its threshold is still met, free shipping only
 * above its threshold. A benefit never grows: a remaining order never costs less than before.
 * Open orders (unpaid, not dispatched) take the new amounts; what orders that can no longer
 * change keep of a lost benefit is answered as `lost`.
 */
export function reprice(
  terms: CheckoutTerms,
  remaining: RemainingOrder[],
  cancelled: { shipping: number },
): Repricing {
  const paid = remaining.flatMap((o) => o.lines.filter((l) => !l.gift));
  const lines: PromoLine[] = paid.map((l) => ({
    product_id: l.productId ?? "",
    category_id: "",
    variant_id: l.variantId ?? "",
    price: l.price,
    qty: l.qty,
  }));
  const subtotal = sum(paid, (l) => l.price * l.qty);
  const old = {
    promo: sum(remaining, (o) => o.promotionDiscount),
    coupon: sum(remaining, (o) => o.discount - o.promotionDiscount),
    shipping: sum(remaining, (o) => o.shipping),
  };
  const promo = Math.min(
    terms.promotion ? promotionDiscountOf(asPromotion(terms.promotion), lines) : 0,
    old.promo,
  );
  const coupon = Math.min(
    terms.coupon ? couponDiscountOf({ id: "", ...terms.coupon }, subtotal - promo) : 0,
    old.coupon,
  );
  const freeAbove = terms.shipping?.freeAbove ?? null;
  const shipsFree = freeAbove !== null && subtotal - promo - coupon >= freeAbove;
  const shipping = Math.max(terms.shipping && !shipsFree ? terms.shipping.charge : 0, old.shipping);
  const giftKept = terms.gift ? qualifies(asPromotion(terms.gift), lines) : true;
  const giftOrder = remaining.find((o) => o.lines.some((l) => l.gift)) ?? null;

  const why: string[] = [];
  if (terms.promotion && promo < old.promo)
    why.push(
      promo === 0
        ? `the promotion ${terms.promotion.name} no longer applies`
        : `the promotion ${terms.promotion.name} now takes ${rupees(promo)}`,
    );
  if (terms.coupon && coupon < old.coupon)
    why.push(
      coupon === 0
        ? `voucher ${terms.coupon.code} no longer applies`
        : `voucher ${terms.coupon.code} now takes ${rupees(coupon)}`,
    );
  if (shipping > old.shipping)
    why.push(
      old.shipping + cancelled.shipping === 0
        ? "free shipping no longer applies"
        : `the delivery charge of ${rupees(shipping - old.shipping)} now falls on what remains`,
    );
  if (!giftKept && giftOrder && terms.gift)
    why.push(`the free gift of ${terms.gift.name} is no longer included`);

  const open = remaining.filter((o) => o.open);
  const frozen = remaining.filter((o) => !o.open);
  const kept = {
    promo: sum(frozen, (o) => o.promotionDiscount),
    coupon: sum(frozen, (o) => o.discount - o.promotionDiscount),
    shipping: sum(frozen, (o) => o.shipping),
  };
  let lost = 0;
  const share = (target: number, frozenPart: number) => {
    if (open.length > 0 && target >= frozenPart) return target - frozenPart;
    lost += Math.max(0, frozenPart - target);
    return 0;
  };
  const openPromo = share(promo, kept.promo);
  const openCoupon = share(coupon, kept.coupon);
  let openShipping = shipping - kept.shipping;
  if (open.length === 0) {
    lost += openShipping;
    openShipping = 0;
  }
  if (!giftKept && giftOrder && !giftOrder.open) lost += terms.gift?.price ?? 0;

  const promos = allocate(
    openPromo,
    open.map((o) => ({ weight: o.subtotal, cap: o.promotionDiscount })),
  );
  const coupons = allocate(
    openCoupon,
    open.map((o) => ({ weight: o.subtotal, cap: o.discount - o.promotionDiscount })),
  );
  // The delivery charge stays on the order that carried it, else goes on the first one.
  const bearer = open.reduce<RemainingOrder | null>(
    (b, o) => (b === null || o.shipping > b.shipping ? o : b),
    null,
  );
  const changed: Repriced[] = [];
  for (const [i, o] of open.entries()) {
    const promotionDiscount = promos[i] ?? 0;
    const discount = promotionDiscount + (coupons[i] ?? 0);
    const ship = o === bearer ? openShipping : 0;
    const dropGift = !giftKept && o === giftOrder ? (o.lines.find((l) => l.gift) ?? null) : null;
    const total = o.subtotal - discount + ship - o.walletUsed;
    if (
      discount === o.discount &&
      promotionDiscount === o.promotionDiscount &&
      ship === o.shipping &&
      !dropGift
    )
      continue;
    const hasGift = o.lines.some((l) => l.gift) && !dropGift;
    const names = [
      promotionDiscount > 0 ? terms.promotion?.name : null,
      hasGift ? terms.gift?.name : null,
    ].filter(Boolean);
    changed.push({
      id: o.id,
      orderNo: o.orderNo,
      before: o.total,
      total,
      discount,
      promotionDiscount,
      promotion: names.length > 0 ? names.join(" + ") : null,
      shipping: ship,
      dropGift,
    });
  }
  return { changed, why, lost, couponDiscount: coupon };
}
