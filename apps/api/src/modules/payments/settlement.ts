import type { Db, DbOrTx, Tx } from "@maidan/db/database";
import { paymentOutcomes } from "@maidan/observability/metrics";
import type { PaymentOutcome } from "./gateways/types.ts";
import type { OrderPayments, PaymentSettled, WalletTopUps } from "./payments.ports.ts";
import * as repo from "./payments.repository.ts";
import { REFERENCE } from "./references.ts";

export type SignalSource = "callback" | "ipn" | "inquiry" | "return";

/**
 * Why a verified signal was not applied: `unknown` (no attempt of ours has that reference),
 * `mismatch` (another gateway's attempt, or another amount), `refund_due` (money that came too
 * late, recorded for a person to refund), `out_of_order` (a failure after the attempt settled).
 */
export type Refusal = "unknown" | "mismatch" | "refund_due" | "out_of_order";

export type SettleResult =
  | { accepted: true; changed: boolean; attempt: repo.Attempt }
  | {
      accepted: false;
      refusal: Refusal;
      /** For the log and the events. */
      reason: string;
      /** For a server caller (an IPN or a server-to-server callback): one clear sentence. */
      message: string;
      attempt: repo.Attempt | null;
    };

const LATE_FOR_SERVER =
  "Payment received after its order was paid, closed or expired; it is recorded for a refund.";

export type SettlementPorts = {
  orders: OrderPayments;
  wallet: WalletTopUps;
  settled?: PaymentSettled;
};

export type ApplyOptions = {
  /**
   * Runs in the transaction that changes the attempt; false refuses the change (rolled back).
   * HBL's return token is claimed here, so it settles an attempt at most once (decision 022).
   */
  claim?: (tx: Tx, attempt: repo.Attempt) => Promise<boolean>;
};

/** Thrown inside a settling transaction whose claim was refused, to roll it back. */
class ClaimRefused extends Error {}

/**
 * Applies a verified gateway outcome to its payment attempt. Rejects (and logs) an unknown
 * reference, another gateway's attempt and an amount that differs from what we asked for. A
 * repeat of a settled outcome changes nothing. A paid attempt marks its orders paid (or credits
 * the wallet for a top-up) in the same transaction. Money that arrives when it can no longer be
 * applied (see `latePayment`) is recorded with `refund_due`, never applied twice.
 */
export async function applyOutcome(
  db: Db,
  ports: SettlementPorts,
  /** The gateway the signal came from, and how the shopper knows it (ledger remarks). */
  { name: gateway, label }: { name: string; label: string },
  source: SignalSource,
  o: PaymentOutcome,
  log: (msg: string) => void,
  opts: ApplyOptions = {},
): Promise<SettleResult> {
  const claimed = async (tx: Tx, a: repo.Attempt) => {
    if (opts.claim && !(await opts.claim(tx, a))) throw new ClaimRefused();
  };
  const orRefused = <T>(p: Promise<T>) =>
    p.catch((e) => {
      if (e instanceof ClaimRefused) return "refused" as const;
      throw e;
    });
  const event = (
    attempt: repo.Attempt | null,
    accepted: boolean,
    reason: string,
    tx: DbOrTx = db,
  ) =>
    repo.logEvent(tx, {
      attemptId: attempt?.id ?? null,
      gateway,
      source,
      reference: o.reference.slice(0, 60),
      outcome: o.kind,
      accepted,
      reason,
    });
  const reject = async (
    refusal: Refusal,
    reason: string,
    message: string,
    attempt: repo.Attempt | null,
  ): Promise<SettleResult> => {
    await event(attempt, false, reason);
    log(`payments: rejected ${gateway} ${source} for ${o.reference}: ${reason}`);
    return { accepted: false as const, refusal, reason, message, attempt };
  };

  const attempt = REFERENCE.test(o.reference) ? await repo.findByReference(db, o.reference) : null;
  if (!attempt)
    return reject(
      "unknown",
      "unknown reference",
      `No payment of ours has the reference ${o.reference.slice(0, 60)}.`,
      null,
    );
  if (attempt.gateway !== gateway)
    return reject(
      "mismatch",
      `attempt belongs to ${attempt.gateway}`,
      `Payment ${attempt.reference} was not made through ${label}.`,
      attempt,
    );
  if (o.amount !== null && o.amount !== attempt.amount) {
    return reject(
      "mismatch",
      `amount ${o.amount} differs from ${attempt.amount}`,
      `The amount ${o.amount} does not match the ${attempt.amount} rupees due for payment ${attempt.reference}.`,
      attempt,
    );
  }
  if (o.kind === "pending") return { accepted: true, changed: false, attempt };
  if (attempt.status === o.kind) return { accepted: true, changed: false, attempt };
  if (attempt.status !== "pending") {
    if (o.kind === "paid") return latePayment(attempt);
    return reject(
      "out_of_order",
      `${o.kind} after the attempt was ${attempt.status}`,
      `Payment ${attempt.reference} is already ${attempt.status}.`,
      attempt,
    );
  }

  const r = await orRefused(
    db.transaction(async (tx) => {
      const settled = await repo.settle(
        tx,
        attempt.id,
        o.kind as "paid" | "failed" | "cancelled",
        o,
      );
      if (!settled) return null;
      await claimed(tx, settled);
      const applied = o.kind === "paid" ? await applyPaid(tx, settled) : false;
      await event(settled, true, `${o.code} ${o.message}`.trim() || o.kind, tx);
      await ports.settled?.(tx, settled, applied && settled.purpose === "order");
      return { attempt: settled, applied };
    }),
  );
  if (r === "refused") return claimRefused();
  // Lost a race with a retry's supersede (or the expiry): decide as for any late signal.
  if (!r) {
    const now = await repo.findByReference(db, o.reference);
    if (o.kind === "paid" && now && now.status !== "paid") return latePayment(now);
    return { accepted: true, changed: false, attempt: now ?? attempt };
  }
  paymentOutcomes.inc({ gateway, outcome: o.kind });
  return { accepted: true, changed: true, attempt: r.attempt };

  /** Marks the orders paid (and ends the checkout's other attempts) or credits the top-up. */
  async function applyPaid(tx: Tx, a: repo.Attempt) {
    if (a.purpose === "wallet_topup") {
      if (!a.userId) throw new Error(`top-up ${a.reference} has no user`);
      await ports.wallet.topUp(tx, a.userId, {
        amount: a.amount,
        reference: a.reference,
        remark: `Top-up by ${label}`,
      });
      return true;
    }
    if (!a.checkoutId) return false;
    const moved = await ports.orders.markPaid(
      tx,
      a.checkoutId,
      `Paid by ${gateway} (${o.gatewayTxnId ?? a.reference})`,
    );
    if (moved) await repo.supersedePending(tx, a.checkoutId, a.id);
    else await flag(tx, a, "the orders were no longer waiting for this payment");
    return moved;
  }

  /** The callback's one-time link was used already: only a repeat of that outcome is harmless. */
  async function claimRefused(): Promise<SettleResult> {
    // Only reached for an attempt found above, which is never deleted.
    const now = (await repo.findByReference(db, o.reference)) as repo.Attempt;
    if (now.status === o.kind) return { accepted: true, changed: false, attempt: now };
    return reject(
      "mismatch",
      "the return link of this payment was used already",
      `Payment ${now.reference} already came back once; this answer is not applied.`,
      now,
    );
  }

  async function flag(tx: DbOrTx, a: repo.Attempt, why: string) {
    await repo.flagRefund(tx, a.id, `Paid by ${gateway} but ${why}`, o.gatewayTxnId);
    log(`payments: refund due on ${a.reference}: ${why}`);
  }

  /**
   * A verified success for an attempt that is no longer pending. A superseded attempt still pays
   * orders that wait for payment (the shopper paid in the old window), which ends the newer
   * attempt; a top-up is credited even after its window. Otherwise (the orders were paid by
   * another attempt, switched to COD, or their hold was released) the money is recorded as
   * refund due.
   */
  async function latePayment(a: repo.Attempt): Promise<SettleResult> {
    const applicable = a.status === "superseded" || a.purpose === "wallet_topup";
    const r = applicable
      ? await orRefused(
          db.transaction(async (tx) => {
            const settled = await repo.settle(tx, a.id, "paid", o, a.status);
            if (!settled) return null;
            await claimed(tx, settled);
            const applied = await applyPaid(tx, settled);
            await event(
              settled,
              applied,
              applied
                ? `paid after the attempt was ${a.status}`
                : `paid after ${a.status}: refund due`,
              tx,
            );
            await ports.settled?.(tx, settled, applied && settled.purpose === "order");
            return { attempt: settled, applied };
          }),
        )
      : null;
    if (r === "refused") return claimRefused();
    if (r) {
      paymentOutcomes.inc({ gateway, outcome: r.applied ? "paid" : "refund_due" });
      return r.applied
        ? { accepted: true, changed: true, attempt: r.attempt }
        : {
            accepted: false,
            refusal: "refund_due",
            reason: "refund due",
            message: LATE_FOR_SERVER,
            attempt: r.attempt,
          };
    }
    // Money taken after the hold ended (or for a failed attempt) needs a person.
    const current = (await repo.findByReference(db, a.reference)) ?? a;
    if (current.status === "paid") return { accepted: true, changed: false, attempt: current };
    const flagged = await orRefused(
      db.transaction(async (tx) => {
        await claimed(tx, current);
        await flag(tx, current, `the attempt was ${current.status}`);
      }),
    );
    if (flagged === "refused") return claimRefused();
    paymentOutcomes.inc({ gateway, outcome: "refund_due" });
    return reject(
      "refund_due",
      `paid after the attempt was ${current.status}: refund due`,
      LATE_FOR_SERVER,
      current,
    );
  }
}
