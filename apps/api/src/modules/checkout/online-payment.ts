import type { CartOwner } from "@maidan/contracts/cart";
import { HOLD_ENDED_MESSAGE, HOLD_ENDED_REASON } from "@maidan/contracts/payments";
import { conflict, notFound } from "../../lib/errors.ts";
import * as orderService from "../orders/order-records.service.ts";
import type { OrderPayments, PayableCheckout } from "../payments/payments.ports.ts";
import { type CheckoutDeps, stockChangedOf } from "./checkout-deps.ts";
import { createPaymentResults } from "./payment-results.ts";
import { placeOrder } from "./place-order.ts";
import { watchStock } from "./stock-watch.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The checkout's side of online payment: the port payments is built with (OrderPayments in
 * payments.ports.ts, handed over by apps/server/src/compose.ts). An online checkout is placed
 * through the one place-order path (place-order.ts) but in 'awaiting_payment', its stock taken
 * until `confirm_by` (the hold); payments then starts the attempt. What a verified result does
 * is payment-results.ts. Neither needs payments, so the port is made before payments is.
 */
export function createOnlinePayment(deps: CheckoutDeps): OrderPayments {
  const { db } = deps;
  const stockChanged = stockChangedOf(deps);

  /** The orders of the owner's checkout, found by the checkout id or one order's id. */
  async function ownedCheckout(owner: CartOwner, id: string) {
    if (!UUID.test(id) || (!owner.userId && !owner.guestId)) throw notFound("Order not found");
    const byOrder = await orderService.findOrder(db, owner.userId, owner.guestId, id);
    const checkoutId = byOrder?.checkout_id ?? id;
    const list = await orderService.checkoutOrders(db, checkoutId);
    const mine = list.filter((o) =>
      owner.userId ? o.user_id === owner.userId : o.guest_id === owner.guestId && !o.user_id,
    );
    if (mine.length === 0 || mine.length !== list.length) throw notFound("Order not found");
    return { checkoutId, list };
  }

  async function payable(checkoutId: string): Promise<PayableCheckout> {
    const all = await orderService.checkoutOrders(db, checkoutId);
    const list = all.filter((o) => o.status === "awaiting_payment");
    const first = list[0];
    if (!first) throw notWaiting(all);
    const items = (await Promise.all(list.map((o) => orderService.orderItemsOf(db, o.id)))).flat();
    // Raw rows carry timestamps as Date (pg) or string (embedded): normalise.
    const holds = list.map((o) => (o.confirm_by ? new Date(o.confirm_by).getTime() : Date.now()));
    return {
      checkoutId,
      amountDue: list.reduce((n, o) => n + o.total, 0),
      orderIds: list.map((o) => o.id),
      holdUntil: new Date(Math.min(...holds)),
      contact: { ...first.address, email: first.address.email ?? null },
      items: items.map((i) => ({ name: i.name, qty: i.qty, price: i.price, category: "Retail" })),
      shipping: list.reduce((n, o) => n + o.shipping, 0),
    };
  }

  return {
    // Payments asks only for a method one of its gateways collects (its registry checks it).
    async payableCheckout(owner, input) {
      if (input.rePayId) {
        const { checkoutId, list } = await ownedCheckout(owner, input.rePayId);
        if (list.some((o) => o.payment_status === "paid"))
          throw conflict("This order is already paid");
        const p = await payable(checkoutId);
        if (p.holdUntil.getTime() <= Date.now()) throw conflict(HOLD_ENDED_MESSAGE);
        await orderService.setAwaitingMethod(db, checkoutId, input.method);
        return p;
      }
      const watched = watchStock(deps);
      const placed = await placeOrder(
        watched.deps,
        owner,
        {
          address: input.address,
          paymentMethod: input.method,
          useWallet: input.useWallet,
          walletId: input.walletId,
        },
        { idempotencyKey: input.idempotencyKey, online: { holdMinutes: input.holdMinutes } },
      );
      if (!placed.replay) stockChanged(watched.products);
      return payable(placed.result.masterId);
    },

    ...createPaymentResults(deps),
  };
}

/**
 * Why a checkout cannot be paid now that none of its orders waits for a payment: its hold ended
 * and the job gave the stock back (the same answer as a hold that ended a moment ago), or it
 * moved on (paid, switched to cash on delivery, cancelled by the shopper).
 */
export function notWaiting(orders: readonly { status: string; cancel_reason: string | null }[]) {
  const released = orders.some(
    (o) => o.status === "cancelled" && o.cancel_reason === HOLD_ENDED_REASON,
  );
  return conflict(released ? HOLD_ENDED_MESSAGE : "This order is not waiting for a payment");
}
