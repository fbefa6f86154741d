import {
  COURIER_LABELS,
  COURIER_NAMES,
  type OrderShipping,
  TRACK_STATUS_LABEL,
} from "@maidan/contracts/admin-couriers";
import type { AdminOrderDetail } from "@maidan/contracts/admin-orders";
import { rupees } from "@maidan/contracts/money";
import { Form } from "react-router";
import { formatDate } from "../../lib/format";

/**
 * The order page's shipping box (decision 045): booking a packed order with a courier (which
 * ships it), and the order's papers as PDFs. Vendors print the packing slip only.
 */
export function CourierPanel({
  order,
  shipping,
  staff,
  busy,
}: {
  order: AdminOrderDetail;
  shipping: OrderShipping;
  staff: boolean;
  busy: boolean;
}) {
  const pdf = (kind: string) => `/api/admin/orders/${order._id}/${kind}.pdf`;
  const { booking, refusedPhone } = shipping;
  return (
    <div className="admin-courier">
      {refusedPhone && (
        <p className="admin-alert" role="note">
          This phone refused or returned{" "}
          {refusedPhone.refusals === 1 ? "a parcel" : `${refusedPhone.refusals} parcels`} before
          (last {formatDate(refusedPhone.lastAt)}, {refusedPhone.courier}): call before sending
          another cash-on-delivery parcel.
        </p>
      )}
      {booking && (
        <p className="admin-booking">
          Booked with {COURIER_LABELS[booking.courier]} · consignment number{" "}
          <strong>{booking.consignmentNo}</strong> ·{" "}
          {TRACK_STATUS_LABEL[booking.trackStatus] ?? booking.trackStatus}
          {booking.trackedAt ? ` (checked ${formatDate(booking.trackedAt)})` : ""}
          {booking.codAmount > 0 ? ` · collects ${rupees(booking.codAmount)}` : ""}
        </p>
      )}
      {staff && order.status === "packed" && (
        <Form method="post" className="admin-action">
          <input type="hidden" name="intent" value="courier-booking" />
          <label className="field">
            <span>Book with</span>
            <select name="courier" defaultValue="tcs">
              {COURIER_NAMES.map((c) => (
                <option key={c} value={c}>
                  {COURIER_LABELS[c]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button" disabled={busy}>
            Book courier and ship
          </button>
        </Form>
      )}
      <p className="admin-papers">
        Print:{" "}
        {staff && order.shipment && (
          <>
            <a href={pdf("label")} target="_blank" rel="noreferrer">
              Shipping label
            </a>{" "}
            ·{" "}
          </>
        )}
        <a href={pdf("slip")} target="_blank" rel="noreferrer">
          Packing slip
        </a>
        {staff && (
          <>
            {" "}
            ·{" "}
            <a href={pdf("invoice")} target="_blank" rel="noreferrer">
              Invoice
            </a>
          </>
        )}
      </p>
    </div>
  );
}
