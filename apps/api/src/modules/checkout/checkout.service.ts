/*
 * CHECKOUT: the one workflow that calls several domains (decision 039). Cart, vouchers,
 * promotions (through the cart's pricing), wallet, inventory, orders and payments are each
 * called through their services; only this folder calls more than one of them. Orders and
 * payments do not know each other: payments is built with this folder's online side
 * (online-payment.ts implements payments' OrderPayments port) and this folder is built with
 * payments' service (apps/server/src/compose.ts).
 *
 * The files, in the order of the flow:
 *   checkout.routes.ts     POST /api/orders and the shopper's order calls (spec §7), calling this file
 *   checkout.service.ts    this file: the workflow as the shopper calls it (place COD, detail,
 *                          cancel, confirm, resend code, confirm link, switch to COD, expiry)
 *   checkout-deps.ts       what the server gives the workflow
 *   place-order.ts         ONE place-order path for COD and online methods: validate the cart →
 *                          price it (vouchers, promotions) → take stock (inventory) → money
 *                          (checkout-money.ts: coupon redeemed, wallet spent) → write the orders
 *                          (one per vendor) → record the request (checkout.repository.ts)
 *   checkout-money.ts      the coupon and wallet inside the order's transaction; split per order
 *   checkout-terms.ts      the terms a checkout was priced by, kept for re-pricing
 *   checkout.repository.ts idempotency key lock, the request record, the cart locked and deleted
 *   stock-watch.ts         which products a checkout took stock of (for the page cache)
 *   cod-confirmation.ts    COD confirmation codes and signed links
 *   cod-limits.ts          limits on unconfirmed COD checkouts and their SMS
 *   online-payment.ts      online methods: placed (the same path) awaiting payment with the stock
 *                          held, or a waiting checkout paid again; the port payments is built with
 *   payment-results.ts     what a verified result does: paid → orders confirmed, shopper told;
 *                          expired hold → orders cancelled, stock and money back
 *   cancellation.ts        one order cancelled: stock, voucher use and wallet part back; an
 *                          online payment refunded (through payments, decision 023)
 *   order-repricing.ts     what remains of a checkout re-priced when one order is cancelled
 *   reprice.ts             the re-pricing arithmetic (pure)
 *   order-sweeper.ts       the interval that expires unconfirmed COD orders
 *
 * A new step goes in the workflow function it belongs to (place-order.ts for placing, this
 * file for the shopper's later calls, payment-results.ts for what a payment's result does),
 * calling the domain's service; a domain's repository stays private to it.
 */
import { COD_LIMIT } from "@maidan/contracts/cart";
import { AppError } from "@maidan/contracts/errors";
import type { OrderStatus } from "@maidan/contracts/orders";
import {
  CANCELLABLE,
  cancelBody,
  changePaymentQuery,
  confirmBody,
  linkConfirmBody,
  type OrdersService,
} from "@maidan/contracts/orders";
import type { DbOrTx, Tx } from "@maidan/db/database";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import * as stock from "../inventory/inventory.service.ts";
import { sendNewCode, sendOrderMessages } from "../orders/order-messages.ts";
import type { OrdersServiceImpl } from "../orders/order-records.service.ts";
import * as orderService from "../orders/order-records.service.ts";
import { checkoutResult, sumAmounts, toDetail, toSummary } from "../orders/order-view.ts";
import type { OpenAttempts, PaidOrderRefunds } from "../payments/payments.ports.ts";
import { cancelIn, cancelInCheckout } from "./cancellation.ts";
import { type CheckoutDeps, stockChangedOf } from "./checkout-deps.ts";
import {
  codeHash,
  confirmLink,
  linkSignature,
  MAX_CODE_RESENDS,
  MAX_CONFIRM_ATTEMPTS,
  newCode,
  RESEND_GAP_SECONDS,
  sameSecret,
} from "./cod-confirmation.ts";
import { type Hold, ownerKeyOf } from "./cod-limits.ts";
import { notWaiting } from "./online-payment.ts";
import { codTooLarge, type Placed, placeOrder } from "./place-order.ts";
import { watchStock } from "./stock-watch.ts";

export type CheckoutServiceDeps = CheckoutDeps & {
  /** The orders domain's lists (the workflow's steps are its service's functions). */
  orders: OrdersServiceImpl;
  /** What the checkout asks of payments (made before it, with the checkout's online side). */
  payments: {
    /** A checkout's open attempts, ended when it switches to cash on delivery. */
    attempts: OpenAttempts;
    /** A cancelled order's online payment given back (decision 023). */
    orderRefunds: PaidOrderRefunds;
  };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missing = () => notFound("Order not found");
const tooMany = (message: string) => new AppError("TOO_MANY_CODES", message);

/**
 * The checkout workflow as the shopper calls it (the contracts' OrdersService, spec §7 orders):
 * placing a COD order, the order's detail with its refund, cancelling with re-pricing and
 * refund, COD confirmation, its codes and its expiry, and switching to cash on delivery.
 */
export function createCheckout(deps: CheckoutServiceDeps) {
  const { db } = deps;
  const stockChanged = stockChangedOf(deps);

  async function owned(owner: { userId: string | null; guestId: string | null }, id: string) {
    if (!UUID.test(id) || (!owner.userId && !owner.guestId)) throw missing();
    const o = await orderService.findOrder(db, owner.userId, owner.guestId, id);
    if (!o) throw missing();
    return o;
  }

  async function detail(owner: { userId: string | null; guestId: string | null }, id: string) {
    const o = await owned(owner, id);
    const [items, events, refund] = await Promise.all([
      orderService.orderItemsOf(db, o.id),
      orderService.eventsOf(db, o.id),
      deps.payments.orderRefunds.refundOf(o.id),
    ]);
    return toDetail(o, items, events, refund);
  }

  async function confirmCheckout(checkoutId: string, note: string) {
    let moved = false;
    const list = await db.transaction(async (tx) => {
      const list = await orderService.checkoutOrders(tx, checkoutId, true);
      for (const o of list) {
        if (
          await orderService.transition(tx, o.id, ["pending_confirmation"], "confirmed", {
            clearCode: true,
          })
        ) {
          await deps.events?.emit(tx, "order.confirmed", o.id, { note });
          await orderService.insertEvent(tx, o.id, "confirmed", note);
          moved = true;
        }
      }
      return list;
    });
    // Confirmed: it no longer counts against the unconfirmed-order limits.
    if (moved) await deps.codLimits?.release(checkoutId);
    return list;
  }

  /**
   * A fresh code for a checkout's COD orders (after a switch from online payment, or asked for
   * again): the old one stops working, the tries start over and the deadline moves on.
   */
  async function issueCode(tx: DbOrTx, checkoutId: string) {
    const code = newCode();
    await orderService.setConfirmCode(
      tx,
      checkoutId,
      codeHash(deps.secret, checkoutId, code),
      deps.confirmMinutes,
    );
    return code;
  }

  const service: OrdersService & {
    expireUnconfirmed(now?: Date): Promise<number>;
    /**
     * What the SMS link's page shows before and after its button is pressed: the checkout's
     * order numbers, amount and state. Reads only; a link that is not valid is a 404.
     */
    linkStatus(input: unknown): Promise<LinkStatus>;
  } = {
    async place(owner, input, opts = {}) {
      const watched = watchStock(deps);
      // The order's messages are jobs of the order's own transaction.
      const placedIn = (tx: Tx, p: Placed) =>
        sendOrderMessages(
          tx,
          deps.messages,
          p.result,
          p.address,
          p.code
            ? { code: p.code, link: confirmLink(deps.publicUrl, deps.secret, p.result.masterId) }
            : null,
        );
      const placed = await placeOrder({ ...watched.deps, placedIn }, owner, input, opts);
      if (!placed.replay) stockChanged(watched.products);
      return placed.result;
    },

    listMine: (userId, limit) => deps.orders.listMine(userId, limit),

    getMine: detail,

    async cancelMine(owner, id, input) {
      const { refundTo } = parseInput(cancelBody, input ?? {});
      const o = await owned(owner, id);
      if (!CANCELLABLE.includes(o.status))
        throw conflict(
          o.status === "cancelled"
            ? "This order is already cancelled"
            : "This order has been dispatched and can no longer be cancelled",
        );
      const touched = new Set<string>();
      const outcome = await db.transaction(async (tx) => {
        // The checkout's orders, then every product they hold, before anything is written
        // (decision 029); what remains of the checkout is re-priced before the cancellation.
        const list = await orderService.checkoutOrders(tx, o.checkout_id, true);
        const now = list.find((x) => x.id === o.id);
        if (!now || !CANCELLABLE.includes(now.status)) return null;
        return cancelInCheckout(
          tx,
          { ...deps, refunds: deps.payments.orderRefunds },
          now,
          list,
          { reason: "Cancelled by the customer", refundTo: refundTo ?? "original" },
          touched,
        );
      });
      if (!outcome) throw conflict("This order can no longer be cancelled");
      if (outcome.freed) await deps.codLimits?.release(o.checkout_id);
      stockChanged(touched);
      const after = await detail(owner, id);
      return outcome.repriced.length > 0 ? { ...after, repriced: outcome.repriced } : after;
    },

    async confirmWithCode(owner, id, input) {
      const { code } = parseInput(confirmBody, input);
      const o = await owned(owner, id);
      if (o.status !== "pending_confirmation") {
        if (o.status === "cancelled") throw conflict("This order was cancelled");
        return detail(owner, id);
      }
      // The try is counted before the code is compared, in one conditional update: of any
      // number of concurrent guesses exactly MAX_CONFIRM_ATTEMPTS are ever compared.
      const hash = await orderService.takeConfirmAttempt(db, o.checkout_id, MAX_CONFIRM_ATTEMPTS);
      if (hash === null) {
        const now = await owned(owner, id);
        if (now.status === "cancelled") throw conflict("This order was cancelled");
        if (now.status !== "pending_confirmation") return detail(owner, id);
        throw new AppError("TOO_MANY_ATTEMPTS");
      }
      if (!sameSecret(hash, codeHash(deps.secret, o.checkout_id, code)))
        throw badRequest("That code is not right. Please check the SMS and try again.");
      await confirmCheckout(o.checkout_id, "Confirmed by SMS code");
      return detail(owner, id);
    },

    async resendCode(owner, id, opts = {}) {
      const o = await owned(owner, id);
      if (o.status !== "pending_confirmation")
        throw conflict(
          o.status === "cancelled"
            ? "This order was cancelled"
            : "This order does not need a confirmation code",
        );
      const gap = `cod-resend:gap:${o.checkout_id}`;
      if (await deps.kv.get(gap))
        throw tooMany("A new code was just sent. Please wait a minute before asking again.");
      // The phone's, the shopper's and the network's hourly SMS limits (cod-limits.ts).
      const counted = await deps.codLimits?.resend({
        phone: o.address.phone,
        owner: ownerKeyOf(owner),
        ip: opts.ip,
      });
      const sent = await deps.kv.incr(`cod-resend:n:${o.checkout_id}`, 24 * 3600);
      if (sent > MAX_CODE_RESENDS) {
        if (counted) await deps.codLimits?.giveBack(counted);
        throw tooMany("No more new codes for this order. Use the link in the SMS or call us.");
      }
      await deps.kv.set(gap, "1", RESEND_GAP_SECONDS);
      // The new code and its SMS (a job) are kept together.
      const list = await db.transaction(async (tx) => {
        const code = await issueCode(tx, o.checkout_id);
        const all = await orderService.checkoutOrders(tx, o.checkout_id);
        await sendNewCode(
          tx,
          deps.messages,
          { phone: o.address.phone, numbers: all.map((x) => x.order_no).join(", ") },
          { code, link: confirmLink(deps.publicUrl, deps.secret, o.checkout_id) },
        );
        return all;
      });
      const after = list.find((x) => x.id === o.id)?.confirm_by ?? null;
      return {
        status: true,
        message: "A new code is on its way by SMS.",
        confirmBy: after ? new Date(after).toISOString() : null,
      };
    },

    async confirmWithLink(input) {
      const { c, sig } = parseInput(linkConfirmBody, input);
      if (!sameSecret(sig, linkSignature(deps.secret, c))) throw notFound("This link is not valid");
      const list = await orderService.checkoutOrders(db, c);
      if (list.length === 0) throw notFound("This link is not valid");
      if (list.every((o) => o.status === "cancelled")) throw conflict("This order was cancelled");
      const after = await confirmCheckout(c, "Confirmed by SMS link");
      return {
        ids: after.map((o) => o.id),
        total: sumAmounts(after.map((o) => ({ ...toSummary(o).amount }))).total,
      };
    },

    async linkStatus(input) {
      const { c, sig } = parseInput(linkConfirmBody, input);
      if (!sameSecret(sig, linkSignature(deps.secret, c))) throw notFound("This link is not valid");
      const list = await orderService.checkoutOrders(db, c);
      if (list.length === 0) throw notFound("This link is not valid");
      const state: LinkStatus["state"] = list.every((o) => o.status === "cancelled")
        ? "cancelled"
        : list.some((o) => o.status === "pending_confirmation")
          ? "waiting"
          : "confirmed";
      const live = list.filter((o) => o.status !== "cancelled");
      return {
        orderNos: (live.length > 0 ? live : list).map((o) => o.order_no),
        total: (live.length > 0 ? live : list).reduce((n, o) => n + o.total, 0),
        state,
      };
    },

    awaitingPayment: (owner) => deps.orders.awaitingPayment(owner),

    async changePaymentMethod(owner, input, opts = {}) {
      const q = parseInput(changePaymentQuery, input);
      if (q.paymentMethod !== "COD")
        throw badRequest(`The checkout service ${q.paymentMethod} not yet implemented`);
      const o = await owned(owner, q.rePayId);
      // The open online attempts end as on a retry: asked first, superseded with the switch.
      await deps.payments.attempts.inquire(o.checkout_id);
      // An unconfirmed COD checkout from now on: it counts against the limits (cod-limits.ts).
      const limits = deps.codConfirmation ? deps.codLimits : undefined;
      let hold: Hold | undefined;
      const switching = db.transaction(async (tx) => {
        await deps.payments.attempts.supersede(
          tx,
          o.checkout_id,
          "Payment changed to cash on delivery",
        );
        const all = await orderService.checkoutOrders(tx, o.checkout_id, true);
        const waiting = all.filter((x) => x.status === "awaiting_payment");
        if (waiting.length === 0) throw notWaiting(all);
        if (waiting.reduce((n, x) => n + x.total, 0) > COD_LIMIT) throw codTooLarge();
        if (limits)
          hold = await limits.open(
            { phone: o.address.phone, owner: ownerKeyOf(owner), ip: opts.ip },
            waiting.reduce((n, x) => n + x.qty, 0),
          );
        const to: OrderStatus = deps.codConfirmation ? "pending_confirmation" : "placed";
        for (const x of waiting) {
          await orderService.transition(tx, x.id, ["awaiting_payment"], to, {
            paymentMethod: "COD",
            paymentStatus: "pending",
          });
          await orderService.insertEvent(tx, x.id, to, "Payment changed to cash on delivery");
        }
        const code = deps.codConfirmation ? await issueCode(tx, o.checkout_id) : null;
        if (limits && hold) await limits.keep(o.checkout_id, hold);
        const result = {
          ...checkoutResult(waiting, o.checkout_id),
          paymentMethod: "COD",
          confirmationRequired: Boolean(code),
        };
        const confirm = code
          ? { code, link: confirmLink(deps.publicUrl, deps.secret, o.checkout_id) }
          : null;
        // The messages are jobs of this transaction, like a placed order's.
        if (waiting[0])
          await sendOrderMessages(tx, deps.messages, result, waiting[0].address, confirm);
        return { list: waiting };
      });
      const { list } = await switching.catch(async (e: unknown) => {
        if (limits && hold) await limits.giveBack(hold, o.checkout_id);
        throw e;
      });
      const total = list.reduce((n, x) => n + x.total, 0);
      const first = list[0];
      return list.length > 1
        ? { status: true, masterIds: list.map((x) => x.id).join(","), amount: { total } }
        : {
            status: true,
            response: { _id: first?.id ?? o.id, amount: { total } },
            amount: { total },
          };
    },

    /**
     * Cancels COD orders nobody confirmed in time and returns their stock; the count. One
     * transaction per checkout, locking its orders and then their products like a cancellation
     * (decision 029); another process sweeping at once waits, then finds them cancelled.
     */
    async expireUnconfirmed(now = new Date()) {
      const touched = new Set<string>();
      let cancelled = 0;
      try {
        for (const checkoutId of await orderService.expiredUnconfirmed(db, now, 200)) {
          const done = await db.transaction(async (tx) => {
            const list = await orderService.checkoutOrders(tx, checkoutId, true);
            const due = list.filter(
              (o) =>
                o.status === "pending_confirmation" &&
                o.confirm_by !== null &&
                new Date(o.confirm_by) < now,
            );
            await stock.lockProductsOfOrders(
              tx,
              due.map((o) => o.id),
            );
            let n = 0;
            for (const o of due)
              if (
                await cancelIn(
                  tx,
                  deps,
                  o.id,
                  ["pending_confirmation"],
                  "Not confirmed in time",
                  touched,
                )
              )
                n++;
            const left = list.some((o) => o.status === "pending_confirmation" && !due.includes(o));
            return { n, freed: n > 0 && !left };
          });
          // Nothing of it waits any more: its hold on the limits is free.
          if (done.freed) await deps.codLimits?.release(checkoutId);
          cancelled += done.n;
        }
      } finally {
        stockChanged(touched);
      }
      return cancelled;
    },
  };
  return service;
}

export type CheckoutServiceImpl = ReturnType<typeof createCheckout>;

/** The checkout an SMS confirmation link names: waiting for it, confirmed (or further on), or cancelled. */
export type LinkStatus = {
  orderNos: string[];
  total: number;
  state: "waiting" | "confirmed" | "cancelled";
};
