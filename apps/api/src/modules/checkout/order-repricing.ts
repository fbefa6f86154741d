import { rupees } from "@maidan/contracts/money";
import { CANCELLABLE, type RepricedOrder } from "@maidan/contracts/orders";
import type { DbOrTx } from "@maidan/db/database";
import * as stock from "../inventory/inventory.service.ts";
import type { OrderRow } from "../orders/order-records.service.ts";
import * as orderService from "../orders/order-records.service.ts";
import { PRICE_NOTE } from "../orders/order-view.ts";
import type { VoucherServiceImpl } from "../vouchers/vouchers.service.ts";
import type { WalletServiceImpl } from "../wallet/wallet.service.ts";
import type { CheckoutTerms } from "./checkout-terms.ts";
import { reprice } from "./reprice.ts";

/** Every note a re-pricing writes starts so (orders' order-view.ts shows them apart). */
const NOTE = PRICE_NOTE;

type Deps = { wallet: WalletServiceImpl; vouchers?: VoucherServiceImpl };
export type Outcome = { repriced: RepricedOrder[]; lost: number; because: string };
const NOTHING: Outcome = { repriced: [], lost: 0, because: "" };

/**
 * Re-prices what remains of a checkout when `cancelled` is cancelled (reprice.ts), inside the
 * cancellation's transaction and before it: the remaining open orders get their new amounts and
 * a history note, a free gift no longer earned comes off (its unit back to stock), and the
 * voucher's redemption follows its new discount. The caller holds the checkout's orders and
 * their products (decision 029); voucher writes come before the cancellation's wallet refund.
 */
export async function repriceRemaining(
  tx: DbOrTx,
  deps: Deps,
  cancelled: OrderRow,
  list: OrderRow[],
  touched: Set<string>,
): Promise<Outcome> {
  const terms = (list.find((o) => o.pricing)?.pricing ?? null) as CheckoutTerms | null;
  const remaining = list.filter((o) => o.id !== cancelled.id && o.status !== "cancelled");
  if (!terms || remaining.length === 0) return NOTHING;
  const items = await orderService.itemsOfOrders(
    tx,
    remaining.map((o) => o.id),
  );
  const r = reprice(
    terms,
    remaining.map((o) => ({
      id: o.id,
      orderNo: o.order_no,
      open: CANCELLABLE.includes(o.status) && o.payment_status !== "paid",
      subtotal: o.subtotal,
      discount: o.discount,
      promotionDiscount: o.promotion_discount,
      shipping: o.shipping,
      walletUsed: o.wallet_used,
      total: o.total,
      lines: items
        .filter((i) => i.order_id === o.id)
        .map((i) => ({
          itemId: i.id,
          productId: i.product_id,
          variantId: i.variant_id,
          price: i.price,
          qty: i.qty,
          gift: i.gift,
        })),
    })),
    { shipping: cancelled.shipping },
  );
  if (r.why.length === 0) return NOTHING;
  const because = r.why.join("; ");
  const repriced: RepricedOrder[] = [];
  for (const c of r.changed) {
    const gift = c.dropGift;
    if (gift?.variantId) {
      await stock.returnStock(tx, [
        { variantId: gift.variantId, productId: gift.productId, qty: gift.qty },
      ]);
      if (gift.productId) touched.add(gift.productId);
    }
    if (gift) await orderService.deleteItem(tx, gift.itemId);
    await orderService.setAmounts(tx, c.id, { ...c, qtyLess: gift?.qty ?? 0 });
    const status = remaining.find((o) => o.id === c.id)?.status ?? "placed";
    await orderService.insertEvent(
      tx,
      c.id,
      status,
      `${NOTE} after order ${cancelled.order_no} was cancelled: ${because}. Total ${rupees(c.before)} → ${rupees(c.total)}.`,
    );
    await orderService.insertEvent(
      tx,
      cancelled.id,
      "cancelled",
      `${NOTE} order ${c.orderNo}: ${because}. Total ${rupees(c.before)} → ${rupees(c.total)}.`,
    );
    repriced.push({ _id: c.id, orderNo: c.orderNo, previousTotal: c.before, total: c.total });
  }
  if (terms.coupon && deps.vouchers)
    await deps.vouchers.reprice(tx, cancelled.checkout_id, r.couponDiscount);
  return { repriced, lost: r.lost, because };
}

/**
 * After the cancellation's own refunds: what orders that could no longer change (paid or
 * dispatched) keep of a benefit this order earned them is kept back from its refund, from the
 * wallet part first (a ledger entry), the rest from an online payment (`orders.kept_back`, for
 * the refund of the payment).
 */
export async function keepBack(tx: DbOrTx, deps: Deps, cancelled: OrderRow, o: Outcome) {
  if (o.lost <= 0) return;
  const fromWallet = cancelled.user_id ? Math.min(o.lost, cancelled.wallet_used) : 0;
  if (cancelled.user_id && fromWallet > 0)
    await deps.wallet.spend(tx, cancelled.user_id, {
      max: fromWallet,
      reference: cancelled.id,
      remark: `Kept from the refund of cancelled order ${cancelled.order_no}: ${o.because}`,
    });
  const online =
    cancelled.payment_status === "paid" ? Math.min(o.lost - fromWallet, cancelled.total) : 0;
  if (online > 0) await orderService.setKeptBack(tx, cancelled.id, online);
  if (fromWallet + online > 0)
    await orderService.insertEvent(
      tx,
      cancelled.id,
      "cancelled",
      `${NOTE}: ${rupees(fromWallet + online)} kept back from the refund, as orders already paid or on their way keep what this one earned them: ${o.because}.`,
    );
}
