/**
 * What every gateway adapter hands back after verifying a gateway's answer (a signed callback,
 * a fetched IPN or a status inquiry). Only `paid` from a verified source may mark an order paid.
 */
export type PaymentOutcome = {
  kind: "paid" | "failed" | "cancelled" | "pending";
  /** Our reference as the gateway echoes it back (the payment attempt's reference). */
  reference: string;
  /** Whole rupees as the gateway reports them; null when the message carries no amount. */
  amount: number | null;
  /** The gateway's own transaction id, when it gives one. */
  gatewayTxnId: string | null;
  /** The gateway's result code and text, kept for the log and the shopper's message. */
  code: string;
  message: string;
};

/** A browser hand-off: the storefront submits `fields` to `action` with `method`. */
export type FormHandoff = {
  action: string;
  method: "GET" | "POST";
  fields: Record<string, string>;
};

/** The attempt a refused message was about, when it could be matched to one. */
type AboutAttempt = { id: string; reference: string };

/**
 * Thrown when a gateway message fails verification (bad signature, wrong merchant, bad host).
 * `attempt` names our attempt when the message could be matched to one: the rejection is then
 * recorded on it, and its shopper reads that the bank's answer did not match.
 */
export class GatewayVerificationError extends Error {
  attempt: AboutAttempt | null;
  constructor(message: string, attempt: AboutAttempt | null = null) {
    super(message);
    this.name = "GatewayVerificationError";
    this.attempt = attempt;
  }
}

/** Runs a check whose failures are about `attempt` (when it is known). */
export async function checkedFor<T>(
  attempt: AboutAttempt | null | undefined,
  f: () => Promise<T> | T,
): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof GatewayVerificationError && attempt) e.attempt ??= attempt;
    throw e;
  }
}

/** Whether a signed message's own timestamp is too old (a replay of a stale callback). */
export const isStale = (at: Date | null, maxAgeMinutes: number, now = Date.now()) =>
  at === null || now - at.getTime() > maxAgeMinutes * 60_000 || at.getTime() - now > 5 * 60_000;
