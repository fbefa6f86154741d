import { rupees } from "@maidan/contracts/money";
import { badRequest, conflict } from "../../lib/errors.ts";
import { forShopper, GatewayUnavailableError } from "./gateways/http.ts";
import type { Handoff, PaymentGateway, ReturnTokens } from "./gateways/payment-gateway.ts";
import { notImplemented } from "./gateways/route-kit.ts";
import type { Signals } from "./payment-signals.ts";
import { switchedOff } from "./payments.config.ts";
import type { OpenAttempts, PayableCheckout, PaymentOwner } from "./payments.ports.ts";
import * as repo from "./payments.repository.ts";
import { contextOf, gatewayOf, type PaymentsCore } from "./payments-core.ts";
import { newReference, newUrlToken, tokenHash } from "./references.ts";

/** A §7 start call for a checkout's orders, as its gateway's start route read it. */
export type StartInput = {
  gateway: string;
  method: string;
  address: unknown;
  walletId?: string | null;
  useWallet?: boolean;
  rePayId?: string | null;
  /** What the gateway's start route read from the request (a bank, a sub-method). */
  options?: unknown;
};

const unavailableMessage = (label: string) =>
  `${label} is not answering right now. Please try again in a few minutes or choose cash on delivery.`;
const refusedMessage = (label: string, words: string) =>
  `${label} could not start the payment${words ? ` (${words})` : ""}. Please try again or choose cash on delivery.`;

/**
 * Starting a payment through any gateway: the attempt (for a checkout's orders, or a wallet
 * top-up), the gateway's hand-off, and the end of the checkout's earlier attempts when the
 * shopper pays again or switches to cash on delivery.
 */
export function createStarts(
  core: PaymentsCore,
  signals: Signals,
  limits: { holdMinutes: number; topUp: { min: number; max: number } },
) {
  const { db, log } = core;

  /** A gateway that takes new payments and collects `method`; else the refusal. */
  function forNewPayment(name: string, method: string) {
    const g = gatewayOf(core, name);
    if (!core.gateways.modes.get(name)?.enabled) throw switchedOff(g.label);
    if (!g.methods.includes(method)) throw notImplemented(method);
    return g;
  }

  async function start(
    owner: PaymentOwner,
    input: StartInput,
    ctx: { idempotencyKey?: string | null } = {},
  ) {
    const g = forNewPayment(input.gateway, input.method);
    const checkout = await core.ports.orders.payableCheckout(owner, {
      address: input.address,
      walletId: input.walletId,
      useWallet: input.useWallet,
      rePayId: input.rePayId,
      method: input.method,
      holdMinutes: limits.holdMinutes,
      idempotencyKey: ctx.idempotencyKey,
    });
    if (checkout.amountDue <= 0)
      throw badRequest("Nothing is left to pay on this order. Please choose Cash on Delivery.");
    if (input.rePayId) await supersedeEarlier(checkout.checkoutId);
    // A return that is not signed is bound to its attempt by secret URL tokens (decision 022).
    const tokens = g.returnTokens
      ? { returnToken: newUrlToken(), cancelToken: newUrlToken() }
      : null;
    const attempt = await repo.insertAttempt(db, {
      reference: newReference(),
      gateway: g.name,
      method: input.method,
      purpose: "order",
      checkoutId: checkout.checkoutId,
      userId: owner.userId,
      guestId: owner.userId ? null : owner.guestId,
      amount: checkout.amountDue,
      expiresAt: checkout.holdUntil,
      nextInquiryAt: g.inquire ? new Date(Date.now() + 60_000) : null,
      returnTokenHash: tokens ? tokenHash(tokens.returnToken) : null,
      cancelTokenHash: tokens ? tokenHash(tokens.cancelToken) : null,
    });
    const handoff = await handOff(g, attempt, { checkout, owner, tokens, options: input.options });
    return { ...handoff, checkout, attempt };
  }

  /**
   * Wallet top-up (spec §7 `POST /pay/easypaisa_wallet`): an attempt for the user's wallet, no
   * order. The ledger is credited only when a verified signal says paid (settlement.ts).
   */
  async function startTopUp(
    userId: string,
    input: { gateway: string; method: string; amount: number; options?: unknown },
  ) {
    const g = forNewPayment(input.gateway, input.method);
    const { min, max } = limits.topUp;
    if (input.amount < min || input.amount > max)
      throw badRequest(`Top up between ${rupees(min)} and ${rupees(max)}`);
    const attempt = await repo.insertAttempt(db, {
      reference: newReference(),
      gateway: g.name,
      method: input.method,
      purpose: "wallet_topup",
      checkoutId: null,
      userId,
      guestId: null,
      amount: input.amount,
      expiresAt: new Date(Date.now() + limits.holdMinutes * 60_000),
      nextInquiryAt: g.inquire ? new Date(Date.now() + 60_000) : null,
    });
    const owner = { userId, guestId: null };
    const handoff = await handOff(g, attempt, { checkout: null, owner, options: input.options });
    return { ...handoff, attempt };
  }

  /**
   * The gateway's hand-off for a new attempt. A gateway that does not answer, or refuses, fails
   * the attempt (nothing was charged; the orders keep waiting for a retry or COD): the shopper
   * reads a sentence, the technical reason stays in the log and the events.
   */
  async function handOff(
    g: PaymentGateway,
    attempt: repo.Attempt,
    x: {
      checkout: PayableCheckout | null;
      owner: PaymentOwner;
      tokens?: ReturnTokens | null;
      options: unknown;
    },
  ): Promise<Handoff> {
    const fail = async (code: string, message: string) => {
      await repo.settle(db, attempt.id, "failed", { gatewayTxnId: null, code, message });
      return { ok: false as const, message };
    };
    let handoff: Handoff;
    try {
      const http = forShopper(core.http, x.owner.userId ?? x.owner.guestId);
      handoff = await g.start({
        ...(await contextOf(core, g, { http })),
        attempt,
        checkout: x.checkout,
        owner: x.owner,
        tokens: x.tokens ?? null,
        options: x.options,
        description: x.checkout
          ? `Maidan order ${x.checkout.checkoutId.slice(0, 8)}`
          : "Maidan wallet top-up",
      });
    } catch (e) {
      if (!(e instanceof GatewayUnavailableError)) throw e;
      log(`payments: ${g.name} unavailable at start: ${e.message}`);
      const failed = await fail("UNAVAILABLE", unavailableMessage(g.label));
      await repo.logEvent(db, {
        attemptId: attempt.id,
        gateway: g.name,
        source: "start",
        reference: attempt.reference,
        outcome: "failed",
        accepted: true,
        reason: e.message,
      });
      return failed;
    }
    if (!handoff.ok) return fail("REFUSED", refusedMessage(g.label, handoff.message));
    return handoff;
  }

  /**
   * A retry while an earlier attempt may still be open at its gateway: ask the gateway first
   * (the shopper may have paid a moment ago), then supersede what is still pending, so only the
   * new attempt can pay these orders. A late success of a superseded one is handled in
   * settlement.ts (it pays orders still waiting, else it is recorded as refund due).
   */
  async function supersedeEarlier(checkoutId: string) {
    await inquireOpen(checkoutId, "retry");
    await repo.supersedePending(db, checkoutId);
  }

  /** The first half of a supersede: the open attempts' gateways are asked; 409 if one paid. */
  async function inquireOpen(checkoutId: string, why: string) {
    for (const a of await repo.openAttemptsOf(db, checkoutId)) {
      await signals
        .inquire(a)
        .catch((e) => log(`payments: inquiry before ${why} failed: ${(e as Error).message}`));
      const now = await repo.findByReference(db, a.reference);
      if (now?.status === "paid" && !now.refundDue) throw conflict("This order is already paid");
    }
  }

  /**
   * A switch to cash on delivery ends the open attempts as a retry does: inquiry first, then
   * superseded in the switch's own transaction, before it locks the orders (the order a paying
   * callback takes its locks in). A late success is then recorded as refund due (settlement.ts).
   */
  const openAttempts: OpenAttempts = {
    inquire: (checkoutId) => inquireOpen(checkoutId, "switch to cash on delivery"),
    supersede: async (tx, checkoutId, reason) => {
      await repo.supersedePending(tx, checkoutId, null, reason);
    },
  };

  return { start, startTopUp, openAttempts };
}
