import { COD_LIMIT } from "@maidan/contracts/cart";
import {
  CANCELLABLE,
  changePaymentQuery,
  confirmBody,
  linkConfirmBody,
  type OrdersService,
} from "@maidan/contracts/orders";
import type { DbOrTx } from "@maidan/db/database";
import type { OrderStatus } from "@maidan/db/schema-orders";
import { sql } from "drizzle-orm";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { Kv } from "../../lib/kv.ts";
import type { Mailer, SmsSender } from "../auth/messaging.ts";
import { parseInput } from "../auth/parse.ts";
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
import { sendNewCode, sendOrderMessages } from "./order-messages.ts";
import { createOrderPayments } from "./order-payments.ts";
import { checkoutResult, sumAmounts, toDetail, toSummary } from "./order-view.ts";
import * as repo from "./orders.repository.ts";
import { codTooLarge, type PlaceDeps, placeOrder } from "./place-order.ts";
import { watchStock } from "./stock-watch.ts";

export type OrdersDeps = PlaceDeps & {
  sms: SmsSender;
  mailer: Mailer;
  /** Throttles of new confirmation codes (shared by every process when Redis is set). */
  kv: Kv;
  /** The shop's configured public origin, for the links in SMS (never a request's Host). */
  publicUrl: string;
  log?: (msg: string) => void;
  /** Told, after the commit, which products an order took stock of or gave it back to. */
  stockChanged?: (productIds: string[]) => void;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missing = () => notFound("Order not found");
const tooMany = (message: string) => new AppError(429, message, "TOO_MANY_CODES");

/**
 * Orders: placing (place-order.ts), the shopper's list and detail, cancelling before dispatch,
 * COD confirmation and its expiry, and switching a failed online payment to COD.
 */
export function createOrdersService(deps: OrdersDeps) {
  const { db } = deps;
  const log = deps.log ?? ((m: string) => console.warn(m));
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
    const [items, events] = await Promise.all([
      repo.orderItemsOf(db, o.id),
      repo.eventsOf(db, o.id),
    ]);
    return toDetail(o, items, events);
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
    const ok = await repo.transition(
      tx,
      id,
      from,
      "cancelled",
      sql`, cancel_reason = ${reason}, confirm_code_hash = null`,
    );
    if (!ok) return false;
    for (const item of await repo.orderItemsOf(tx, id)) {
      if (!item.variant_id) continue;
      await repo.returnStock(tx, item.variant_id, item.qty);
      if (item.product_id) await repo.addSold(tx, item.product_id, -item.qty);
      if (item.product_id) touched?.add(item.product_id);
    }
    // The wallet part goes back to the ledger, once per order (the refund is keyed by order id).
    const paid = await repo.walletPartOf(tx, id);
    if (paid?.user_id && paid.wallet_used > 0)
      await deps.wallet.refund(tx, paid.user_id, {
        amount: paid.wallet_used,
        orderId: id,
        remark: `Refund for cancelled order ${paid.order_no}`,
      });
    // A voucher's use comes back once every order of its checkout is cancelled.
    if (deps.vouchers) {
      const checkout = await repo.checkoutOf(tx, id);
      if (checkout) await deps.vouchers.release(tx, checkout);
    }
    await repo.insertEvent(tx, id, "cancelled", reason);
    return true;
  }

  async function confirmCheckout(checkoutId: string, note: string) {
    return db.transaction(async (tx) => {
      const list = await repo.checkoutOrders(tx, checkoutId, true);
      for (const o of list) {
        if (
          await repo.transition(
            tx,
            o.id,
            ["pending_confirmation"],
            "confirmed",
            sql`, confirm_code_hash = null`,
          )
        )
          await repo.insertEvent(tx, o.id, "confirmed", note);
      }
      return list;
    });
  }

  /**
   * A fresh code for a checkout's COD orders (after a switch from online payment, or asked for
   * again): the old one stops working, the tries start over and the deadline moves on.
   */
  async function issueCode(tx: DbOrTx, checkoutId: string) {
    const code = newCode();
    await tx.execute(sql`update orders set confirm_code_hash = ${codeHash(deps.secret, checkoutId, code)},
      confirm_attempts = 0, confirm_by = now() + make_interval(mins => ${deps.confirmMinutes})
      where checkout_id = ${checkoutId} and status = 'pending_confirmation'`);
    return code;
  }

  const service: OrdersService & {
    expireUnconfirmed(now?: Date): Promise<number>;
    /** The orders side of online payment, plugged into payments in app.ts. */
    payments: ReturnType<typeof createOrderPayments>;
  } = {
    payments: createOrderPayments(deps, {
      cancelIn,
      notify: (result, address) =>
        sendOrderMessages({ sms: deps.sms, mailer: deps.mailer, log }, result, address, null),
      stockChanged,
    }),
    async place(owner, input, opts = {}) {
      const watched = watchStock(deps);
      const placed = await placeOrder(watched.deps, owner, input, opts);
      if (!placed.replay) {
        stockChanged(watched.products);
        const confirm = placed.code
          ? {
              code: placed.code,
              link: confirmLink(deps.publicUrl, deps.secret, placed.result.masterId),
            }
          : null;
        await sendOrderMessages(
          { sms: deps.sms, mailer: deps.mailer, log },
          placed.result,
          placed.address,
          confirm,
        );
      }
      return placed.result;
    },

    async listMine(userId, limit = 50) {
      return (await repo.listOrders(db, userId, Math.min(Math.max(limit, 1), 100))).map(toSummary);
    },

    getMine: detail,

    async cancelMine(owner, id) {
      const o = await owned(owner, id);
      if (!CANCELLABLE.includes(o.status))
        throw conflict(
          o.status === "cancelled"
            ? "This order is already cancelled"
            : "This order has been dispatched and can no longer be cancelled",
        );
      const touched = new Set<string>();
      const ok = await db.transaction((tx) =>
        cancelIn(tx, o.id, CANCELLABLE, "Cancelled by the customer", touched),
      );
      if (!ok) throw conflict("This order can no longer be cancelled");
      stockChanged(touched);
      return detail(owner, id);
    },

    async confirmWithCode(owner, id, input) {
      const { code } = parseInput(confirmBody, input);
      const o = await owned(owner, id);
      if (o.status !== "pending_confirmation") {
        if (o.status === "cancelled") throw conflict("This order was cancelled");
        return detail(owner, id);
      }
      if (o.confirm_attempts >= MAX_CONFIRM_ATTEMPTS)
        throw new AppError(
          429,
          "Too many wrong codes. Use the link in the SMS or call us.",
          "TOO_MANY_ATTEMPTS",
        );
      if (
        !o.confirm_code_hash ||
        !sameSecret(o.confirm_code_hash, codeHash(deps.secret, o.checkout_id, code))
      ) {
        await repo.bumpConfirmAttempts(db, o.checkout_id);
        throw badRequest("That code is not right. Please check the SMS and try again.");
      }
      await confirmCheckout(o.checkout_id, "Confirmed by SMS code");
      return detail(owner, id);
    },

    async resendCode(owner, id) {
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
      const sent = await deps.kv.incr(`cod-resend:n:${o.checkout_id}`, 24 * 3600);
      if (sent > MAX_CODE_RESENDS)
        throw tooMany("No more new codes for this order. Use the link in the SMS or call us.");
      await deps.kv.set(gap, "1", RESEND_GAP_SECONDS);
      const code = await issueCode(db, o.checkout_id);
      const list = await repo.checkoutOrders(db, o.checkout_id);
      await sendNewCode(
        { sms: deps.sms, log },
        { phone: o.address.phone, numbers: list.map((x) => x.order_no).join(", ") },
        { code, link: confirmLink(deps.publicUrl, deps.secret, o.checkout_id) },
      );
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

    async changePaymentMethod(owner, input) {
      const q = parseInput(changePaymentQuery, input);
      if (q.paymentMethod !== "COD")
        throw badRequest(`The checkout service ${q.paymentMethod} not yet implemented`);
      const o = await owned(owner, q.rePayId);
      // The open online attempts end as on a retry: asked first, superseded with the switch.
      await service.payments.beforeSwitch(o.checkout_id);
      const { list, code } = await db.transaction(async (tx) => {
        await service.payments.supersedeIn(tx, o.checkout_id);
        const all = await repo.checkoutOrders(tx, o.checkout_id, true);
        const waiting = all.filter((x) => x.status === "awaiting_payment");
        if (waiting.length === 0) throw conflict("This order is not waiting for a payment");
        if (waiting.reduce((n, x) => n + x.total, 0) > COD_LIMIT) throw codTooLarge();
        const to: OrderStatus = deps.codConfirmation ? "pending_confirmation" : "placed";
        for (const x of waiting) {
          await repo.transition(
            tx,
            x.id,
            ["awaiting_payment"],
            to,
            sql`, payment_method = 'COD', payment_status = 'pending'`,
          );
          await repo.insertEvent(tx, x.id, to, "Payment changed to cash on delivery");
        }
        return {
          list: waiting,
          code: deps.codConfirmation ? await issueCode(tx, o.checkout_id) : null,
        };
      });
      const total = list.reduce((n, x) => n + x.total, 0);
      const first = list[0];
      if (first) {
        const result = {
          ...checkoutResult(list, o.checkout_id),
          paymentMethod: "COD",
          confirmationRequired: Boolean(code),
        };
        const confirm = code
          ? { code, link: confirmLink(deps.publicUrl, deps.secret, o.checkout_id) }
          : null;
        await sendOrderMessages(
          { sms: deps.sms, mailer: deps.mailer, log },
          result,
          first.address,
          confirm,
        );
      }
      return list.length > 1
        ? { status: true, masterIds: list.map((x) => x.id).join(","), amount: { total } }
        : {
            status: true,
            response: { _id: first?.id ?? o.id, amount: { total } },
            amount: { total },
          };
    },

    /** Cancels COD orders nobody confirmed in time and returns their stock; the count. */
    async expireUnconfirmed(now = new Date()) {
      const touched = new Set<string>();
      const n = await db.transaction(async (tx) => {
        let cancelled = 0;
        for (const { id } of await repo.expiredUnconfirmed(tx, now, 200)) {
          if (await cancelIn(tx, id, ["pending_confirmation"], "Not confirmed in time", touched))
            cancelled++;
        }
        return cancelled;
      });
      stockChanged(touched);
      return n;
    },
  };
  return service;
}

export type OrdersServiceImpl = ReturnType<typeof createOrdersService>;
