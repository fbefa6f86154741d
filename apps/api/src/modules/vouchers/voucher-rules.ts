/**
 * The pure rules of a voucher: what it takes off a subtotal and why it cannot be used.
 * The cart prices with these; the order transaction re-checks the limits in SQL.
 */
import { rupees } from "@maidan/contracts/money";

export type VoucherTerms = {
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

/** Whole rupees off `subtotal`: percent rounded down and capped, never more than the subtotal. */
export function discountOf(v: VoucherTerms, subtotal: number): number {
  if (subtotal <= 0 || subtotal < v.min_cart_value) return 0;
  const raw = v.kind === "percent" ? Math.floor((subtotal * v.value) / 100) : v.value;
  const capped = v.max_discount === null ? raw : Math.min(raw, v.max_discount);
  return Math.max(0, Math.min(capped, subtotal));
}

export type Refusal = { status: 400 | 409; message: string };

/** Why this shopper cannot apply the voucher to this subtotal now, or null when they can. */
export function refusalOf(
  v: VoucherState,
  c: { now: Date; subtotal: number; usedByUser: number },
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
  if (c.subtotal < v.min_cart_value)
    return {
      status: 400,
      message: `Add ${rupees(v.min_cart_value - c.subtotal)} more to use this voucher`,
    };
  return null;
}
