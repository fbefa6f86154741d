import type { Kv } from "../../lib/kv.ts";
import type { Messages } from "../messages/messages.ts";
import type { PlaceDeps } from "./place-order.ts";

/**
 * What the checkout workflow is given by the server (apps/server/src/compose.ts): the services
 * of the domains it calls (cart, addresses, wallet, vouchers; inventory and orders are imported
 * as services), the COD settings and limits, and the messages.
 */
export type CheckoutDeps = PlaceDeps & {
  /** The order's SMS and e-mail, enqueued in its transactions (modules/messages). */
  messages: Messages;
  /** Throttles of new confirmation codes (shared by every process when Redis is set). */
  kv: Kv;
  /** The shop's configured public origin, for the links in SMS (never a request's Host). */
  publicUrl: string;
  /** Told, after the commit, which products an order took stock of or gave it back to. */
  stockChanged?: (productIds: string[]) => void;
};

/** The products whose stock a committed checkout step took or gave back, passed on once. */
export const stockChangedOf = (deps: Pick<CheckoutDeps, "stockChanged">) => (ids: Set<string>) => {
  if (ids.size > 0) deps.stockChanged?.([...ids]);
};
