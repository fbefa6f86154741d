import { z } from "zod";
import { badRequest } from "../../../lib/errors.ts";
import type { RefundOutcome } from "./payment-gateway.ts";

/** Spec §8 for a method a start call does not offer. */
export const notImplemented = (name: string) =>
  badRequest(`The checkout service ${name} not yet implemented`);

/** Any fields: what a gateway's return or callback may carry before its adapter reads it. */
export const anyFields = z.record(z.string(), z.unknown());

/** A §7 order call's answer echoes what the storefront sent (address, method, wallet fields). */
export const echo = (b: Record<string, unknown>) => ({
  address: b.address,
  paymentMethod: b.paymentMethod,
  walletId: b.walletId ?? null,
  useWallet: b.useWallet ?? false,
});

/** A string field of a body that zod has already checked. */
export const text = (b: Record<string, unknown>, key: string) =>
  typeof b[key] === "string" ? b[key] : undefined;

/**
 * The refund of a gateway without a refund API (none of the five documents one): the money is
 * owed until staff refund it in the gateway's portal and record it (decision 023).
 */
export const refundInPortal = async (): Promise<RefundOutcome> => ({ status: "due" });
