import { AppError } from "@maidan/contracts/errors";
import { HOLD_ENDED_REASON } from "@maidan/contracts/payments";
import { badRequest } from "../../lib/errors.ts";
import { GatewayUnavailableError } from "./gateways/http.ts";
import type {
  PaymentGateway,
  SignalContext,
  SignalRequest,
  SignalRoute,
} from "./gateways/payment-gateway.ts";
import { checkedFor, GatewayVerificationError, type PaymentOutcome } from "./gateways/types.ts";
import type { Landing, Results } from "./payment-results.ts";
import * as repo from "./payments.repository.ts";
import { contextOf, gatewayOf, type PaymentsCore } from "./payments-core.ts";
import { REFERENCE } from "./references.ts";
import {
  type ApplyOptions,
  applyOutcome,
  type SettleResult,
  type SignalSource,
} from "./settlement.ts";

/**
 * What the gateways tell us after the hand-off, for every gateway alike: a signal is verified by
 * its gateway (`verifyReturn`, `verifyCallback`, `inquire`), then applied by settlement.ts. A
 * refused signal is recorded (on its attempt when it names one) and answered 400.
 */
export function createSignals(core: PaymentsCore, results: Results) {
  const { db, log } = core;

  const apply = (gateway: string, source: SignalSource, o: PaymentOutcome, opts?: ApplyOptions) =>
    applyOutcome(
      db,
      core.ports,
      { name: gateway, label: core.registry.labelOf(gateway) },
      source,
      o,
      log,
      opts,
    );

  /** Verification failures are logged as rejections (on the attempt when it is known); 400. */
  async function verified<T>(
    gateway: string,
    source: SignalSource,
    f: () => Promise<T> | T,
  ): Promise<T> {
    try {
      return await f();
    } catch (e) {
      if (e instanceof GatewayVerificationError) {
        await repo.logEvent(db, {
          attemptId: e.attempt?.id ?? null,
          gateway,
          source,
          reference: e.attempt?.reference ?? null,
          accepted: false,
          reason: e.message,
        });
        log(`payments: rejected ${gateway} ${source}: ${e.message}`);
        throw badRequest("Payment verification failed");
      }
      throw e;
    }
  }

  /** Ends a pending attempt whose hold is over and gives its orders' stock back. */
  async function expire(a: repo.Attempt) {
    const { orders } = core.ports;
    const done = await db.transaction(async (tx) => {
      const row = await repo.settle(tx, a.id, "expired", {
        gatewayTxnId: null,
        code: "EXPIRED",
        message: "Payment time ran out",
      });
      if (row?.checkoutId) await orders.releaseHold(tx, row.checkoutId, HOLD_ENDED_REASON);
      return row;
    });
    if (done?.checkoutId) await orders.stockReleased?.(done.checkoutId);
    return done;
  }

  /** Asks the attempt's gateway (where it has an inquiry) and applies the answer. */
  async function inquire(a: repo.Attempt): Promise<SettleResult | null> {
    const g = core.registry.get(a.gateway);
    const ask = g?.inquire;
    if (!g || !ask) return null;
    const ctx = await contextOf(core, g);
    const o = await verified(g.name, "inquiry", () => checkedFor(a, () => ask(ctx, a.reference)));
    return apply(g.name, "inquiry", o);
  }

  /**
   * A return whose query is only a hint: confirm by inquiry before saying anything. Settled
   * attempts are asked too (all but paid ones): a shopper who paid after the hold ended comes
   * back here, and the gateway's answer records that money as refund due.
   */
  async function hinted(reference: string | null) {
    const a = reference ? await repo.findByReference(db, reference) : null;
    if (a && a.status !== "paid" && !a.refundDue) {
      await inquire(a).catch((e) =>
        log(`payments: inquiry on return failed: ${(e as Error).message}`),
      );
    }
    return results.landing(reference);
  }

  /** A verified outcome that only says which payment to ask about: the inquiry's answer counts. */
  async function confirmedByInquiry(g: PaymentGateway, source: SignalSource, o: PaymentOutcome) {
    const seen = await apply(g.name, source, { ...o, kind: "pending" });
    if (!seen.accepted) return seen;
    const asked = await inquire(seen.attempt).catch((e) => {
      log(`payments: ${g.name} inquiry after a callback failed: ${(e as Error).message}`);
      return null;
    });
    return asked ?? seen;
  }

  /**
   * A return bound to its attempt's URL token: a success after the hold expires the attempt
   * first (money to give back, not an order to confirm), and the token is claimed in the
   * transaction that settles the attempt, so it settles it at most once (decision 022).
   */
  async function boundToToken(g: PaymentGateway, source: SignalSource, o: PaymentOutcome) {
    const a = await repo.findByReference(db, o.reference);
    if (a?.status === "pending" && a.expiresAt.getTime() <= Date.now()) await expire(a);
    return apply(g.name, source, o, { claim: (tx, row) => repo.claimReturnToken(tx, row.id) });
  }

  /**
   * One of a gateway's signal routes was called: verify, apply, and say where the browser goes.
   * `result` is null for a hint (nothing of the request itself was applied).
   */
  async function receive(
    gateway: string,
    route: SignalRoute,
    req: SignalRequest,
  ): Promise<{ result: SettleResult | null; landing: Landing }> {
    const g = gatewayOf(core, gateway);
    const source: SignalSource =
      route.kind === "return" ? "return" : route.kind === "ipn" ? "ipn" : "callback";
    const verify = route.kind === "return" ? g.verifyReturn : g.verifyCallback;
    if (!verify) throw new Error(`payments: ${g.name} cannot verify ${route.path}`);
    try {
      const ctx: SignalContext<unknown> = {
        ...(await contextOf(core, g)),
        callbackMaxAgeMinutes: core.callbackMaxAgeMinutes,
        attempt: async (ref) => (ref && REFERENCE.test(ref) ? repo.findByReference(db, ref) : null),
      };
      const v = await verified(g.name, source, () => verify(ctx, req));
      if ("hint" in v) return { result: null, landing: await hinted(v.hint) };
      const r = v.confirmByInquiry
        ? await confirmedByInquiry(g, source, v.outcome)
        : v.returnToken
          ? await boundToToken(g, source, v.outcome)
          : await apply(g.name, source, v.outcome);
      // A browser return that does not fit its attempt names no page we could send it to.
      if (route.kind === "return" && !r.accepted && r.refusal === "mismatch")
        throw badRequest("Payment verification failed");
      return {
        result: r,
        landing: await results.landing(r.attempt?.reference ?? v.outcome.reference),
      };
    } catch (e) {
      if (!(e instanceof GatewayUnavailableError)) throw e;
      // We could not ask the gateway (an IPN's URL, an inquiry): it may try again later.
      log(`payments: ${g.name} ${source} could not be checked: ${e.message}`);
      throw new AppError(
        "GATEWAY_UNAVAILABLE",
        `${g.label} is not answering right now. Please try again in a few minutes.`,
      );
    }
  }

  return { apply, verified, expire, inquire, receive };
}

export type Signals = ReturnType<typeof createSignals>;
