import { CANCELLABLE, type OrderStatus, type RefundTo } from "@maidan/contracts/orders";
import type { DbOrTx, Tx } from "@maidan/db/database";
import type { Events } from "../events/events.ts";
import * as stock from "../inventory/inventory.service.ts";
import type { OrderRow } from "../orders/order-records.service.ts";
import * as orderService from "../orders/order-records.service.ts";
import type { PaidOrderRefunds } from "../payments/payments.ports.ts";
import type { VoucherServiceImpl } from "../vouchers/vouchers.service.ts";
import type { WalletServiceImpl } from "../wallet/wallet.service.ts";
import { cancelClaimsOf } from "./freebie-claims.ts";
import { keepBack, repriceRemaining } from "./order-repricing.ts";

type CancelDeps = { wallet: WalletServiceImpl; vouchers?: VoucherServiceImpl; events?: Events };

/**
 * One order of a checkout cancelled as the shopper's and the staff's cancel do it: the caller
 * holds the checkout's orders (`list`, locked) and checked that `now` may be cancelled. Its
 * products are locked (decision 029), what remains of the checkout is re-priced before the
 * cancellation, and an online payment goes back (`refundTo`). Null when it moved on; `freed`:
 * nothing of the checkout waits for a COD confirmation any more.
 */
export async function cancelInCheckout(
  tx: DbOrTx,
  deps: CancelDeps & { refunds: PaidOrderRefunds },
  now: OrderRow,
  list: OrderRow[],
  change: { reason: string; refundTo: RefundTo },
  touched: Set<string>,
) {
  await stock.lockProductsOfOrders(
    tx,
    list.map((x) => x.id),
  );
  const repriced = await repriceRemaining(tx, deps, now, list, touched);
  if (!(await cancelIn(tx, deps, now.id, CANCELLABLE, change.reason, touched))) return null;
  await keepBack(tx, deps, now, repriced);
  await refundOnline(tx, deps.refunds, now.id, change.refundTo);
  const waiting = (x: OrderRow) => x.status === "pending_confirmation";
  return { ...repriced, freed: waiting(now) && !list.some((x) => x !== now && waiting(x)) };
}

/**
 * Cancels one order if it is still in `from`, inside the caller's transaction (which holds the
 * checkout's orders and their products, decision 029): its stock goes back (its products are
 * added to `touched`), the checkout's voucher use once every order of it is cancelled, and its
 * wallet part to the ledger. False when the order moved on. Used by the shopper's cancel, the
 * expiry of unconfirmed COD orders and the release of an unpaid online hold.
 */
export async function cancelIn(
  tx: DbOrTx,
  deps: CancelDeps,
  id: string,
  from: readonly OrderStatus[],
  reason: string,
  touched?: Set<string>,
) {
  const ok = await orderService.transition(tx, id, from, "cancelled", {
    cancelReason: reason,
    clearCode: true,
  });
  if (!ok) return false;
  await deps.events?.emit(tx, "order.cancelled", id, { reason });
  const items = (await orderService.orderItemsOf(tx, id)).flatMap((i) =>
    i.variant_id ? [{ variantId: i.variant_id, productId: i.product_id, qty: i.qty }] : [],
  );
  await stock.returnStock(tx, items);
  for (const i of items) if (i.productId) touched?.add(i.productId);
  // Its freebie claims end with it: their units went back with its lines (decision 057).
  await cancelClaimsOf(tx, id);
  // Voucher before wallet: the order a checkout takes them in (decision 029).
  // A voucher's use comes back once every order of its checkout is cancelled.
  if (deps.vouchers) {
    const checkout = await orderService.checkoutOf(tx, id);
    if (checkout) await deps.vouchers.release(tx, checkout);
  }
  // The wallet part goes back to the ledger, once per order (the refund is keyed by order id).
  const paid = await orderService.walletPartOf(tx, id);
  if (paid?.user_id && paid.wallet_used > 0)
    await deps.wallet.refund(tx, paid.user_id, {
      amount: paid.wallet_used,
      orderId: id,
      remark: `Refund for cancelled order ${paid.order_no}`,
    });
  await orderService.insertEvent(tx, id, "cancelled", reason);
  return true;
}

/**
 * Money a gateway took for a cancelled order goes back, recorded in the cancellation's
 * transaction (decision 023), less what paid or dispatched orders of its checkout kept
 * (`kept_back`, set by the re-pricing just before).
 */
export async function refundOnline(
  tx: DbOrTx,
  refunds: PaidOrderRefunds,
  id: string,
  refundTo: RefundTo,
) {
  const money = await orderService.moneyOf(tx, id);
  if (money?.payment_status !== "paid" || money.payment_method === "COD") return;
  const amount = money.total - money.kept_back;
  if (amount <= 0) return;
  const refund = await refunds.refund(
    tx as Tx,
    {
      orderId: id,
      orderNo: money.order_no,
      checkoutId: money.checkout_id,
      userId: money.user_id,
      guestId: money.guest_id,
      amount,
    },
    refundTo,
  );
  await orderService.setPaymentStatus(
    tx,
    id,
    refund.status === "refunded" ? "refunded" : "refund_due",
  );
}
