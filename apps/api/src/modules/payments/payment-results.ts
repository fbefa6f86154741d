import { HOLD_ENDED_MESSAGE } from "@maidan/contracts/payments";
import type { PaymentOwner } from "./payments.ports.ts";
import * as repo from "./payments.repository.ts";
import type { PaymentsCore } from "./payments-core.ts";
import { REFERENCE } from "./references.ts";

/** Where the shopper's browser goes once we know (or do not yet know) how a payment ended. */
export type Landing = { location: string; status: repo.Attempt["status"] | "unknown" };

/** The verified result of a checkout's payment as the repayment page shows it. */
export type PaymentResult = {
  status: repo.Attempt["status"] | "refund_due";
  message: string | null;
};

/** What the shopper reads when a payment came too late to use (it is refunded by a person). */
const LATE =
  "We received your payment after this order had been paid or closed. It will be refunded to you.";
const CANCELLED = "You cancelled the payment. Pay again or choose cash on delivery.";
const WAITING =
  "We have not heard from the bank about this payment yet. If you paid, your order is confirmed as soon as the bank tells us; otherwise pay again or choose cash on delivery.";
const REJECTED =
  "The bank's answer for this payment did not match this order, so it is not marked paid. Pay again or choose cash on delivery.";

/** Where a payment sends the browser, and what the repayment page says about it. */
export function createResults(core: PaymentsCore) {
  const { db } = core;

  /**
   * Where the browser goes: /order-success for a paid attempt, else the repayment page naming
   * the checkout and the attempt. The page asks for that attempt's verified result (resultOf);
   * it never shows text from its own URL.
   */
  async function landing(reference: string | null): Promise<Landing> {
    const a = reference ? await repo.findByReference(db, reference) : null;
    if (a?.purpose === "wallet_topup")
      return {
        location: `/my/wallet?${new URLSearchParams({ topup: a.status })}`,
        status: a.status,
      };
    if (!a?.checkoutId) return { location: "/checkout/repayment", status: "unknown" };
    if (a.status === "paid" && !a.refundDue) {
      const ids = (await core.ports.orders.orderIds(a.checkoutId)).join(",") || a.checkoutId;
      return {
        location: `/order-success?${new URLSearchParams({ id: ids, amount: String(a.amount) })}`,
        status: a.status,
      };
    }
    const q = new URLSearchParams({
      rePayId: a.checkoutId,
      status: a.refundDue ? "refund_due" : a.status,
      ref: a.reference,
    });
    return { location: `/checkout/repayment?${q}`, status: a.status };
  }

  /** What the shopper reads about an attempt, from its verified state only. */
  async function shopperMessage(a: repo.Attempt): Promise<string | null> {
    if (a.refundDue) return LATE;
    switch (a.status) {
      case "failed":
        return a.resultMessage || "Your payment did not go through.";
      case "cancelled":
        return CANCELLED;
      case "expired":
        return HOLD_ENDED_MESSAGE;
      case "pending": {
        const events = await repo.eventsOf(db, a.id);
        const last = events.sort((x, y) => +x.createdAt - +y.createdAt).at(-1);
        return last && !last.accepted ? REJECTED : WAITING;
      }
      default:
        return null;
    }
  }

  /**
   * The result the repayment page shows for one of the owner's checkouts: the attempt named by
   * `reference` (the one that just came back) or else the checkout's latest. Null when the
   * checkout or attempt is not the owner's.
   */
  async function resultOf(
    owner: PaymentOwner,
    q: { checkoutId: string; reference?: string | null },
  ): Promise<PaymentResult | null> {
    if (!/^[0-9a-f-]{36}$/i.test(q.checkoutId)) return null;
    const a =
      q.reference && REFERENCE.test(q.reference)
        ? await repo.findByReference(db, q.reference)
        : await repo.latestAttemptOf(db, q.checkoutId);
    if (!a || a.checkoutId !== q.checkoutId) return null;
    const mine = owner.userId
      ? a.userId === owner.userId
      : owner.guestId !== null && a.guestId === owner.guestId && a.userId === null;
    if (!mine) return null;
    return { status: a.refundDue ? "refund_due" : a.status, message: await shopperMessage(a) };
  }

  return { landing, resultOf };
}

export type Results = ReturnType<typeof createResults>;
