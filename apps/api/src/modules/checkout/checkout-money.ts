import type { Cart } from "@maidan/contracts/cart";
import type { DbOrTx } from "@maidan/db/database";
import { badRequest } from "../../lib/errors.ts";
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
 * Splits a checkout's discounts and wallet spend over its orders (one per vendor): the
 * promotion's and the coupon's discount each in proportion to each order's subtotal
 * (remainders to the first), then the wallet order by order up to what each still costs.
 * Every part is a whole rupee and the parts add up exactly.
 */
export function splitMoney(
  parts: { subtotal: number; shipping: number }[],
  money: CheckoutMoney,
): MoneyShare[] {
  const promos = proportional(parts, money.promotionDiscount);
  const coupons = proportional(parts, money.discount - money.promotionDiscount);
  let wallet = money.walletUsed;
  return parts.map((p, i) => {
    const promotionDiscount = Math.min(promos[i] ?? 0, p.subtotal);
    const discount = Math.min(promotionDiscount + (coupons[i] ?? 0), p.subtotal);
    const due = p.subtotal - discount + p.shipping;
    const walletUsed = Math.min(wallet, due);
    wallet -= walletUsed;
    return { discount, promotionDiscount, walletUsed };
  });
}
