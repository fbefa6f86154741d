import {
  ADMIN_COUNT_CAP,
  type AdminOrderDetail,
  type AdminOrderList,
  type AdminOrdersService,
  adminOrdersQuery,
  type BULK_ACTIONS,
  bulkBody,
  noteBody,
  type OrderCursor,
  orderCursor,
  type Staff,
  transitionBody,
} from "@maidan/contracts/admin-orders";
import { hasRole } from "@maidan/contracts/auth";
import { AppError } from "@maidan/contracts/errors";
import type { Tx } from "@maidan/db/database";
import { conflict, forbidden, notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import * as audit from "../audit/audit.service.ts";
import * as stock from "../inventory/inventory.service.ts";
import { sentTo } from "../messages/messages.ts";
import type { OrderRow, StaffCursor, StaffRow } from "../orders/order-records.service.ts";
import * as orderService from "../orders/order-records.service.ts";
import { cancelInCheckout } from "./cancellation.ts";
import type { CheckoutServiceDeps } from "./checkout.service.ts";
import { stockChangedOf } from "./checkout-deps.ts";
import { LIFECYCLE, refusal } from "./order-lifecycle.ts";
import {
  noteOf,
  smsOf,
  snapshot,
  type TransitionBody,
  toStaffDetail,
  toStaffRow,
} from "./staff-order-view.ts";

/*
 * The back-office's orders (issue #14, decision 044): staff list and read any order and move it
 * through its lifecycle (order-lifecycle.ts). Each step is one transaction over the checkout's
 * locked orders (decision 029): the status, a timeline row, a domain event, the shopper's SMS
 * (a job) and the audit entry are written together or not at all. Two staff at once: the second
 * waits for the lock, then finds the order moved on and gets 409 with its state.
 */

export type StaffOrdersDeps = CheckoutServiceDeps & {
  payments: CheckoutServiceDeps["payments"] & {
    attemptsOf(checkoutId: string): Promise<AdminOrderDetail["payments"]>;
  };
};

/** A cursor as the URL carries it: base64url of its JSON (decision 054). */
const encodeCursor = (c: OrderCursor) => Buffer.from(JSON.stringify(c)).toString("base64url");

/** The cursor of a page link, checked; a broken one, or another sort's, is 400. */
function cursorOf(text: string, sort: OrderCursor["s"]): StaffCursor {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    json = null;
  }
  const c = orderCursor.safeParse(json);
  if (!c.success || c.data.s !== sort || c.data.k.length !== (sort.endsWith("createdAt") ? 1 : 2))
    throw new AppError("PAGE_LINK_INVALID");
  return { key: c.data.k, id: c.data.id, before: c.data.d === "before" };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missing = () => notFound("Order not found");

/** Staff below manager (vendors) see their own orders and change none (decision 044). */
const isVendor = (s: Staff) => !hasRole(s.role, "manager");
const vendorScope = (s: Staff) => (isVendor(s) ? s.id : undefined);

function requireStaff(s: Staff) {
  if (!hasRole(s.role, "vendor")) throw forbidden();
}

/** Who moves an order on: a staff member, or the shop itself (the courier tracking job). */
export type Actor = { id: string | null; role: string };
/** More writes in a step's transaction, after the order moved (a courier booking's record). */
type Within = (tx: Tx, order: OrderRow) => Promise<unknown>;

export function createStaffOrders(deps: StaffOrdersDeps): AdminOrdersService & {
  stepWith(actor: Actor, id: string, body: TransitionBody, within?: Within): Promise<void>;
} {
  const { db } = deps;
  const stockChanged = stockChangedOf(deps);

  async function get(staff: Staff, id: string): Promise<AdminOrderDetail> {
    requireStaff(staff);
    if (!UUID.test(id)) throw missing();
    const o = await orderService.findForStaff(db, id, vendorScope(staff));
    if (!o) throw missing();
    const recipients = [o.address.phone, ...(o.address.email ? [o.address.email] : [])];
    const [items, events, attempts, messages, entries, notes] = await Promise.all([
      orderService.orderItemsOf(db, o.id),
      orderService.eventsOf(db, o.id),
      deps.payments.attemptsOf(o.checkout_id),
      sentTo(db, recipients, new Date(o.created_at)),
      isVendor(staff) ? [] : audit.entriesOf(db, "order", o.id),
      isVendor(staff) ? [] : orderService.notesOf(db, o.id),
    ]);
    return toStaffDetail(
      o,
      items,
      events,
      { payments: attempts, messages, audit: entries, notes },
      isVendor(staff),
    );
  }

  const parseBody = (input: unknown) => parseInput(transitionBody, input);

  /** One step on one order; throws 409 (nothing written) when the order is not where it must be. */
  async function step(staff: Actor, id: string, body: TransitionBody, within?: Within) {
    if (!UUID.test(id)) throw missing();
    const found = await orderService.findForStaff(db, id);
    if (!found) throw missing();
    const rule = LIFECYCLE[body.action];
    const touched = new Set<string>();
    const outcome = await db.transaction(async (tx) => {
      // The checkout's orders, locked in the order every writer takes them (decision 029).
      const list = await orderService.checkoutOrders(tx, found.checkout_id, true);
      const now = list.find((x) => x.id === id);
      if (!now) throw missing();
      if (!rule.from.includes(now.status))
        throw conflict(refusal(body.action, now.status, now.order_no));
      const before = snapshot({ ...now, courier: found.courier, tracking_no: found.tracking_no });
      let freed = false;
      if (body.action === "cancel") {
        const done = await cancelInCheckout(
          tx,
          { ...deps, refunds: deps.payments.orderRefunds },
          now,
          list,
          { reason: body.reason, refundTo: "original" },
          touched,
        );
        if (!done) throw conflict(refusal("cancel", now.status, now.order_no));
        freed = done.freed;
      } else {
        await moveOn(tx, now, body, touched);
        freed =
          body.action === "confirm" &&
          !list.some((x) => x.id !== id && x.status === "pending_confirmation");
      }
      await within?.(tx, now);
      const after = await orderService.findForStaff(tx, id);
      await audit.record(tx, {
        actor: staff,
        recordType: "order",
        recordId: id,
        action: body.action,
        before,
        after: after ? snapshot(after) : null,
      });
      await deps.messages.sms(tx, now.address.phone, smsOf(deps.publicUrl, now, rule.to, body));
      return { freed: freed && now.status === "pending_confirmation" };
    });
    // Confirmed or cancelled: it no longer counts against the unconfirmed-order limits.
    if (outcome.freed) await deps.codLimits?.release(found.checkout_id);
    stockChanged(touched);
  }

  /** A returned order's units back to their variants (its products locked after its orders). */
  async function restock(tx: Tx, orderId: string, touched: Set<string>) {
    await stock.lockProductsOfOrders(tx, [orderId]);
    const items = (await orderService.orderItemsOf(tx, orderId)).flatMap((i) =>
      i.variant_id ? [{ variantId: i.variant_id, productId: i.product_id, qty: i.qty }] : [],
    );
    await stock.returnStock(tx, items);
    for (const i of items) if (i.productId) touched.add(i.productId);
  }

  /** confirm, pack, ship, deliver or a return's steps: the status, the timeline row, the event. */
  async function moveOn(tx: Tx, o: OrderRow, body: TransitionBody, touched: Set<string>) {
    const rule = LIFECYCLE[body.action];
    // Cash on delivery is collected at the door: delivered is paid.
    const paid = body.action === "deliver" && o.payment_method === "COD";
    const moved = await orderService.transition(tx, o.id, rule.from, rule.to, {
      clearCode: body.action === "confirm",
      ...(paid ? { paymentStatus: "paid" as const } : {}),
    });
    if (!moved) throw conflict(refusal(body.action, o.status, o.order_no));
    if (body.action === "ship")
      await orderService.setShipment(tx, o.id, body.courier, body.trackingNo);
    // The parcel is back: its lines' units go back on the shelf, once (the status moved above).
    if (body.action === "receive_return") await restock(tx, o.id, touched);
    await orderService.insertEvent(tx, o.id, rule.to, noteOf(body, paid));
    await deps.events?.emit(tx, rule.event, o.id, {
      orderNo: o.order_no,
      checkoutId: o.checkout_id,
      from: o.status,
      ...(body.action === "ship" ? { courier: body.courier, trackingNo: body.trackingNo } : {}),
    });
  }

  return {
    async list(staff, query): Promise<AdminOrderList> {
      requireStaff(staff);
      const q = parseInput(adminOrdersQuery, query ?? {});
      const cursor = q.cursor === undefined ? undefined : cursorOf(q.cursor, q.sort);
      const filters = {
        status: q.status,
        paymentStatus: q.paymentStatus,
        method: q.method,
        city: q.city,
        from: q.from,
        to: q.to,
        q: q.q,
        vendor: q.vendor,
        vendorOwner: vendorScope(staff),
      };
      const page = (c?: StaffCursor) =>
        orderService.listForStaff(db, filters, q.sort, q.pageSize + 1, c);
      let rows = await page(cursor);
      let from = cursor;
      // Back at the start (or newer orders came in ahead): the first page, whole.
      if (cursor?.before && rows.length <= q.pageSize) {
        from = undefined;
        rows = await page();
      }
      // One row more than a page says whether more lie that way.
      const more = rows.length > q.pageSize;
      if (more) rows = from?.before ? rows.slice(1) : rows.slice(0, q.pageSize);
      const [firstRow, lastRow] = [rows[0], rows.at(-1)];
      // A first page that holds every match is its own count (a search's one order).
      const counted =
        from === undefined && !more
          ? rows.length
          : await orderService.countForStaff(db, filters, ADMIN_COUNT_CAP);
      const toCursor = (r: StaffRow | undefined, d: "after" | "before") =>
        r ? encodeCursor({ s: q.sort, k: r.sort_key.map(Number), id: r.id, d }) : null;
      return {
        orders: rows.map(toStaffRow),
        total: Math.min(counted, ADMIN_COUNT_CAP),
        totalCapped: counted > ADMIN_COUNT_CAP,
        pageSize: q.pageSize,
        // Reading forwards, a cursor means pages lie behind; reading backwards, ahead.
        next: (from?.before ? true : more) ? toCursor(lastRow, "after") : null,
        previous: (from?.before ? more : from !== undefined) ? toCursor(firstRow, "before") : null,
      };
    },

    get,

    /** One step by the shop's own code (a courier booking or its tracking), no role check. */
    stepWith: step,

    async transition(staff, id, input) {
      requireStaff(staff);
      if (isVendor(staff))
        throw new AppError("FORBIDDEN", "Vendors cannot change an order's status; staff do.");
      await step(staff, id, parseBody(input));
      return get(staff, id);
    },

    /** A note between staff on any order, in any state: the note and its audit entry together. */
    async addNote(staff, id, input) {
      requireStaff(staff);
      if (isVendor(staff)) throw new AppError("FORBIDDEN", "Vendors cannot add notes; staff do.");
      const { text } = parseInput(noteBody, input);
      if (!UUID.test(id)) throw missing();
      await db.transaction(async (tx) => {
        const o = await orderService.findForStaff(tx, id);
        if (!o) throw missing();
        const note = await orderService.insertNote(tx, { orderId: id, authorId: staff.id, text });
        await audit.record(tx, {
          actor: staff,
          recordType: "order",
          recordId: id,
          action: "note",
          before: null,
          after: { note: note.id, text },
        });
      });
      return get(staff, id);
    },

    async bulk(staff, input) {
      requireStaff(staff);
      if (isVendor(staff))
        throw new AppError("FORBIDDEN", "Vendors cannot change an order's status; staff do.");
      const { action, ids } = parseInput(bulkBody, input);
      const results = [];
      // One transaction per order: one that cannot move does not hold back the others.
      for (const id of [...new Set(ids)]) {
        try {
          await step(staff, id, { action } as { action: (typeof BULK_ACTIONS)[number] });
          results.push({ _id: id, ok: true, status: LIFECYCLE[action].to, message: null });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          const now = await orderService.findForStaff(db, id);
          results.push({ _id: id, ok: false, status: now?.status ?? null, message: e.message });
        }
      }
      return { results };
    },
  };
}

export type StaffOrdersImpl = ReturnType<typeof createStaffOrders>;
