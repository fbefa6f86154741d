import { rupees } from "@maidan/contracts/money";
import {
  inScope,
  type PromoLine,
  type PromotionTerms,
  discountOf as promotionDiscountOf,
  qualifies,
} from "../promotions/promotion-rules.ts";
import { couponBase, discountOf as couponDiscountOf } from "../vouchers/voucher-rules.ts";
import { allocate } from "./checkout-money.ts";
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

/** A kept scope: the checkout's products it covered, or every line (`undefined`: older terms). */
const scopeOf = (products: string[] | undefined) =>
  products
    ? { scope: "product" as const, scope_ids: products }
    : { scope: "all" as const, scope_ids: [] };

/**
 * Prices what remains of a checkout after one of its orders was cancelled, by the terms the
 * checkout was priced with: the promotion on the remaining lines, the coupon on what the
 * promotion leaves of its in-scope lines (decision 064), the free gift only while its threshold is still met, free shipping only
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
  const couponScope = scopeOf(terms.coupon?.products);
  const coupon = Math.min(
    terms.coupon
      ? couponDiscountOf(
          { id: "", ...terms.coupon, ...couponScope },
          subtotal - promo,
          couponBase(
            couponScope,
            lines,
            terms.promotion ? { scope: scopeOf(terms.promotion.products), discount: promo } : null,
          ),
        )
      : 0,
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
  // The coupon by each order's in-scope lines; none grows beyond its part at the checkout.
  const scoped = (o: RemainingOrder) =>
    sum(
      o.lines.filter(
        (l) => !l.gift && inScope(couponScope, { product_id: l.productId ?? "", category_id: "" }),
      ),
      (l) => l.price * l.qty,
    );
  const coupons = allocate(
    openCoupon,
    open.map((o) => ({ weight: scoped(o), cap: o.discount - o.promotionDiscount })),
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
