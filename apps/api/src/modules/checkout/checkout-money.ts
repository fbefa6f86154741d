import type { Cart } from "@maidan/contracts/cart";
import type { DbOrTx } from "@maidan/db/database";
import { badRequest } from "../../lib/errors.ts";
import type { Scope } from "../promotions/promotion-rules.ts";
import type { VoucherServiceImpl } from "../vouchers/vouchers.service.ts";
import type { WalletServiceImpl } from "../wallet/wallet.service.ts";

/**
 * The money side of one checkout, beyond the catalogue prices: the cart's discounts (coupon and
 * promotions, already priced by the cart) and the wallet spend. Runs inside the order's
 * transaction, after the stock is taken, so a failure rolls back the spend with everything else.
 */
export type CheckoutMoney = {
  discount: number;
  /** The automatic promotion's part of discount. */
  promotionDiscount: number;
  walletUsed: number;
};
export type MoneyShare = CheckoutMoney;

export async function settleMoney(
  tx: DbOrTx,
  deps: { wallet: WalletServiceImpl; vouchers?: VoucherServiceImpl },
  c: {
    userId: string | null;
    priced: Cart;
    checkoutId: string;
    useWallet: boolean;
    walletId?: string | null;
    /** False when the cart has no coupon attached (nothing to redeem or to refuse). */
    hasCoupon?: boolean;
    /** What a scope's lines give a voucher in the priced cart, for a scoped coupon's refusal. */
    base?: (scope: Scope) => number;
  },
): Promise<CheckoutMoney> {
  const discount = c.priced.discount;
  // The coupon's use is taken here, so a used-up voucher rolls the whole checkout back.
  if (deps.vouchers && c.hasCoupon !== false) await deps.vouchers.redeem(tx, c);
  let walletUsed = 0;
  if (c.useWallet) {
    if (!c.userId) throw badRequest("Sign in to use your wallet balance");
    walletUsed = await deps.wallet.spend(tx, c.userId, {
      max: c.priced.total,
      reference: c.checkoutId,
      remark: "Spent on an order",
      walletId: c.walletId,
    });
  }
  return { discount, promotionDiscount: c.priced.promotionDiscount, walletUsed };
}

/** Whole rupees of `amount` in proportion to each part's subtotal; the remainder to the first. */
function proportional(parts: { subtotal: number }[], amount: number): number[] {
  const gross = parts.reduce((n, p) => n + p.subtotal, 0);
  const shares = parts.map((p) => (gross > 0 ? Math.floor((amount * p.subtotal) / gross) : 0));
  if (shares.length > 0) shares[0] = (shares[0] ?? 0) + amount - shares.reduce((n, d) => n + d, 0);
  return shares;
}

/**
 * Whole rupees of `amount` over parts in proportion to their weight, none above its cap; the
 * rounding remainder goes to the first parts with room. Exact whenever amount ≤ Σ caps.
 */
export function allocate(amount: number, parts: { weight: number; cap: number }[]): number[] {
  const total = parts.reduce((n, p) => n + p.weight, 0);
  const shares = parts.map((p) =>
    Math.min(p.cap, total > 0 ? Math.floor((amount * p.weight) / total) : 0),
  );
  let left = amount - shares.reduce((n, x) => n + x, 0);
  for (const [i, p] of parts.entries()) {
    const more = Math.min(left, p.cap - (shares[i] ?? 0));
    shares[i] = (shares[i] ?? 0) + more;
    left -= more;
  }
  return shares;
}

/**
 * The coupon's part of each order: in proportion to the order's in-scope subtotal (`scoped`),
 * none above what the promotion leaves of the order; an order with no in-scope line gets none.
 * Only if those orders have no room left (the promotion, split by whole subtotals, can load them
 * with a part earned by other orders' lines) does the rest go to the others with room.
 */
function couponParts(
  parts: { subtotal: number; scoped: number }[],
  promos: number[],
  amount: number,
): number[] {
  const room = parts.map((p, i) => Math.max(0, p.subtotal - (promos[i] ?? 0)));
  const first = allocate(
    amount,
    parts.map((p, i) => ({ weight: p.scoped, cap: p.scoped > 0 ? (room[i] ?? 0) : 0 })),
  );
  const left = amount - first.reduce((n, x) => n + x, 0);
  if (left <= 0) return first;
  const rest = allocate(
    left,
    parts.map((p, i) => ({ weight: p.subtotal, cap: (room[i] ?? 0) - (first[i] ?? 0) })),
  );
  return first.map((x, i) => x + (rest[i] ?? 0));
}

/**
 * Splits a checkout's discounts and wallet spend over its orders (one per vendor): the
 * promotion's discount in proportion to each order's subtotal (remainders to the first), the
 * coupon's in proportion to each order's subtotal in the coupon's scope (`scoped`, the whole
 * subtotal for an all-lines coupon, decision 064), then the wallet order by order up to what
 * each still costs. Every part is a whole rupee and the parts add up exactly.
 */
export function splitMoney(
  parts: { subtotal: number; shipping: number; scoped?: number }[],
  money: CheckoutMoney,
): MoneyShare[] {
  const promos = proportional(parts, money.promotionDiscount).map((x, i) =>
    Math.min(x, parts[i]?.subtotal ?? 0),
  );
  const coupons = couponParts(
    parts.map((p) => ({ subtotal: p.subtotal, scoped: p.scoped ?? p.subtotal })),
    promos,
    money.discount - money.promotionDiscount,
  );
  let wallet = money.walletUsed;
  return parts.map((p, i) => {
    const promotionDiscount = promos[i] ?? 0;
    const discount = promotionDiscount + (coupons[i] ?? 0);
    const due = p.subtotal - discount + p.shipping;
    const walletUsed = Math.min(wallet, due);
    wallet -= walletUsed;
    return { discount, promotionDiscount, walletUsed };
  });
}
