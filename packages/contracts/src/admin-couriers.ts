/**
 * Couriers in the back-office (issue #14, decision 045): booking a packed order with a courier,
 * the cash couriers collected, and the order's printed papers.
 */
import { z } from "zod";
import "./zod-browser.ts";
import type { Staff } from "./admin-orders.ts";

export const COURIER_NAMES = ["tcs", "leopards", "postex"] as const;
export const COURIER_LABELS: Record<(typeof COURIER_NAMES)[number], string> = {
  tcs: "TCS",
  leopards: "Leopards",
  postex: "PostEx",
};
/** A stored courier name as staff read it (an unknown one as it is). */
export const courierLabel = (c: string) => COURIER_LABELS[c as (typeof COURIER_NAMES)[number]] ?? c;

/** POST /api/admin/orders/{id}/courier-booking */
export const courierBookingBody = z.object({
  courier: z.enum(COURIER_NAMES, "Choose a courier: tcs, leopards or postex"),
});

export const courierBooking = z.object({
  orderId: z.string(),
  courier: z.enum(COURIER_NAMES),
  consignmentNo: z.string(),
  /** The courier's latest status: booked, picked_up, in_transit, delivered or returned. */
  trackStatus: z.string(),
  codAmount: z.number().int(),
  bookedAt: z.string(),
  /** False when the order had been booked before: nothing new was booked. */
  created: z.boolean(),
});
export type CourierBooking = z.infer<typeof courierBooking>;

const day = z.iso.date("Use a date like 2026-01-31");
/** GET /api/admin/couriers/cod-collections?from&to (Pakistan's calendar days). */
export const codCollectionsQuery = z.object({ from: day, to: day });
export const codCollections = z.object({
  days: z.array(
    z.object({
      courier: z.string(),
      day: z.string(),
      orders: z.number().int(),
      amount: z.number().int(),
    }),
  ),
});

/** GET /api/admin/orders/slips.pdf?ids=…&ids=…: many orders' packing slips, one page each. */
export const slipsQuery = z.object({
  ids: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.uuid({ message: "Unknown order" }))
      .min(1, "Choose at least one order")
      .max(100, "At most 100 orders at once"),
  ),
});

export const TRACK_STATUS_LABEL: Record<string, string> = {
  booked: "Booked",
  picked_up: "Picked up",
  in_transit: "In transit",
  delivered: "Delivered",
  returned: "Returned",
};

/** What the order page shows staff of an order's shipping (decision 045). */
export type OrderShipping = {
  booking: (CourierBooking & { trackedAt: string | null }) | null;
  /** The order's phone refused or returned a parcel before (staff call before confirming). */
  refusedPhone: { refusals: number; lastAt: string; courier: string } | null;
};

/** Couriers in the back-office, as /admin's order page calls them (in-process). */
export type CodCollections = z.infer<typeof codCollections>;

/** GET /api/admin/couriers/refused-phones: phones whose parcels came back, latest first. */
export const REFUSED_PHONES_LIMIT = 200;
export const refusedPhones = z.object({
  phones: z.array(
    z.object({
      phone: z.string(),
      refusals: z.number().int(),
      lastAt: z.string(),
      courier: z.string(),
      lastOrderId: z.string().nullable(),
    }),
  ),
});
export type RefusedPhones = z.infer<typeof refusedPhones>;

export type AdminCouriersService = {
  book(staff: Staff, orderId: string, body: unknown): Promise<CourierBooking>;
  /** Managers and admins: cash collected at the door per courier per day (`from`, `to`). */
  codCollected(staff: Staff, query: unknown): Promise<CodCollections>;
  /** Managers and admins: the phones that refused or returned a parcel, latest first. */
  refusedPhones(staff: Staff): Promise<RefusedPhones>;
  /** Managers and admins: the booking and the phone's refusals; vendors: nothing. */
  shippingOf(
    staff: Staff,
    order: { _id: string; address: { phone: string } },
  ): Promise<OrderShipping>;
};
