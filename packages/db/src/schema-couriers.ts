import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { users } from "./schema-auth.ts";
import { orders } from "./schema-orders.ts";

/**
 * An order's booking with a courier (decision 045): at most one per order, so booking twice
 * books once. The row is claimed before the courier is called (no consignment number yet) and
 * completed with its answer; the tracking job keeps the courier's latest status and history.
 */
export const courierBookings = pgTable(
  "courier_bookings",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    courier: text("courier").notNull(),
    /** Null while the booking is under way. */
    consignmentNo: text("consignment_no"),
    response: jsonb("response"),
    /** booked | picked_up | in_transit | delivered | returned */
    trackStatus: text("track_status").notNull().default("booked"),
    tracking: jsonb("tracking"),
    /** Rupees the courier collects at the door (0 for a paid order). */
    codAmount: integer("cod_amount").notNull().default(0),
    bookedBy: uuid("booked_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    trackedAt: timestamp("tracked_at", { withTimezone: true }),
    /** When the courier delivered (the day its cash was collected). */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("courier_bookings_status_idx").on(t.trackStatus),
    index("courier_bookings_delivered_idx").on(t.courier, t.deliveredAt),
  ],
);

/** Phones whose parcels came back refused or returned: staff call before the next COD order. */
export const refusedPhones = pgTable("refused_phones", {
  phone: text("phone").primaryKey(),
  lastOrderId: uuid("last_order_id").references(() => orders.id, { onDelete: "set null" }),
  courier: text("courier").notNull(),
  refusals: integer("refusals").notNull().default(1),
  lastAt: timestamp("last_at", { withTimezone: true }).notNull().defaultNow(),
});
