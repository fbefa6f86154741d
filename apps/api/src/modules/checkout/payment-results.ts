import * as stock from "../inventory/inventory.service.ts";
import { sendOrderMessages } from "../orders/order-messages.ts";
import * as orderService from "../orders/order-records.service.ts";
import { checkoutResult } from "../orders/order-view.ts";
import type { OrderPayments } from "../payments/payments.ports.ts";
import { cancelIn } from "./cancellation.ts";
import { type CheckoutDeps, stockChangedOf } from "./checkout-deps.ts";

/**
 * The payment-result workflow: what a verified payment result does to a checkout's orders,
 * called by payments (settlement, expiry, the inquiry job) through its OrderPayments port.
 * Paid → the waiting orders confirmed in the payment's transaction (the shopper is told by
 * paidMessages, a consumer of the payment.paid event);
 * an expired hold or an unpaid checkout past its hold → the orders cancelled with their stock,
 * voucher use and wallet part back (cancellation.ts), the page cache told after the commit.
 */
export function createPaymentResults(deps: CheckoutDeps): Omit<OrderPayments, "payableCheckout"> {
  const { db } = deps;
  const stockChanged = stockChangedOf(deps);

  return {
    async markPaid(tx, checkoutId, note) {
      let moved = false;
      for (const o of await orderService.checkoutOrders(tx, checkoutId, true)) {
        const ok = await orderService.transition(tx, o.id, ["awaiting_payment"], "confirmed", {
          paymentStatus: "paid",
          clearDeadline: true,
        });
        if (ok) {
          await deps.events?.emit(tx, "order.confirmed", o.id, { note });
          await orderService.insertEvent(tx, o.id, "confirmed", note);
          moved = true;
        }
      }
      return moved;
    },

    async releaseHold(tx, checkoutId, reason) {
      let released = false;
      // The checkout's orders, then all their products, before any stock goes back (decision 029).
      const list = await orderService.checkoutOrders(tx, checkoutId, true);
      await stock.lockProductsOfOrders(
        tx,
        list.filter((o) => o.status === "awaiting_payment").map((o) => o.id),
      );
      for (const o of list) {
        if (await cancelIn(tx, deps, o.id, ["awaiting_payment"], reason)) released = true;
      }
      return released;
    },

    async orderIds(checkoutId) {
      return (await orderService.checkoutOrders(db, checkoutId)).map((o) => o.id);
    },

    expiredHolds: (limit) => orderService.expiredHolds(db, new Date(), limit),

    async stockReleased(checkoutId) {
      // Released holds are rare (an unpaid online order), so their products are read again here.
      const items = await Promise.all(
        (await orderService.checkoutOrders(db, checkoutId)).map((o) =>
          orderService.orderItemsOf(db, o.id),
        ),
      ).catch(() => []);
      stockChanged(new Set(items.flat().flatMap((i) => (i.product_id ? [i.product_id] : []))));
    },

    async refunded(tx, orderId) {
      await orderService.setPaymentStatus(tx, orderId, "refunded");
    },
  };
}

/**
 * The consumer of `payment.paid` (compose.ts): the SMS and e-mail of a checkout whose orders that
 * payment paid, enqueued under the event's id, so a consumer run twice enqueues them once.
 */
export const paidMessages = (deps: CheckoutDeps) => (checkoutId: string, eventId: string) =>
  deps.db.transaction(async (tx) => {
    const paid = (await orderService.checkoutOrders(tx, checkoutId)).filter(
      (o) => o.payment_status === "paid",
    );
    const first = paid[0];
    if (first)
      await sendOrderMessages(
        tx,
        deps.messages,
        checkoutResult(paid, checkoutId),
        first.address,
        null,
        eventId,
      );
  });
