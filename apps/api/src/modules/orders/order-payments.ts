import type { CartOwner } from "@maidan/contracts/cart";
import type { OrderStatus, PlaceOrderResult, RefundTo } from "@maidan/contracts/orders";
import type { DbOrTx, Tx } from "@maidan/db/database";
import type { OrderAddress } from "@maidan/db/schema-orders";
import { conflict, notFound } from "../../lib/errors.ts";
import * as stock from "../inventory/inventory.service.ts";
import type {
  CancelledPaidOrder,
  OpenAttempts,
  OrderPayments,
  PaidOrderRefunds,
  PayableCheckout,
} from "../payments/payments.ports.ts";
import { checkoutResult } from "./order-view.ts";
import * as repo from "./orders.repository.ts";
import { type PlaceDeps, placeOrder } from "./place-order.ts";
import { watchStock } from "./stock-watch.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the orders service lends this adapter: its cancel-with-stock-back and its messages. */
export type OrderPaymentsHelpers = {
  cancelIn(tx: DbOrTx, id: string, from: readonly OrderStatus[], reason: string): Promise<boolean>;
  /** The order SMS and e-mail (order-messages.ts), without a COD confirmation: jobs of `tx`. */
  notify(tx: DbOrTx, result: PlaceOrderResult, address: OrderAddress, key: string): Promise<void>;
  /** After a commit: these products' stock was taken or given back. */
  stockChanged(productIds: Set<string>): void;
};

/**
 * The orders side of online payment (the port in payments.ports.ts). An online checkout is
 * placed like a COD one (place-order.ts) but in 'awaiting_payment', its stock taken until
 * `confirm_by` (the hold). Paid → confirmed; hold released → cancelled with the stock back.
 */
export function createOrderPayments(deps: PlaceDeps, h: OrderPaymentsHelpers) {
  const { db } = deps;
  // Until payments plugs in (apps/server/src/compose.ts), no attempt can be open, so there is nothing to end.
  let attempts: OpenAttempts = { inquire: async () => {}, supersede: async () => {} };
  // Without payments no order can have been paid online, so none is refunded.
  let refunds: PaidOrderRefunds = {
    refund: async () => {
      throw conflict("Online refunds are not available. Please contact us.");
    },
    refundOf: async () => null,
  };

  /** The orders of the owner's checkout, found by the checkout id or one order's id. */
  async function ownedCheckout(owner: CartOwner, id: string) {
    if (!UUID.test(id) || (!owner.userId && !owner.guestId)) throw notFound("Order not found");
    const byOrder = await repo.findOrder(db, owner.userId, owner.guestId, id);
    const checkoutId = byOrder?.checkout_id ?? id;
    const list = await repo.checkoutOrders(db, checkoutId);
    const mine = list.filter((o) =>
      owner.userId ? o.user_id === owner.userId : o.guest_id === owner.guestId && !o.user_id,
    );
    if (mine.length === 0 || mine.length !== list.length) throw notFound("Order not found");
    return { checkoutId, list };
  }

  async function payable(checkoutId: string): Promise<PayableCheckout> {
    const list = (await repo.checkoutOrders(db, checkoutId)).filter(
      (o) => o.status === "awaiting_payment",
    );
    const first = list[0];
    if (!first) throw conflict("This order is not waiting for a payment");
    const items = (await Promise.all(list.map((o) => repo.orderItemsOf(db, o.id)))).flat();
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

  const port: OrderPayments = {
    useAttempts(a) {
      attempts = a;
    },

    useRefunds(r) {
      refunds = r;
    },

    async refunded(tx, orderId) {
      await repo.setPaymentStatus(tx, orderId, "refunded");
    },

    // Payments asks only for a method one of its gateways collects (its registry checks it).
    async payableCheckout(owner, input) {
      if (input.rePayId) {
        const { checkoutId, list } = await ownedCheckout(owner, input.rePayId);
        if (list.some((o) => o.payment_status === "paid"))
          throw conflict("This order is already paid");
        const p = await payable(checkoutId);
        if (p.holdUntil.getTime() <= Date.now())
          throw conflict("The time to pay for this order has run out");
        await repo.setAwaitingMethod(db, checkoutId, input.method);
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
      if (!placed.replay) h.stockChanged(watched.products);
      return payable(placed.result.masterId);
    },

    async markPaid(tx, checkoutId, note) {
      let moved = false;
      for (const o of await repo.checkoutOrders(tx, checkoutId, true)) {
        const ok = await repo.transition(tx, o.id, ["awaiting_payment"], "confirmed", {
          paymentStatus: "paid",
          clearDeadline: true,
        });
        if (ok) {
          await repo.insertEvent(tx, o.id, "confirmed", note);
          await deps.events?.emit(tx, "order.confirmed", o.id, { note });
          moved = true;
        }
      }
      return moved;
    },

    async releaseHold(tx, checkoutId, reason) {
      let released = false;
      // The checkout's orders, then all their products, before any stock goes back (decision 029).
      const list = await repo.checkoutOrders(tx, checkoutId, true);
      await stock.lockProductsOfOrders(
        tx,
        list.filter((o) => o.status === "awaiting_payment").map((o) => o.id),
      );
      for (const o of list) {
        if (await h.cancelIn(tx, o.id, ["awaiting_payment"], reason)) released = true;
      }
      return released;
    },

    async orderIds(checkoutId) {
      return (await repo.checkoutOrders(db, checkoutId)).map((o) => o.id);
    },

    expiredHolds: (limit) => repo.expiredHolds(db, new Date(), limit),

    async stockReleased(checkoutId) {
      // Released holds are rare (an unpaid online order), so their products are read again here.
      const items = await Promise.all(
        (await repo.checkoutOrders(db, checkoutId)).map((o) => repo.orderItemsOf(db, o.id)),
      ).catch(() => []);
      h.stockChanged(new Set(items.flat().flatMap((i) => (i.product_id ? [i.product_id] : []))));
    },

    async notifyPaid() {
      // Nothing after the commit: the messages consume the payment.paid event (paidMessages).
    },
  };

  return {
    ...port,
    /**
     * A switch to cash on delivery (orders.service.ts) ends the checkout's open attempts like a
     * retry: `beforeSwitch` asks their gateways first (409 when the shopper has just paid), then
     * `supersedeIn` runs in the switch's transaction before the orders are locked.
     */
    beforeSwitch: (checkoutId: string) => attempts.inquire(checkoutId),
    supersedeIn: (tx: Tx, checkoutId: string) =>
      attempts.supersede(tx, checkoutId, "Payment changed to cash on delivery"),
    /** A cancelled order paid online: its refund, inside the cancel's transaction (decision 023). */
    refundPaid: (tx: Tx, order: CancelledPaidOrder, to: RefundTo) => refunds.refund(tx, order, to),
    refundOf: (orderId: string) => refunds.refundOf(orderId),
    /**
     * The consumer of `payment.paid` (compose.ts): the order's SMS and e-mail for a checkout just
     * paid, enqueued under the event's id so a consumer run twice enqueues them once.
     */
    paidMessages: (checkoutId: string, eventId: string) =>
      db.transaction(async (tx) => {
        const paid = (await repo.checkoutOrders(tx, checkoutId)).filter(
          (o) => o.payment_status === "paid",
        );
        const first = paid[0];
        if (first) await h.notify(tx, checkoutResult(paid, checkoutId), first.address, eventId);
      }),
  };
}
