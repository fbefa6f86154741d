/** Online payments as the storefront and the mobile apps see them (spec §7 "Payments"). */

/** Where one attempt to collect money stands; only a verified signal moves it (decision 019). */
export const PAYMENT_STATUSES = [
  "pending",
  "paid",
  "failed",
  "cancelled",
  "expired",
  "superseded",
] as const;
/**
 * Why an unpaid online order was cancelled when its stock hold ended (the payments job); a
 * shopper who then tries to pay is told "The time to pay for this order has run out".
 */
export const HOLD_ENDED_REASON = "Payment not received in time";
export const HOLD_ENDED_MESSAGE = "The time to pay for this order has run out";

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Whose payment: a signed-in shopper, or a guest by the guest cookie's id. */
export type PaymentOwner = { userId: string | null; guestId: string | null };

/** The verified result of a checkout's payment as the repayment page shows it. */
export type PaymentResult = {
  status: PaymentStatus | "refund_due";
  message: string | null;
};

/** A browser hand-off: the storefront submits `fields` to `action` with `method`. */
export type FormHandoff = {
  action: string;
  method: "GET" | "POST";
  fields: Record<string, string>;
};

/** What the storefront reads of payments; the rest goes through `/api/pay/*`. */
export type PaymentsService = {
  /**
   * The gateways taking payments now, by the names the API's registry gives them ("easypaisa",
   * "alfalah", "hbl", "keenu", "nift"), and whether the sandboxes stand in for them.
   */
  availability(): { testMode: boolean; gateways: string[] };
  /** Smallest and largest wallet top-up, whole rupees. */
  readonly topUpLimits: { min: number; max: number };
  resultOf(
    owner: PaymentOwner,
    q: { checkoutId: string; reference?: string | null },
  ): Promise<PaymentResult | null>;
  /** Keenu's bank list, for the bank picker. */
  keenuBanks(): Promise<{ bankId: string; bankName: string }[]>;
  /** Easypay's second step (`/pgw/easypaisa`): the form posting the token back. */
  easypaisaConfirmForm(authToken: string): Promise<FormHandoff>;
};
