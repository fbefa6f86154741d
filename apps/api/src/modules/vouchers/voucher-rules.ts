/**
 * The pure rules of a voucher: what it takes off a cart and why it cannot be used. The cart
 * prices with these; the order transaction re-checks the limits in SQL. A voucher's scope has
 * the shape of a promotion's (decision 064): every line, or those of some categories (widened
 * to their subcategories when read) or products.
 */
import { rupees } from "@maidan/contracts/money";
import { inScope, type PromoLine, type Scope } from "../promotions/promotion-rules.ts";

export type VoucherTerms = Scope & {
  id: string;
  code: string;
  kind: "percent" | "fixed";
  value: number;
  max_discount: number | null;
  min_cart_value: number;
};

export type VoucherState = VoucherTerms & {
  active: boolean;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  usage_limit: number | null;
  used: number;
  per_user_limit: number;
};

/** What a line needs for the scope: its product, category and amount. */
export type ScopeLine = Pick<PromoLine, "product_id" | "category_id" | "price" | "qty">;

const amountOf = (lines: ScopeLine[]) => lines.reduce((n, l) => n + l.price * l.qty, 0);

/**
 * What the voucher's percent or amount applies to: the in-scope lines less their share of the
 * promotion's discount. The promotion's discount is spread over the lines of its own scope in
 * proportion to their amounts; the voucher's lines take the part of the lines in both scopes,
 * rounded down to the rupee. An all-lines voucher gets what the promotion leaves of the cart.
 */
export function couponBase(
  v: Scope,
  lines: ScopeLine[],
  promotion: { scope: Scope; discount: number } | null,
): number {
  const off = promotion?.discount ?? 0;
  if (v.scope === "all") return Math.max(0, amountOf(lines) - off);
  const mine = lines.filter((l) => inScope(v, l));
  if (!promotion || off <= 0) return amountOf(mine);
  const promoted = amountOf(lines.filter((l) => inScope(promotion.scope, l)));
  const both = amountOf(mine.filter((l) => inScope(promotion.scope, l)));
  const share = promoted > 0 ? Math.floor((off * both) / promoted) : 0;
  return Math.max(0, amountOf(mine) - share);
}

/**
 * Whole rupees off: nothing while `cart` (what the promotion leaves of the whole cart) is below
 * the minimum; else the percent of `base` (the in-scope part, couponBase) rounded down and
 * capped, or the fixed amount, never more than `base`.
 */
export function discountOf(v: VoucherTerms, cart: number, base = cart): number {
  if (cart <= 0 || base <= 0 || cart < v.min_cart_value) return 0;
  const raw = v.kind === "percent" ? Math.floor((base * v.value) / 100) : v.value;
  const capped = v.max_discount === null ? raw : Math.min(raw, v.max_discount);
  return Math.max(0, Math.min(capped, base));
}

export type Refusal = { status: 400 | 409; message: string };

export const NOT_IN_SCOPE = "This voucher does not apply to the items in your cart";

/**
 * Why this shopper cannot apply the voucher now, or null when they can. `subtotal` is what the
 * promotion leaves of the cart; `inScope` what the voucher's lines give it (couponBase): a scoped
 * voucher with nothing to take off is refused.
 */
export function refusalOf(
  v: VoucherState,
  c: { now: Date; subtotal: number; usedByUser: number; inScope?: number },
): Refusal | null {
  if (!v.active || (v.ends_at !== null && new Date(v.ends_at) <= c.now))
    return { status: 400, message: "This voucher has expired" };
  if (v.starts_at !== null && new Date(v.starts_at) > c.now)
    return { status: 400, message: "This voucher is not active yet" };
  if (v.usage_limit !== null && v.used >= v.usage_limit)
    return { status: 409, message: "This voucher has been used up" };
  if (c.usedByUser >= v.per_user_limit)
    return { status: 409, message: "You have already used this voucher" };
  if (c.subtotal <= 0) return { status: 400, message: "Your cart is empty" };
  if (v.scope !== "all" && (c.inScope ?? 0) <= 0) return { status: 400, message: NOT_IN_SCOPE };
  if (c.subtotal < v.min_cart_value)
    return {
      status: 400,
      message: `Add ${rupees(v.min_cart_value - c.subtotal)} more to use this voucher`,
    };
  return null;
}
