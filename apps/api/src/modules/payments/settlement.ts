import type { Db } from "@maidan/db/database";
import type { PaymentOutcome } from "./gateways/types.ts";
import type { OrderPayments } from "./payments.ports.ts";
import * as repo from "./payments.repository.ts";
import { REFERENCE } from "./references.ts";

export type SignalSource = "callback" | "ipn" | "inquiry" | "return";

export type SettleResult =
  | { accepted: true; changed: boolean; attempt: repo.Attempt }
  | { accepted: false; reason: string; attempt: repo.Attempt | null };

/**
 * Applies a verified gateway outcome to its payment attempt. Rejects (and logs) an unknown
 * reference, another gateway's attempt, an amount that differs from what we asked for, and a
 * success that arrives after the hold was released. A repeat of a settled outcome changes
 * nothing. A paid attempt marks its orders paid in the same transaction.
 */
export async function applyOutcome(
  db: Db,
  orders: OrderPayments,
  gateway: string,
  source: SignalSource,
  o: PaymentOutcome,
  log: (msg: string) => void,
): Promise<SettleResult> {
  const reject = async (reason: string, attempt: repo.Attempt | null) => {
    await repo.logEvent(db, {
      attemptId: attempt?.id ?? null,
      gateway,
      source,
      reference: o.reference.slice(0, 60),
      outcome: o.kind,
      accepted: false,
      reason,
    });
    log(`payments: rejected ${gateway} ${source} for ${o.reference}: ${reason}`);
    return { accepted: false as const, reason, attempt };
  };

  const attempt = REFERENCE.test(o.reference) ? await repo.findByReference(db, o.reference) : null;
  if (!attempt) return reject("unknown reference", null);
  if (attempt.gateway !== gateway) return reject(`attempt belongs to ${attempt.gateway}`, attempt);
  if (o.amount !== null && o.amount !== attempt.amount) {
    return reject(`amount ${o.amount} differs from ${attempt.amount}`, attempt);
  }
  if (o.kind === "pending") return { accepted: true, changed: false, attempt };
  if (attempt.status !== "pending") {
    if (attempt.status === o.kind) return { accepted: true, changed: false, attempt };
    // Money taken after the hold ended needs a person: the stock may be sold to someone else.
    if (o.kind === "paid") return reject(`paid after the attempt was ${attempt.status}`, attempt);
    return reject(`${o.kind} after the attempt was ${attempt.status}`, attempt);
  }

  return db.transaction(async (tx) => {
    const settled = await repo.settle(tx, attempt.id, o.kind as "paid" | "failed" | "cancelled", o);
    if (!settled) return { accepted: true as const, changed: false, attempt };
    if (o.kind === "paid" && settled.checkoutId) {
      await orders.markPaid(
        tx,
        settled.checkoutId,
        `Paid by ${gateway} (${o.gatewayTxnId ?? settled.reference})`,
      );
    }
    await repo.logEvent(tx, {
      attemptId: settled.id,
      gateway,
      source,
      reference: settled.reference,
      outcome: o.kind,
      accepted: true,
      reason: `${o.code} ${o.message}`.trim() || o.kind,
    });
    return { accepted: true as const, changed: true, attempt: settled };
  });
}

/** Whether a signed message's own timestamp is too old (a replay of a stale callback). */
export const isStale = (at: Date | null, maxAgeMinutes: number, now = Date.now()) =>
  at === null || now - at.getTime() > maxAgeMinutes * 60_000 || at.getTime() - now > 5 * 60_000;
