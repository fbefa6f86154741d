import type { CartOwner } from "@maidan/contracts/cart";
import type { OrderSummary } from "@maidan/contracts/orders";
import type { Db, DbOrTx } from "@maidan/db/database";
import * as notesRepo from "./order-notes.repository.ts";
import * as refundsRepo from "./order-refunds.repository.ts";
import { toSummary } from "./order-view.ts";
import * as repo from "./orders.repository.ts";
import * as staffRepo from "./staff-orders.repository.ts";

/*
 * Orders: the order records (one per vendor of a checkout, with their items, status history and
 * amounts) and the shopper's list of them. The domain knows nothing of payments, stock, vouchers
 * or the wallet: the checkout workflow (modules/checkout) places, confirms, cancels and re-prices
 * orders by composing the steps below with theirs. Like inventory's, every step runs on the
 * caller's connection or transaction, so a checkout writes its orders, stock and money in one.
 */

export type { ItemRow, NewItem, NewOrder, OrderRow, TransitionPatch } from "./orders.repository.ts";

// --- Reading ---

/** One order if it is the owner's (the user's, else the guest's); null otherwise. */
export const findOrder = (db: DbOrTx, userId: string | null, guestId: string | null, id: string) =>
  repo.findOrder(db, userId, guestId, id);

/** A checkout's orders; `forUpdate` locks them (decision 029: orders before their products). */
export const checkoutOrders = (db: DbOrTx, checkoutId: string, forUpdate = false) =>
  repo.checkoutOrders(db, checkoutId, forUpdate);

export const orderItemsOf = (db: DbOrTx, orderId: string) => repo.orderItemsOf(db, orderId);

/** The items of several orders, each with its order id. */
export const itemsOfOrders = (db: DbOrTx, orderIds: string[]) => repo.itemsOfOrders(db, orderIds);

export const eventsOf = (db: DbOrTx, orderId: string) => repo.eventsOf(db, orderId);

/** The checkout an order belongs to (its voucher use is the checkout's). */
export const checkoutOf = (tx: DbOrTx, orderId: string) => repo.checkoutOf(tx, orderId);

/** Who paid what from a wallet for an order (for the refund when it is cancelled). */
export const walletPartOf = (tx: DbOrTx, orderId: string) => repo.walletPartOf(tx, orderId);

/** An order's total, payment and what its re-pricing kept back (for an online refund). */
export const moneyOf = (tx: DbOrTx, orderId: string) => repo.moneyOf(tx, orderId);

/** Checkouts with an unconfirmed COD order past its deadline, longest overdue first. */
export const expiredUnconfirmed = (db: DbOrTx, now: Date, limit: number) =>
  repo.expiredUnconfirmed(db, now, limit);

/** Checkouts with an online order whose stock hold (confirm_by) ended unpaid. */
export const expiredHolds = (db: DbOrTx, now: Date, limit: number) =>
  repo.expiredHolds(db, now, limit);

/** The back-office's list: any shopper's orders, filtered (a vendor's own), a page of them. */
export const listForStaff = (...args: Parameters<typeof staffRepo.listForStaff>) =>
  staffRepo.listForStaff(...args);
export const countForStaff = (...args: Parameters<typeof staffRepo.countForStaff>) =>
  staffRepo.countForStaff(...args);
/** One order whoever's it is; with `vendorOwner`, only if it is that vendor's. */
export const findForStaff = (db: DbOrTx, id: string, vendorOwner?: string) =>
  staffRepo.findForStaff(db, id, vendorOwner);
export type {
  StaffCursor,
  StaffFilters,
  StaffRow,
  StaffSort,
} from "./staff-orders.repository.ts";

// --- Writing ---

/** An order with its items and its first status events, in one statement. */
export const insertOrder = (
  tx: DbOrTx,
  o: repo.NewOrder,
  items: repo.NewItem[],
  events: Parameters<typeof repo.insertOrder>[3],
) => repo.insertOrder(tx, o, items, events);

/** A line of an order's status history. */
export const insertEvent = (...args: Parameters<typeof repo.insertEvent>) =>
  repo.insertEvent(...args);

/** Moves an order from one of `from` to `to`; false when it was no longer in one of them. */
export const transition = (...args: Parameters<typeof repo.transition>) => repo.transition(...args);

/** A new confirmation code (its hash) for a checkout's COD orders; the deadline moves on. */
export const setConfirmCode = (tx: DbOrTx, checkoutId: string, hash: string, minutes: number) =>
  repo.setConfirmCode(tx, checkoutId, hash, minutes);

/** Counts one try at a checkout's code (fewer than `max` made) and answers its hash, else null. */
export const takeConfirmAttempt = (tx: DbOrTx, checkoutId: string, max: number) =>
  repo.takeConfirmAttempt(tx, checkoutId, max);

/** A retry through another gateway: the waiting orders now say which method they wait for. */
export const setAwaitingMethod = (tx: DbOrTx, checkoutId: string, method: string) =>
  repo.setAwaitingMethod(tx, checkoutId, method);

export const setPaymentStatus = (
  tx: DbOrTx,
  orderId: string,
  status: "paid" | "refund_due" | "refunded",
) => repo.setPaymentStatus(tx, orderId, status);

/** The courier and tracking number staff shipped the order with. */
export const setShipment = (tx: DbOrTx, id: string, courier: string, trackingNo: string) =>
  staffRepo.setShipment(tx, id, courier, trackingNo);

/** An order's amounts after re-pricing (a gift line taken off lowers its unit count). */
export const setAmounts = (...args: Parameters<typeof repo.setAmounts>) => repo.setAmounts(...args);

export const deleteItem = (tx: DbOrTx, itemId: string) => repo.deleteItem(tx, itemId);

/** What a cancelled order's online refund keeps back for the orders it earned a benefit. */
export const setKeptBack = (tx: DbOrTx, id: string, amount: number) =>
  repo.setKeptBack(tx, id, amount);

// --- Staff refunds (decision 046) ---

export type { RefundRow } from "./order-refunds.repository.ts";
export const refundsOf = (db: DbOrTx, orderId: string) => refundsRepo.refundsOf(db, orderId);
export const insertRefund = (...args: Parameters<typeof refundsRepo.insertRefund>) =>
  refundsRepo.insertRefund(...args);
export const markRefundDone = (...args: Parameters<typeof refundsRepo.markRefundDone>) =>
  refundsRepo.markRefundDone(...args);
export const findRefund = (db: DbOrTx, id: string) => refundsRepo.findRefund(db, id);
export const setRefundManualStep = (tx: DbOrTx, id: string, step: string) =>
  refundsRepo.setManualStep(tx, id, step);
/** A customer's orders, for staff (newest first). */
export const ordersOfUser = (db: DbOrTx, userId: string, limit = 50) =>
  refundsRepo.ordersOfUser(db, userId, limit);

// --- Staff notes on an order (decision 048) ---

export type { NoteRow } from "./order-notes.repository.ts";
export const notesOf = (db: DbOrTx, orderId: string) => notesRepo.notesOf(db, orderId);
export const insertNote = (...args: Parameters<typeof notesRepo.insertNote>) =>
  notesRepo.insertNote(...args);

/** Who an order is for and how it is named (no money, no address). */
export type OrderFacts = {
  id: string;
  userId: string | null;
  orderNo: string;
  status: string;
  /** The goods' value (before shipping, wallet and discounts taken at checkout). */
  subtotal: number;
};
const factsOf = (o: repo.OrderRow): OrderFacts => ({
  id: o.id,
  userId: o.user_id,
  orderNo: o.order_no,
  status: o.status,
  subtotal: o.subtotal,
});

/** The shopper's lists of orders (what needs no other domain). */
export function createOrdersService(db: Db) {
  return {
    async listMine(userId: string, limit = 50): Promise<OrderSummary[]> {
      return (await repo.listOrders(db, userId, Math.min(Math.max(limit, 1), 100))).map(toSummary);
    },

    /** Which of these shoppers have placed an order (not cancelled): the referral page. */
    async whoOrdered(userIds: string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      return new Set((await repo.usersWithOrders(db, userIds)).map((r) => r.user_id));
    },

    /** An order's owner, number and status, whoever's it is (the notifications consumer). */
    async facts(id: string): Promise<OrderFacts | null> {
      const o = await staffRepo.findForStaff(db, id);
      return o ? factsOf(o) : null;
    },

    /** The same for each order of a checkout, by number. */
    async checkoutFacts(checkoutId: string): Promise<OrderFacts[]> {
      return (await repo.checkoutOrders(db, checkoutId)).map(factsOf);
    },

    /** Orders of a checkout awaiting a failed online payment (the /checkout/repayment list). */
    async awaitingPayment(owner: CartOwner): Promise<OrderSummary[]> {
      if (!owner.userId && !owner.guestId) return [];
      return (await repo.ownedByStatus(db, owner.userId, owner.guestId, "awaiting_payment")).map(
        toSummary,
      );
    },
  };
}

export type OrdersServiceImpl = ReturnType<typeof createOrdersService>;
