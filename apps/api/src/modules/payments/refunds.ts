import type { OrderRefund } from "@maidan/contracts/orders";
import type { Db } from "@maidan/db/database";
import { badRequest, conflict } from "../../lib/errors.ts";
import type { RefundOutcome, RefundRequest } from "./gateways/payment-gateway.ts";
import type {
  MethodRefund,
  OrderPayments,
  PaidOrderRefunds,
  WalletTopUps,
} from "./payments.ports.ts";
import * as repo from "./payments.repository.ts";

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Refunds of orders cancelled after they were paid online (decision 023). The checkout's
 * cancellation calls `port.refund` inside the cancel's transaction, so the order's cancel, its
 * stock, its wallet part and this refund commit together or not at all. One row per order
 * (unique), and the cancel itself moves the order once, so a second or concurrent cancel
 * refunds nothing more. Money owed to the original method goes to the gateway's `refund`: one
 * without a refund API (none of the five documents one) leaves it due until staff refund it in
 * the gateway's portal and record it here.
 */
export function createRefunds(deps: {
  db: Db;
  labelOf: (gateway: string) => string;
  ports: { orders: OrderPayments; wallet: WalletTopUps };
  /** The gateway's own refund of a paid attempt (`PaymentGateway.refund`). */
  refund: (gateway: string, r: RefundRequest) => Promise<RefundOutcome>;
}) {
  const { db, labelOf } = deps;

  const view = (r: repo.Refund): OrderRefund => ({
    amount: r.amount,
    to: r.destination,
    status: r.status,
    method: labelOf(r.gateway),
    createdAt: iso(r.createdAt) as string,
    refundedAt: iso(r.refundedAt),
  });

  const port: PaidOrderRefunds = {
    async refund(tx, o, to) {
      if (to === "wallet" && !o.userId)
        throw badRequest(
          "Wallet credit needs an account. Choose a refund to your original payment method.",
        );
      const paid = await repo.paidAttemptOf(tx, o.checkoutId);
      if (!paid)
        throw conflict(
          "We could not find this order's online payment, so it cannot be cancelled here. Please contact us.",
        );
      // The checkout's orders share one payment: together they never get back more than it took.
      if ((await repo.refundedFrom(tx, paid.id)) + o.amount > paid.amount)
        throw conflict(
          "This order's refund does not match its payment, so it cannot be cancelled here. Please contact us.",
        );
      const gateway = labelOf(paid.gateway);
      let row = await repo.insertRefund(tx, {
        orderId: o.orderId,
        attemptId: paid.id,
        gateway: paid.gateway,
        amount: o.amount,
        destination: to,
        userId: o.userId,
        guestId: o.userId ? null : o.guestId,
        reason: `Order ${o.orderNo} cancelled after it was paid by ${gateway} (${paid.reference})`,
      });
      if (!row) {
        const existing = await repo.refundOfOrder(tx, o.orderId);
        if (!existing) throw new Error(`refund of ${o.orderId} vanished`);
        return view(existing);
      }
      if (to === "wallet" && o.userId) {
        const credit = deps.ports.wallet.refund;
        if (!credit) throw new Error("payments: no wallet to refund to");
        await credit(tx, o.userId, {
          amount: o.amount,
          reference: row.id,
          remark: `Refund for cancelled order ${o.orderNo} (paid by ${gateway})`,
        });
        row = (await repo.markRefunded(tx, row.id, null)) ?? row;
      } else {
        const done = await deps.refund(paid.gateway, {
          reference: paid.reference,
          gatewayTxnId: paid.gatewayTxnId,
          amount: o.amount,
          refundId: row.id,
        });
        if (done.status === "refunded")
          row = (await repo.markRefunded(tx, row.id, done.gatewayRefundRef)) ?? row;
      }
      return view(row);
    },

    async refundOf(orderId) {
      const r = await repo.refundOfOrder(db, orderId);
      return r ? view(r) : null;
    },
  };

  /**
   * Part of a paid checkout's online payment back to the way it was paid (a staff refund of a
   * delivered order, decision 046): the gateway's own refund where it has one. `due` (with
   * what staff need to do it in the gateway's portal) otherwise, null when the checkout has no
   * paid attempt.
   */
  const toMethod: MethodRefund = async (tx, r) => {
    const paid = await repo.paidAttemptOf(tx, r.checkoutId);
    if (!paid) return null;
    const done = await deps.refund(paid.gateway, {
      reference: paid.reference,
      gatewayTxnId: paid.gatewayTxnId,
      amount: r.amount,
      refundId: r.refundId,
    });
    return done.status === "refunded"
      ? done
      : { status: "due", gateway: labelOf(paid.gateway), reference: paid.reference };
  };

  return {
    port,

    /** For staff: refunds owed to an original method, and money taken too late (refund_due). */
    async owed(limit = 200) {
      const [refunds, late] = await Promise.all([
        repo.refundsOwedWithAttempt(db, limit),
        repo.refundsDue(db, limit),
      ]);
      return {
        refunds: refunds.map(({ refund: r, reference }) => ({
          id: r.id,
          orderId: r.orderId,
          reference,
          gateway: r.gateway,
          amount: r.amount,
          reason: r.reason,
          createdAt: iso(r.createdAt) as string,
        })),
        lateMoney: late.map((a) => ({
          reference: a.reference,
          gateway: a.gateway,
          amount: a.amount,
          gatewayTxnId: a.gatewayTxnId,
          reason: a.refundDue ?? "",
          createdAt: iso(a.createdAt) as string,
        })),
      };
    },

    toMethod,

    /** Staff refunded one through the gateway's portal: recorded once, with the portal's id. */
    async markRefunded(id: string, gatewayRefundRef: string) {
      return db.transaction(async (tx) => {
        const r = await repo.markRefunded(tx, id, gatewayRefundRef);
        if (!r)
          throw conflict("This refund is not owed: it was recorded already, or there is none");
        await deps.ports.orders.refunded?.(tx, r.orderId);
        return { ...view(r), id: r.id, orderId: r.orderId, gatewayRefundRef };
      });
    },
  };
}
