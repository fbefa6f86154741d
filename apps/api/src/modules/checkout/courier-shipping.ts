import {
  COURIER_LABELS,
  type CourierBooking,
  codCollectionsQuery,
  courierBookingBody,
  type OrderShipping,
  REFUSED_PHONES_LIMIT,
  slipsQuery,
} from "@maidan/contracts/admin-couriers";
import type { AdminOrderDetail, Staff } from "@maidan/contracts/admin-orders";
import { hasRole } from "@maidan/contracts/auth";
import { logger } from "@maidan/observability/log";
import { conflict, forbidden, notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import type { CourierName, Tracking } from "../couriers/courier.ts";
import type { BookingRow, CouriersImpl } from "../couriers/couriers.service.ts";
import { codDue, invoicePdf, labelPdf, slipPdf, slipsPdf } from "../documents/order-pdfs.ts";
import { GatewayUnavailableError } from "../payments/gateways/http.ts";
import type { createStaffOrders } from "./staff-orders.ts";

/*
 * Shipping with couriers (issue #14, decision 045). Booking: the order's booking row is claimed
 * first (one per order: a second booking finds it and books nothing), the courier is called
 * outside any transaction, then in one transaction the booking is completed and the order
 * shipped through its lifecycle step (timeline, event, the shopper's SMS, audit). Tracking: a
 * schedule asks the couriers about shipped parcels and delivers the delivered ones through the
 * same step (COD → paid); a parcel returned or refused flags its phone.
 */

type StaffOrders = ReturnType<typeof createStaffOrders>;
const SYSTEM = { id: null, role: "system" };
const TRACK_BATCH = 200;

const toBooking = (b: BookingRow, created: boolean): CourierBooking => ({
  orderId: b.orderId,
  courier: b.courier as CourierName,
  consignmentNo: b.consignmentNo ?? "",
  trackStatus: b.trackStatus,
  codAmount: b.codAmount,
  bookedAt: new Date(b.createdAt).toISOString(),
  created,
});

export function createCourierShipping(deps: { couriers: CouriersImpl; staffOrders: StaffOrders }) {
  const { couriers, staffOrders } = deps;

  async function book(staff: Staff, id: string, input: unknown): Promise<CourierBooking> {
    if (!hasRole(staff.role, "manager")) throw forbidden("Staff book couriers; vendors do not.");
    const { courier } = parseInput(courierBookingBody, input);
    const order = await staffOrders.get(staff, id);
    const existing = await couriers.bookingOf(order._id);
    if (existing?.consignmentNo) {
      // Booked, but the ship step did not happen (it failed after the courier answered): now.
      if (order.status === "packed")
        await staffOrders.stepWith(staff, order._id, {
          action: "ship",
          courier: COURIER_LABELS[existing.courier as CourierName],
          trackingNo: existing.consignmentNo,
        });
      return toBooking(existing, false);
    }
    if (existing) throw conflict(`Order ${order.orderNo} is being booked right now.`);
    if (order.status !== "packed")
      throw conflict(`Order ${order.orderNo} is ${order.status}: only a packed order is booked.`);
    if (!couriers.available().some((c) => c.name === courier))
      throw conflict(`${COURIER_LABELS[courier]} is not set up on this shop.`);
    const claimed = await couriers.claim(couriers.db, {
      orderId: order._id,
      courier,
      codAmount: codDue(order),
      bookedBy: staff.id,
    });
    if (!claimed) return book(staff, id, input);
    let booked: Awaited<ReturnType<CouriersImpl["book"]>>;
    try {
      booked = await couriers.book(courier, {
        orderNo: order.orderNo,
        consignee: {
          name: order.address.fullName,
          phone: order.address.phone,
          email: order.address.email,
          address: [order.address.address, order.address.landmark].filter(Boolean).join(", "),
          city: order.address.city,
        },
        codAmount: claimed.codAmount,
        pieces: 1,
        weightKg: Math.max(0.5, order.items.reduce((n, i) => n + i.qty, 0) * 0.5),
        description: order.items
          .map((i) => `${i.qty} x ${i.name}`)
          .join("; ")
          .slice(0, 250),
      });
    } catch (e) {
      await couriers.release(order._id);
      const why = e instanceof GatewayUnavailableError ? "did not answer" : (e as Error).message;
      throw conflict(`${COURIER_LABELS[courier]} did not book order ${order.orderNo}: ${why}`);
    }
    try {
      await staffOrders.stepWith(
        staff,
        order._id,
        { action: "ship", courier: COURIER_LABELS[courier], trackingNo: booked.consignmentNo },
        (tx) => couriers.complete(tx, order._id, booked.consignmentNo, booked.response),
      );
    } catch (e) {
      // The parcel is booked with the courier but the order moved meanwhile (cancelled): the
      // booking is kept, so staff see its consignment number to cancel it with the courier.
      await couriers.complete(couriers.db, order._id, booked.consignmentNo, booked.response);
      throw e;
    }
    const done = await couriers.bookingOf(order._id);
    if (!done) throw notFound("Order not found");
    return toBooking(done, true);
  }

  /** One parcel: its latest tracking saved; delivered → the order delivered; returned → flagged. */
  async function trackOne(orderId: string, courier: CourierName, cn: string, phone: string) {
    let t: Tracking;
    try {
      t = await couriers.track(courier, cn);
    } catch (e) {
      logger().warn({ err: e, orderId, courier }, "couriers: tracking failed");
      return "failed" as const;
    }
    if (t.status === "delivered") {
      await staffOrders.stepWith(SYSTEM, orderId, { action: "deliver" }, (tx) =>
        couriers.saveTracking(tx, orderId, t.status, t.history, true),
      );
    } else if (t.status === "returned") {
      await couriers.db.transaction(async (tx) => {
        await couriers.saveTracking(tx, orderId, t.status, t.history, false);
        await couriers.markRefused(tx, phone, orderId, courier);
      });
    } else await couriers.saveTracking(couriers.db, orderId, t.status, t.history, false);
    return t.status;
  }

  return {
    book,
    available: () => couriers.available(),
    async shippingOf(
      staff: Staff,
      order: { _id: string; address: { phone: string } },
    ): Promise<OrderShipping> {
      if (!hasRole(staff.role, "manager")) return { booking: null, refusedPhone: null };
      const [b, r] = await Promise.all([
        couriers.bookingOf(order._id),
        couriers.refusedPhone(order.address.phone),
      ]);
      return {
        booking: b?.consignmentNo
          ? { ...toBooking(b, false), trackedAt: b.trackedAt ? b.trackedAt.toISOString() : null }
          : null,
        refusedPhone: r
          ? { refusals: r.refusals, lastAt: new Date(r.last_at).toISOString(), courier: r.courier }
          : null,
      };
    },

    /** The schedule's run: every shipped, booked parcel asked about once. Returns the tally. */
    async trackShipped() {
      const tally: Record<string, number> = {};
      for (const d of await couriers.due(TRACK_BATCH)) {
        const s = await trackOne(
          d.order_id,
          d.courier as CourierName,
          d.consignment_no,
          d.phone,
        ).catch((e: unknown) => {
          logger().warn({ err: e, orderId: d.order_id }, "couriers: tracked parcel not moved");
          return "failed";
        });
        tally[s] = (tally[s] ?? 0) + 1;
      }
      return tally;
    },

    async refusedPhones(staff: Staff) {
      if (!hasRole(staff.role, "manager")) throw forbidden("Managers and admins only.");
      const rows = await couriers.refusedPhones(REFUSED_PHONES_LIMIT);
      return {
        phones: rows.map((r) => ({
          phone: r.phone,
          refusals: r.refusals,
          lastAt: new Date(r.last_at).toISOString(),
          courier: r.courier,
          lastOrderId: r.last_order_id,
        })),
      };
    },

    async codCollected(staff: Staff, input: unknown) {
      if (!hasRole(staff.role, "manager")) throw forbidden("Managers and admins only.");
      const { from, to } = parseInput(codCollectionsQuery, input);
      return { days: await couriers.codCollected(from, to) };
    },

    /**
     * The order's papers. Label and invoice: managers and admins. Slip: vendors too, of their
     * own store's orders (an order is one store's lines), for packing (decision 045).
     */
    async document(staff: Staff, id: string, kind: "label" | "slip" | "invoice") {
      if (kind !== "slip" && !hasRole(staff.role, "manager"))
        throw forbidden("Vendors print packing slips only.");
      const order: AdminOrderDetail = await staffOrders.get(staff, id);
      if (kind === "slip") return slipPdf(order);
      if (kind === "invoice") return invoicePdf(order);
      const b = await couriers.bookingOf(order._id);
      if (!b?.consignmentNo)
        throw conflict(`Order ${order.orderNo} has no courier booking yet: book it first.`);
      return labelPdf(order, COURIER_LABELS[b.courier as CourierName], b.consignmentNo);
    },

    /** Many orders' slips in one PDF; an order the asker cannot see makes it 404. */
    async slips(staff: Staff, input: unknown) {
      const { ids } = parseInput(slipsQuery, input);
      const orders = [];
      for (const id of new Set(ids)) orders.push(await staffOrders.get(staff, id));
      return slipsPdf(orders);
    },
  };
}
export type CourierShippingImpl = ReturnType<typeof createCourierShipping>;
