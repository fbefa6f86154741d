import { HOLD_ENDED_REASON } from "@maidan/contracts/payments";
import type { Db } from "@maidan/db/database";
import type { GatewayRegistry } from "./gateways/gateway-registry.ts";
import type { GatewayHttp } from "./gateways/http.ts";
import type { GatewayContext } from "./gateways/payment-gateway.ts";
import { createResults } from "./payment-results.ts";
import { createSignals } from "./payment-signals.ts";
import { createStarts } from "./payment-start.ts";
import { enabledGateways, type GatewayConfigs } from "./payments.config.ts";
import type { OrderPayments, PaymentSettled, WalletTopUps } from "./payments.ports.ts";
import * as repo from "./payments.repository.ts";
import { contextOf, gatewayOf, type PaymentsCore } from "./payments-core.ts";
import { createRefunds } from "./refunds.ts";

export type PaymentsDeps = {
  db: Db;
  registry: GatewayRegistry;
  gateways: GatewayConfigs;
  http: GatewayHttp;
  /** The shop's public origin (config.publicUrl): see PaymentsCore. */
  origin: string;
  holdMinutes: number;
  callbackMaxAgeMinutes: number;
  /** Wallet top-up limits in whole rupees (WALLET_TOPUP_MIN / WALLET_TOPUP_MAX). */
  topUpLimits: { min: number; max: number };
  log: (msg: string) => void;
  /** The checkout's side of an order's payment (its online-payment.ts), given by the server. */
  orders: OrderPayments;
  /** Verified top-ups and wallet refunds credited to the wallet's ledger, given by the server. */
  wallet: WalletTopUps;
  /** Told in the transaction that settles an attempt: the domain events (decision 035). */
  settled?: PaymentSettled;
};

/**
 * Online payments through any registered gateway (decision 033): starting an attempt and
 * handing the shopper to the gateway, what the gateways tell us afterwards (payment-signals.ts,
 * applied by settlement.ts), where the browser lands and what it reads (payment-results.ts), the
 * inquiry job, and refunds. Nothing here knows one gateway from another.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, log } = deps;
  const core: PaymentsCore = {
    ...deps,
    ports: { orders: deps.orders, wallet: deps.wallet, settled: deps.settled },
  };
  const results = createResults(core);
  const signals = createSignals(core, results);
  const { start, startTopUp, openAttempts } = createStarts(core, signals, {
    holdMinutes: deps.holdMinutes,
    topUp: deps.topUpLimits,
  });
  const refunds = createRefunds({
    db,
    labelOf: deps.registry.labelOf,
    ports: core.ports,
    refund: async (name, r) => {
      const g = deps.registry.get(name);
      if (!g) return { status: "due" };
      const mode = deps.gateways.modes.get(name);
      const config = () => mode?.config() ?? Promise.reject(new Error(`no settings for ${name}`));
      return g.refund({ config, http: deps.http, origin: deps.origin }, r);
    },
  });

  /**
   * The background job: asks the gateways about pending attempts whose shopper never came
   * back, then expires attempts past their hold and releases the orders' stock.
   */
  async function runInquiries(limit = 50) {
    const { orders } = core.ports;
    let inquired = 0;
    let expired = 0;
    for (const a of await repo.dueForInquiry(db, limit)) {
      try {
        if (await signals.inquire(a)) inquired++;
      } catch (e) {
        log(`payments: inquiry for ${a.reference} failed: ${(e as Error).message}`);
      }
      await repo.scheduleNextInquiry(db, a.id);
    }
    for (const a of await repo.expiredPending(db, limit)) {
      // One last question before giving the stock back: the shopper may have paid just now.
      await signals.inquire(a).catch(() => null);
      if (await signals.expire(a)) expired++;
    }
    // Orders whose attempts all failed or were cancelled (or never started) still hold stock:
    // once the hold ends with no attempt pending, the stock goes back.
    for (const checkoutId of await orders.expiredHolds(limit)) {
      if (await repo.openAttemptOf(db, checkoutId)) continue; // the loop above settles it first
      const released = await db.transaction((tx) =>
        orders.releaseHold(tx, checkoutId, HOLD_ENDED_REASON),
      );
      if (released) await orders.stockReleased?.(checkoutId);
      if (released) expired++;
    }
    return { inquired, expired };
  }

  return {
    start,
    /** A checkout's open attempts, ended when it switches to cash on delivery (the checkout calls). */
    attempts: openAttempts,
    /** A cancelled order's online payment given back, inside the cancel's transaction (decision 023). */
    orderRefunds: refunds.port,
    startTopUp,
    topUpLimits: deps.topUpLimits,
    /** A gateway's return, callback or IPN (its signal routes). */
    receive: signals.receive,
    /**
     * Calls `f`, one of the gateway's own functions, with the gateway's settings (of the type its
     * folder defines); `newPayments` refuses a gateway that is switched off.
     */
    async withGateway<C, T>(
      name: string,
      f: (ctx: GatewayContext<C>) => Promise<T>,
      opts: { newPayments?: boolean } = {},
    ) {
      const ctx = await contextOf(core, gatewayOf(core, name), { newPayment: opts.newPayments });
      return f(ctx as GatewayContext<C>);
    },
    refundsDue: (limit = 100) => repo.refundsDue(db, limit),
    /** A checkout's attempts with their outcome, for staff (the back-office's order page). */
    async attemptsOf(checkoutId: string) {
      return (await repo.attemptsOf(db, checkoutId)).map((a) => ({
        _id: a.id,
        gateway: a.gateway,
        method: a.method,
        amount: a.amount,
        status: a.status,
        resultMessage: a.resultMessage,
        createdAt: a.createdAt.toISOString(),
      }));
    },
    /** Staff: what is owed back (cancelled paid orders, late money) and recording a refund. */
    refundsOwed: refunds.owed,
    markRefunded: refunds.markRefunded,
    /** A staff refund of a paid order back to its online method (decision 046). */
    refundToMethod: refunds.toMethod,
    landing: results.landing,
    resultOf: results.resultOf,
    /** What the storefront offers and says: the gateways taking payments, and test mode. */
    availability: () => ({
      testMode: deps.gateways.testMode,
      gateways: enabledGateways(deps.gateways),
    }),
    runInquiries,
    attemptByReference: (reference: string) => repo.findByReference(db, reference),
    eventsOf: (attemptId: string) => repo.eventsOf(db, attemptId),
  };
}

export type PaymentsServiceImpl = ReturnType<typeof createPaymentsService>;
