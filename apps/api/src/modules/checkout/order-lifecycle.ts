import { type OrderAction, STAFF_STATUS_LABEL } from "@maidan/contracts/admin-orders";
import { CANCELLABLE, type OrderStatus } from "@maidan/contracts/orders";
import type { EventName } from "../events/events.ts";

/**
 * The order's lifecycle as staff move it (decision 044), one step per action:
 *
 *   placed / pending_confirmation ──confirm──► confirmed ──pack──► packed ──ship──► shipped
 *   ──deliver──► delivered ──request_return──► return_requested ──receive_return──► returned
 *   (the returned lines' stock back, decision 048); cancel from any state before shipped.
 *
 * An online order arrives confirmed (its payment verified); a COD order is confirmed by the
 * shopper's SMS code or link, or by staff after a phone call. Anything else is refused (409).
 */
export const LIFECYCLE: Record<
  OrderAction,
  { from: readonly OrderStatus[]; to: OrderStatus; event: EventName; done: string }
> = {
  confirm: {
    from: ["placed", "pending_confirmation"],
    to: "confirmed",
    event: "order.confirmed",
    done: "confirmed",
  },
  pack: { from: ["confirmed"], to: "packed", event: "order.packed", done: "packed" },
  ship: { from: ["packed"], to: "shipped", event: "order.shipped", done: "shipped" },
  deliver: { from: ["shipped"], to: "delivered", event: "order.delivered", done: "delivered" },
  cancel: { from: CANCELLABLE, to: "cancelled", event: "order.cancelled", done: "cancelled" },
  request_return: {
    from: ["delivered"],
    to: "return_requested",
    event: "order.return_requested",
    done: "marked for return",
  },
  receive_return: {
    from: ["return_requested"],
    to: "returned",
    event: "order.returned",
    done: "received back",
  },
};

const ACTIONS = Object.keys(LIFECYCLE) as OrderAction[];

/** What staff may do to an order in `status`. */
export const actionsFrom = (status: OrderStatus): OrderAction[] =>
  ACTIONS.filter((a) => LIFECYCLE[a].from.includes(status));

const label = (s: OrderStatus) => STAFF_STATUS_LABEL[s].toLowerCase();

/** Why `action` cannot be done to an order in `status`, in words staff understand. */
export function refusal(action: OrderAction, status: OrderStatus, orderNo: string): string {
  const step = LIFECYCLE[action];
  if (status === step.to) return `Order ${orderNo} is already ${label(status)}.`;
  if (status === "cancelled") return `Order ${orderNo} is cancelled: it cannot be ${step.done}.`;
  if (action === "cancel")
    return `Order ${orderNo} is ${label(status)}: it has left the warehouse and can no longer be cancelled.`;
  const from = step.from.map(label).join(" or ");
  return `Order ${orderNo} is ${label(status)}: only ${from} orders can be ${step.done}.`;
}
