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
export type CheckoutMoney = { discount: number; walletUsed: number };

export async function settleMoney(
  tx: DbOrTx,
  deps: { wallet: WalletServiceImpl; vouchers?: VoucherServiceImpl },
  c: {
    userId: string | null;
    priced: Cart;
    checkoutId: string;
    useWallet: boolean;
    walletId?: string | null;
  },
): Promise<CheckoutMoney> {
  const discount = c.priced.discount;
  // The coupon's use is taken here, so a used-up voucher rolls the whole checkout back.
  if (deps.vouchers) await deps.vouchers.redeem(tx, c);
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
  return { discount, walletUsed };
}

/**
 * Splits a checkout's discount and wallet spend over its orders (one per vendor): the discount
 * in proportion to each order's subtotal (remainders to the first), then the wallet order by
 * order up to what each still costs. Every part is a whole rupee and the parts add up exactly.
 */
export function splitMoney(
  parts: { subtotal: number; shipping: number }[],
  money: CheckoutMoney,
): { discount: number; walletUsed: number }[] {
  const gross = parts.reduce((n, p) => n + p.subtotal, 0);
  const discounts = parts.map((p) =>
    gross > 0 ? Math.floor((money.discount * p.subtotal) / gross) : 0,
  );
  const rest = money.discount - discounts.reduce((n, d) => n + d, 0);
  if (discounts.length > 0) discounts[0] = (discounts[0] ?? 0) + rest;
  let wallet = money.walletUsed;
  return parts.map((p, i) => {
    const discount = Math.min(discounts[i] ?? 0, p.subtotal);
    const due = p.subtotal - discount + p.shipping;
    const walletUsed = Math.min(wallet, due);
    wallet -= walletUsed;
    return { discount, walletUsed };
  });
}
