import type { OrderRefund, RefundTo } from "@maidan/contracts/orders";
import type { Tx } from "@maidan/db/database";

export type PaymentOwner = { userId: string | null; guestId: string | null };

/** The delivery address and contact a gateway may ask for (HBL bills to it). */
export type PayerContact = {
  fullName: string;
  phone: string;
  email: string | null;
  address: string;
  city: string;
  province: string;
  zip: string | null;
};

/** What a payment is for: a checkout whose orders wait for payment. */
export type PayableCheckout = {
  checkoutId: string;
  /** Rupees still due after any wallet part (what the gateway must collect). */
  amountDue: number;
  /** Ids of the checkout's orders, for /order-success. */
  orderIds: string[];
  /** When the stock hold ends. */
  holdUntil: Date;
  contact: PayerContact;
  items: { name: string; qty: number; price: number; category: string }[];
  shipping: number;
};

/**
 * What payments needs from the checkout its payments are for. The checkout workflow implements
 * it (modules/checkout/online-payment.ts, payment-results.ts) and the server hands it to
 * payments when it makes the service (apps/server/src/compose.ts); payments never imports the
 * orders or the checkout, and never touches the orders tables itself.
 */
export type OrderPayments = {
  /**
   * Places the owner's cart as orders in 'awaiting_payment' with their stock held for
   * `holdMinutes`, or (with rePayId) returns that checkout if it is the owner's and unpaid.
   */
  payableCheckout(
    owner: PaymentOwner,
    input: {
      address: unknown;
      walletId?: string | null;
      useWallet?: boolean;
      rePayId?: string | null;
      method: string;
      holdMinutes: number;
      idempotencyKey?: string | null;
    },
  ): Promise<PayableCheckout>;
  /** awaiting_payment → paid, inside the payment's transaction. False if the orders moved on. */
  markPaid(tx: Tx, checkoutId: string, note: string): Promise<boolean>;
  /** Cancels still-unpaid orders of the checkout and returns their stock. */
  releaseHold(tx: Tx, checkoutId: string, reason: string): Promise<boolean>;
  /** Once the transaction that released a hold has committed: its stock is back on sale. */
  stockReleased?(checkoutId: string): Promise<void>;
  /** The checkout's order ids, for the /order-success link after a verified payment. */
  orderIds(checkoutId: string): Promise<string[]>;
  /** Checkouts still awaiting payment after their hold ended (whatever their attempts did). */
  expiredHolds(limit: number): Promise<string[]>;
  /** Staff refunded an order's payment through the gateway: its payment status says so. */
  refunded?(tx: Tx, orderId: string): Promise<void>;
};

/** An order paid online that is being cancelled, inside the cancel's transaction. */
export type CancelledPaidOrder = {
  orderId: string;
  orderNo: string;
  checkoutId: string;
  userId: string | null;
  guestId: string | null;
  /** What the gateway collected for this order: its total (the wallet part is apart). */
  amount: number;
};

/** Refunds of cancelled orders paid online (decision 023). */
export type PaidOrderRefunds = {
  /**
   * Records the refund owed, once per order, inside the cancel's transaction; to the wallet it
   * is credited there too. 400 for wallet credit without an account, 409 when the payment
   * cannot be found (the cancel is then refused whole).
   */
  refund(tx: Tx, order: CancelledPaidOrder, to: RefundTo): Promise<OrderRefund>;
  refundOf(orderId: string): Promise<OrderRefund | null>;
};

/** A checkout's pending payment attempts, ended the way a retry ends them (decision 015). */
export type OpenAttempts = {
  /**
   * Asks the gateway about each pending attempt (where it has an inquiry) and applies the
   * answer. Outside any transaction; 409 "This order is already paid" when that paid it.
   */
  inquire(checkoutId: string): Promise<void>;
  /** Pending attempts → superseded, inside the caller's transaction. */
  supersede(tx: Tx, checkoutId: string, reason: string): Promise<void>;
};

/**
 * Told in the transaction that settles an attempt (paid, failed or cancelled): the server writes
 * the `payment.paid` / `payment.failed` domain events with it (decision 035).
 */
export type PaymentSettled = (
  tx: Tx,
  attempt: {
    id: string;
    gateway: string;
    purpose: string;
    checkoutId: string | null;
    amount: number;
    status: string;
  },
  /** Whether this settlement paid the checkout's orders (false: refund due, or a top-up). */
  ordersPaid: boolean,
) => Promise<void>;

/** What payments needs from the wallet: once-only credits for a top-up and for a refund. */
export type WalletTopUps = {
  /** Credits `amount` to the user's wallet once per `reference`, inside `tx`; false if already done. */
  topUp(
    tx: Tx,
    userId: string,
    t: { amount: number; reference: string; remark: string },
  ): Promise<boolean>;
  /** The same, as the refund of a cancelled order's online payment (`order_refund`). */
  refund?(
    tx: Tx,
    userId: string,
    r: { amount: number; reference: string; remark: string },
  ): Promise<boolean>;
};

/** A staff refund of part of a paid order to its online method (decision 046). */
export type MethodRefund = (
  tx: Tx,
  r: { checkoutId: string; amount: number; refundId: string },
) => Promise<
  | { status: "refunded"; gatewayRefundRef: string }
  /** The gateway has no refund API: staff refund it in its portal (`gateway`, `reference`). */
  | { status: "due"; gateway: string; reference: string }
  /** The checkout has no paid attempt. */
  | null
>;
