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

/** Thrown when a gateway message fails verification (bad signature, wrong merchant, bad host). */
export class GatewayVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GatewayVerificationError";
  }
}
