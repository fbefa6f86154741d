import {
  type OrderRefunds,
  type OrderRefundView,
  refundBody,
  refundDoneBody,
} from "@maidan/contracts/admin-customers";
import type { Staff } from "@maidan/contracts/admin-orders";
import { hasRole } from "@maidan/contracts/auth";
import { rupees } from "@maidan/contracts/money";
import type { OrderStatus } from "@maidan/contracts/orders";
import type { Db, DbOrTx, Tx } from "@maidan/db/database";
import type { z } from "zod";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import * as audit from "../audit/audit.service.ts";
import type { Events } from "../events/events.ts";
import type { Messages } from "../messages/messages.ts";
import type { ItemRow, OrderRow, RefundRow } from "../orders/order-records.service.ts";
import * as orderService from "../orders/order-records.service.ts";
import type { MethodRefund } from "../payments/payments.ports.ts";
import type { WalletServiceImpl } from "../wallet/wallet.service.ts";

/*
 * Staff refunds of delivered orders, and of cancelled ones whose payment was kept back in part
 * (issue #14, decision 046). Each refund is one transaction over the checkout's locked orders
 * (decision 029): the refund row, the wallet's ledger entry or the gateway's refund, the timeline
 * row, the `order.refunded` event, the shopper's SMS and the audit entry. Two refunds at once
 * queue on the lock, and the second sees what the first took: together they never pass what the
 * order was paid.
 */

export type StaffRefundsDeps = {
  db: Db;
  wallet: WalletServiceImpl;
  messages: Messages;
  events?: Events;
  publicUrl: string;
  payments: {
    /** The checkout's paid attempt refunded through its gateway, where it can. */
    refundToMethod: MethodRefund;
  };
};

/** A refund's request once checked (`refundBody`'s output). */
export type RefundInput = z.output<typeof refundBody>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missing = () => notFound("Order not found");
/** Orders the shopper received: refunded alike, returned or on their way back (decision 048). */
const WAS_DELIVERED: readonly OrderStatus[] = ["delivered", "return_requested", "returned"];

function requireManager(s: Staff) {
  if (!hasRole(s.role, "manager")) throw forbidden("Only managers and admins refund orders.");
}

/** What the order took from the shopper that staff may give back, or why nothing. */
export function paidOf(
  o: Pick<
    OrderRow,
    | "status"
    | "payment_method"
    | "payment_status"
    | "total"
    | "wallet_used"
    | "kept_back"
    | "order_no"
  >,
) {
  if (WAS_DELIVERED.includes(o.status)) {
    if (!["paid", "refund_due", "refunded"].includes(o.payment_status))
      return { paid: 0, refusal: `Order ${o.order_no} was delivered but never paid.` };
    return { paid: o.total + o.wallet_used, refusal: null };
  }
  // A cancel gave back the wallet part and the online payment, less what it kept back for the
  // checkout's other orders (decision 023): that part only is left to refund.
  if (o.status === "cancelled" && o.payment_method !== "COD" && o.kept_back > 0)
    return { paid: o.kept_back, refusal: null };
  return {
    paid: 0,
    refusal: `Only delivered orders, or cancelled orders whose payment was kept, can be refunded: ${o.order_no} is ${o.status.replace("_", " ")}.`,
  };
}

/** Units of a line refunded so far, by item id. */
function refundedUnits(refunds: RefundRow[]) {
  const units = new Map<string, number>();
  for (const r of refunds)
    for (const l of r.lines) units.set(l.itemId, (units.get(l.itemId) ?? 0) + l.qty);
  return units;
}

/**
 * The money of `k` more units of a line after `done` were refunded: the line's total split so
 * that all its units together give back exactly the line's total, never a rupee more.
 */
export const unitsAmount = (item: Pick<ItemRow, "total" | "qty">, done: number, k: number) =>
  Math.floor((item.total * (done + k)) / item.qty) - Math.floor((item.total * done) / item.qty);

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function manualStepOf(
  o: OrderRow,
  r: RefundRow,
  due: { gateway: string; reference: string } | null,
) {
  if (r.status !== "owed") return null;
  const money = rupees(r.amount);
  return due
    ? `Refund ${money} in the ${due.gateway} portal (payment ${due.reference}), then record it here with the portal's refund id.`
    : o.payment_method === "COD"
      ? `Pay ${money} back to ${o.address.fullName} (${o.address.phone}) by bank transfer or cash: the order was paid in cash. Then record it here with the transfer's reference.`
      : `Refund ${money} in the payment gateway's portal, then record it here with the portal's refund id.`;
}

export function createStaffRefunds(deps: StaffRefundsDeps) {
  const { db } = deps;

  const view = (o: OrderRow, r: RefundRow): OrderRefundView => ({
    _id: r.id,
    amount: r.amount,
    to: r.destination,
    status: r.status,
    lines: r.lines,
    reason: r.reason,
    createdAt: iso(r.createdAt) as string,
    doneAt: iso(r.doneAt),
    doneNote: r.doneNote,
    gatewayRefundRef: r.gatewayRefundRef,
    manualStep: r.status === "owed" ? (r.manualStep ?? manualStepOf(o, r, null)) : null,
  });

  async function summaryOf(q: DbOrTx, o: OrderRow): Promise<OrderRefunds> {
    const [items, refunds] = await Promise.all([
      orderService.orderItemsOf(q, o.id),
      orderService.refundsOf(q, o.id),
    ]);
    const { paid, refusal } = paidOf(o);
    const refunded = refunds.reduce((s, r) => s + r.amount, 0);
    const units = refundedUnits(refunds);
    return {
      orderId: o.id,
      orderNo: o.order_no,
      status: o.status,
      refundable: refusal === null && paid - refunded > 0,
      refusal:
        refusal ?? (paid - refunded > 0 ? null : "Everything paid for this order is refunded."),
      paid,
      refunded,
      left: Math.max(0, paid - refunded),
      walletAllowed: o.user_id !== null,
      lines: items.map((i) => ({
        itemId: i.id,
        name: [i.name, i.size, i.color].filter(Boolean).join(", "),
        price: i.price,
        qty: i.qty,
        refundedQty: units.get(i.id) ?? 0,
      })),
      refunds: refunds.map((r) => view(o, r)),
    };
  }

  async function found(id: string) {
    if (!UUID.test(id)) throw missing();
    const o = await orderService.findForStaff(db, id);
    if (!o) throw missing();
    return o;
  }

  /** The order, its checkout's orders locked (decision 029), inside `tx`. */
  async function lockedOrder(tx: Tx, id: string, checkoutId: string) {
    const list = await orderService.checkoutOrders(tx, checkoutId, true);
    const o = list.find((x) => x.id === id);
    if (!o) throw missing();
    return o;
  }

  /** What the refund gives back: the units' money, or the amount asked. */
  function amountOf(
    body: { lines: { itemId: string; qty: number }[]; amount?: number },
    items: ItemRow[],
    units: Map<string, number>,
  ) {
    if (body.amount !== undefined) return { amount: body.amount, lines: [] };
    const asked = new Map<string, number>();
    for (const l of body.lines) asked.set(l.itemId, (asked.get(l.itemId) ?? 0) + l.qty);
    let amount = 0;
    for (const [itemId, qty] of asked) {
      const item = items.find((i) => i.id === itemId);
      if (!item) throw badRequest("That line is not in this order");
      const done = units.get(itemId) ?? 0;
      if (done + qty > item.qty)
        throw conflict(
          `Only ${item.qty - done} of ${item.name} ${item.qty - done === 1 ? "is" : "are"} left to refund. Nothing was refunded.`,
        );
      amount += unitsAmount(item, done, qty);
    }
    if (amount === 0) throw badRequest("These units cost nothing: there is no money to refund.");
    return { amount, lines: [...asked].map(([itemId, qty]) => ({ itemId, qty })) };
  }

  /** The order's payment status once its refunds change: refund_due while any is owed. */
  async function settle(tx: Tx, o: OrderRow) {
    if (!WAS_DELIVERED.includes(o.status)) return;
    const refunds = await orderService.refundsOf(tx, o.id);
    const refunded = refunds.reduce((s, r) => s + r.amount, 0);
    const status = refunds.some((r) => r.status === "owed")
      ? "refund_due"
      : refunded >= paidOf(o).paid
        ? "refunded"
        : "paid";
    if (status !== o.payment_status) await orderService.setPaymentStatus(tx, o.id, status);
  }

  /** One refund on the caller's transaction: the checkout's orders locked, then every write. */
  async function refundIn(tx: Tx, staff: Staff, id: string, checkoutId: string, body: RefundInput) {
    const o = await lockedOrder(tx, id, checkoutId);
    const { paid, refusal } = paidOf(o);
    if (refusal) throw conflict(refusal);
    if (body.to === "wallet" && !o.user_id)
      throw badRequest(
        "This order was placed by a guest, who has no wallet. Refund it to the original payment method.",
      );
    const [items, before] = await Promise.all([
      orderService.orderItemsOf(tx, o.id),
      orderService.refundsOf(tx, o.id),
    ]);
    const refunded = before.reduce((s, r) => s + r.amount, 0);
    const { amount, lines } = amountOf(body, items, refundedUnits(before));
    if (amount > paid - refunded)
      throw conflict(
        `${rupees(amount)} is more than the ${rupees(paid - refunded)} left to refund of order ${o.order_no} (paid ${rupees(paid)}, refunded ${rupees(refunded)}). Nothing was refunded.`,
      );
    let row = await orderService.insertRefund(tx, {
      orderId: o.id,
      amount,
      destination: body.to,
      status: body.to === "wallet" ? "refunded" : "owed",
      lines,
      reason: body.reason,
      actorId: staff.id,
    });
    let due: { gateway: string; reference: string } | null = null;
    if (body.to === "wallet" && o.user_id) {
      await deps.wallet.credit(tx, o.user_id, {
        amount,
        kind: "order_refund",
        reference: row.id,
        remark: `Refund for order ${o.order_no}: ${body.reason}`,
      });
    } else if (o.payment_method !== "COD") {
      const back = await deps.payments.refundToMethod(tx, {
        checkoutId: o.checkout_id,
        amount,
        refundId: row.id,
      });
      if (back?.status === "refunded")
        row =
          (await orderService.markRefundDone(tx, row.id, {
            gatewayRefundRef: back.gatewayRefundRef,
          })) ?? row;
      else if (back) due = back;
    }
    const step = manualStepOf(o, row, due);
    if (step) row = (await orderService.setRefundManualStep(tx, row.id, step)) ?? row;
    const where =
      body.to === "wallet"
        ? "to the wallet"
        : row.status === "refunded"
          ? "to the original payment method"
          : "owed to the original payment method";
    await orderService.insertEvent(
      tx,
      o.id,
      o.status,
      `Refund of ${rupees(amount)} ${where}: ${body.reason}`,
    );
    await deps.events?.emit(tx, "order.refunded", o.id, {
      orderNo: o.order_no,
      checkoutId: o.checkout_id,
      refundId: row.id,
      amount,
      to: body.to,
      status: row.status,
    });
    await deps.messages.sms(tx, o.address.phone, {
      template: "order-refunded",
      orderNo: o.order_no,
      amount,
      to: body.to,
      link: `${deps.publicUrl}/my/orders/${o.id}`,
    });
    await audit.record(tx, {
      actor: staff,
      recordType: "order",
      recordId: o.id,
      action: "refund",
      before: { refunded, paymentStatus: o.payment_status },
      after: {
        amount,
        to: body.to,
        refunded: refunded + amount,
        refund: view(o, row),
      },
    });
    await settle(tx, o);
    return row;
  }

  return {
    /** GET /api/admin/orders/{id}/refunds */
    async of(staff: Staff, id: string) {
      requireManager(staff);
      return summaryOf(db, await found(id));
    },

    /** POST /api/admin/orders/{id}/refunds */
    async refund(staff: Staff, id: string, input: unknown) {
      requireManager(staff);
      const body = parseInput(refundBody, input);
      const first = await found(id);
      await db.transaction((tx) => refundIn(tx, staff, id, first.checkout_id, body));
      return summaryOf(db, await found(id));
    },

    /**
     * A refund inside the caller's transaction (a dispute resolved by refund, decision 052):
     * the same checks, lock, rows, event, SMS and audit as `refund`. Answers the refund row.
     */
    async refundInTx(tx: Tx, staff: Staff, orderId: string, body: RefundInput) {
      requireManager(staff);
      const o = await orderService.findForStaff(tx, orderId);
      if (!o) throw missing();
      return refundIn(tx, staff, orderId, o.checkout_id, body);
    },

    /** What an order may still refund (0 when nothing). */
    async leftOf(q: DbOrTx, orderId: string) {
      const o = await orderService.findForStaff(q, orderId);
      if (!o) return 0;
      const { paid, refusal } = paidOf(o);
      if (refusal) return 0;
      const refunded = (await orderService.refundsOf(q, o.id)).reduce((s, r) => s + r.amount, 0);
      return Math.max(0, paid - refunded);
    },

    /** POST /api/admin/refunds/{id}/done: an owed refund paid back by hand, recorded once. */
    async done(staff: Staff, refundId: string, input: unknown) {
      requireManager(staff);
      const { note } = parseInput(refundDoneBody, input);
      if (!UUID.test(refundId)) throw notFound("Refund not found");
      const r = await orderService.findRefund(db, refundId);
      if (!r) throw notFound("Refund not found");
      const first = await found(r.order_id);
      await db.transaction(async (tx) => {
        const o = await lockedOrder(tx, first.id, first.checkout_id);
        const row = await orderService.markRefundDone(tx, refundId, {
          gatewayRefundRef: note,
          note,
        });
        if (!row) throw conflict("This refund is not owed: it was recorded as paid back already.");
        await orderService.insertEvent(
          tx,
          o.id,
          o.status,
          `Refund of ${rupees(row.amount)} paid back to the original method: ${note}`,
        );
        await audit.record(tx, {
          actor: staff,
          recordType: "order",
          recordId: o.id,
          action: "refund_done",
          before: { refundId, owed: row.amount },
          after: { refundId, paidBack: row.amount, note },
        });
        await settle(tx, o);
      });
      return summaryOf(db, await found(first.id));
    },
  };
}

export type StaffRefundsImpl = ReturnType<typeof createStaffRefunds>;
