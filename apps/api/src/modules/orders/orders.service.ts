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
  type RefundTo,
} from "@maidan/contracts/orders";
import type { DbOrTx, Tx } from "@maidan/db/database";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { Kv } from "../../lib/kv.ts";
import { parseInput } from "../../lib/parse.ts";
import * as stock from "../inventory/inventory.service.ts";
import type { Messages } from "../messages/messages.ts";
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
import { sendNewCode, sendOrderMessages } from "./order-messages.ts";
import { createOrderPayments } from "./order-payments.ts";
import { keepBack, repriceRemaining } from "./order-repricing.ts";
import { checkoutResult, sumAmounts, toDetail, toSummary } from "./order-view.ts";
import type { OrderRow } from "./orders.repository.ts";
import * as repo from "./orders.repository.ts";
import { codTooLarge, type PlaceDeps, type Placed, placeOrder } from "./place-order.ts";
import { watchStock } from "./stock-watch.ts";

export type OrdersDeps = PlaceDeps & {
  /** The order's SMS and e-mail, enqueued in its transactions (modules/messages). */
  messages: Messages;
  /** Throttles of new confirmation codes (shared by every process when Redis is set). */
  kv: Kv;
  /** The shop's configured public origin, for the links in SMS (never a request's Host). */
  publicUrl: string;
  /** Told, after the commit, which products an order took stock of or gave it back to. */
  stockChanged?: (productIds: string[]) => void;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missing = () => notFound("Order not found");
const tooMany = (message: string) => new AppError("TOO_MANY_CODES", message);

/**
 * Orders: placing (place-order.ts), the shopper's list and detail, cancelling before dispatch,
 * COD confirmation and its expiry, and switching a failed online payment to COD.
 */
export function createOrdersService(deps: OrdersDeps) {
  const { db } = deps;
  const stockChanged = (ids: Set<string>) => {
    if (ids.size > 0) deps.stockChanged?.([...ids]);
  };

  async function owned(owner: { userId: string | null; guestId: string | null }, id: string) {
    if (!UUID.test(id) || (!owner.userId && !owner.guestId)) throw missing();
    const o = await repo.findOrder(db, owner.userId, owner.guestId, id);
    if (!o) throw missing();
    return o;
  }

  async function detail(owner: { userId: string | null; guestId: string | null }, id: string) {
    const o = await owned(owner, id);
    const [items, events, refund] = await Promise.all([
      repo.orderItemsOf(db, o.id),
      repo.eventsOf(db, o.id),
      service.payments.refundOf(o.id),
    ]);
    return toDetail(o, items, events, refund);
  }

  /**
   * Cancels one order if it is still in `from`; returns its stock (adding its products to
   * `touched`). False when it moved on.
   */
  async function cancelIn(
    tx: DbOrTx,
    id: string,
    from: readonly OrderStatus[],
    reason: string,
    touched?: Set<string>,
  ) {
    const ok = await repo.transition(tx, id, from, "cancelled", {
      cancelReason: reason,
      clearCode: true,
    });
    if (!ok) return false;
    await deps.events?.emit(tx, "order.cancelled", id, { reason });
    const items = (await repo.orderItemsOf(tx, id)).flatMap((i) =>
      i.variant_id ? [{ variantId: i.variant_id, productId: i.product_id, qty: i.qty }] : [],
    );
    await stock.returnStock(tx, items);
    for (const i of items) if (i.productId) touched?.add(i.productId);
    // Voucher before wallet: the order a checkout takes them in (decision 029).
    // A voucher's use comes back once every order of its checkout is cancelled.
    if (deps.vouchers) {
      const checkout = await repo.checkoutOf(tx, id);
      if (checkout) await deps.vouchers.release(tx, checkout);
    }
    // The wallet part goes back to the ledger, once per order (the refund is keyed by order id).
    const paid = await repo.walletPartOf(tx, id);
    if (paid?.user_id && paid.wallet_used > 0)
      await deps.wallet.refund(tx, paid.user_id, {
        amount: paid.wallet_used,
        orderId: id,
        remark: `Refund for cancelled order ${paid.order_no}`,
      });
    await repo.insertEvent(tx, id, "cancelled", reason);
    return true;
  }

  /**
   * Money a gateway took for a cancelled order goes back, recorded in the cancellation's
   * transaction (decision 023), less what paid or dispatched orders of its checkout kept
   * (`kept_back`, set by the re-pricing just before).
   */
  async function refundOnline(tx: DbOrTx, id: string, refundTo: RefundTo) {
    const money = await repo.moneyOf(tx, id);
    if (money?.payment_status !== "paid" || money.payment_method === "COD") return;
    const amount = money.total - money.kept_back;
    if (amount <= 0) return;
    const refund = await service.payments.refundPaid(
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
    await repo.setPaymentStatus(tx, id, refund.status === "refunded" ? "refunded" : "refund_due");
  }

  async function confirmCheckout(checkoutId: string, note: string) {
    let moved = false;
    const list = await db.transaction(async (tx) => {
      const list = await repo.checkoutOrders(tx, checkoutId, true);
      for (const o of list) {
        if (
          await repo.transition(tx, o.id, ["pending_confirmation"], "confirmed", {
            clearCode: true,
          })
        ) {
          await deps.events?.emit(tx, "order.confirmed", o.id, { note });
          await repo.insertEvent(tx, o.id, "confirmed", note);
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
    await repo.setConfirmCode(
      tx,
      checkoutId,
      codeHash(deps.secret, checkoutId, code),
      deps.confirmMinutes,
    );
    return code;
  }

  const service: OrdersService & {
    expireUnconfirmed(now?: Date): Promise<number>;
    /** The orders side of online payment, plugged into payments by the server (apps/server/src/compose.ts). */
    payments: ReturnType<typeof createOrderPayments>;
  } = {
    payments: createOrderPayments(deps, {
      cancelIn,
      notify: (tx, result, address, key) =>
        sendOrderMessages(tx, deps.messages, result, address, null, key),
      stockChanged,
    }),
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

    async listMine(userId, limit = 50) {
      return (await repo.listOrders(db, userId, Math.min(Math.max(limit, 1), 100))).map(toSummary);
    },

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
        const list = await repo.checkoutOrders(tx, o.checkout_id, true);
        const now = list.find((x) => x.id === o.id);
        if (!now || !CANCELLABLE.includes(now.status)) return null;
        await stock.lockProductsOfOrders(
          tx,
          list.map((x) => x.id),
        );
        const repriced = await repriceRemaining(tx, deps, now, list, touched);
        if (!(await cancelIn(tx, o.id, CANCELLABLE, "Cancelled by the customer", touched)))
          return null;
        await keepBack(tx, deps, now, repriced);
        await refundOnline(tx, o.id, refundTo ?? "original");
        const waiting = (x: OrderRow) => x.status === "pending_confirmation";
        return { ...repriced, freed: waiting(now) && !list.some((x) => x !== now && waiting(x)) };
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
      const hash = await repo.takeConfirmAttempt(db, o.checkout_id, MAX_CONFIRM_ATTEMPTS);
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
        const all = await repo.checkoutOrders(tx, o.checkout_id);
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
      const list = await repo.checkoutOrders(db, c);
      if (list.length === 0) throw notFound("This link is not valid");
      if (list.every((o) => o.status === "cancelled")) throw conflict("This order was cancelled");
      const after = await confirmCheckout(c, "Confirmed by SMS link");
      return {
        ids: after.map((o) => o.id),
        total: sumAmounts(after.map((o) => ({ ...toSummary(o).amount }))).total,
      };
    },

    async awaitingPayment(owner) {
      if (!owner.userId && !owner.guestId) return [];
      return (await repo.ownedByStatus(db, owner.userId, owner.guestId, "awaiting_payment")).map(
        toSummary,
      );
    },

    async changePaymentMethod(owner, input, opts = {}) {
      const q = parseInput(changePaymentQuery, input);
      if (q.paymentMethod !== "COD")
        throw badRequest(`The checkout service ${q.paymentMethod} not yet implemented`);
      const o = await owned(owner, q.rePayId);
      // The open online attempts end as on a retry: asked first, superseded with the switch.
      await service.payments.beforeSwitch(o.checkout_id);
      // An unconfirmed COD checkout from now on: it counts against the limits (cod-limits.ts).
      const limits = deps.codConfirmation ? deps.codLimits : undefined;
      let hold: Hold | undefined;
      const switching = db.transaction(async (tx) => {
        await service.payments.supersedeIn(tx, o.checkout_id);
        const all = await repo.checkoutOrders(tx, o.checkout_id, true);
        const waiting = all.filter((x) => x.status === "awaiting_payment");
        if (waiting.length === 0) throw conflict("This order is not waiting for a payment");
        if (waiting.reduce((n, x) => n + x.total, 0) > COD_LIMIT) throw codTooLarge();
        if (limits)
          hold = await limits.open(
            { phone: o.address.phone, owner: ownerKeyOf(owner), ip: opts.ip },
            waiting.reduce((n, x) => n + x.qty, 0),
          );
        const to: OrderStatus = deps.codConfirmation ? "pending_confirmation" : "placed";
        for (const x of waiting) {
          await repo.transition(tx, x.id, ["awaiting_payment"], to, {
            paymentMethod: "COD",
            paymentStatus: "pending",
          });
          await repo.insertEvent(tx, x.id, to, "Payment changed to cash on delivery");
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
        for (const checkoutId of await repo.expiredUnconfirmed(db, now, 200)) {
          const done = await db.transaction(async (tx) => {
            const list = await repo.checkoutOrders(tx, checkoutId, true);
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
                await cancelIn(tx, o.id, ["pending_confirmation"], "Not confirmed in time", touched)
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

export type OrdersServiceImpl = ReturnType<typeof createOrdersService>;
