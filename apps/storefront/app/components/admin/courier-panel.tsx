import { COURIER_LABELS, COURIER_NAMES } from "@maidan/contracts/admin-couriers";
import type { AdminOrderDetail } from "@maidan/contracts/admin-orders";
import { Form } from "react-router";

/**
 * The order page's shipping box (decision 045): booking a packed order with a courier (which
 * ships it), and the order's papers as PDFs. Vendors print the packing slip only.
 */
export function CourierPanel({
  order,
  staff,
  busy,
}: {
  order: AdminOrderDetail;
  staff: boolean;
  busy: boolean;
}) {
  const pdf = (kind: string) => `/api/admin/orders/${order._id}/${kind}.pdf`;
  return (
    <div className="admin-courier">
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
