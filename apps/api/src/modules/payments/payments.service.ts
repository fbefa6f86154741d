import { AppError } from "@maidan/contracts/errors";
import { rupees } from "@maidan/contracts/money";
import type { Db } from "@maidan/db/database";
import { badRequest, conflict } from "../../lib/errors.ts";
import * as alfalah from "./gateways/alfalah/alfalah.ts";
import * as easypaisa from "./gateways/easypaisa/easypaisa.ts";
import * as hbl from "./gateways/hbl/hbl.ts";
import { type GatewayHttp, GatewayUnavailableError } from "./gateways/http.ts";
import * as keenu from "./gateways/keenu/keenu.ts";
import * as nift from "./gateways/nift/nift.ts";
import { GatewayVerificationError, type PaymentOutcome } from "./gateways/types.ts";
import * as h from "./handoffs.ts";
import {
  enabledGateways,
  type GatewayConfigs,
  type GatewayName,
  SANDBOX_SHOPPER_HEADER,
  switchedOff,
} from "./payments.config.ts";
import type { OpenAttempts, OrderPayments, PaymentOwner, WalletTopUps } from "./payments.ports.ts";
import * as repo from "./payments.repository.ts";
import { newReference, newUrlToken, REFERENCE, tokenHash, tokenMatches } from "./references.ts";
import { createRefunds } from "./refunds.ts";
import {
  type ApplyOptions,
  applyOutcome,
  GATEWAY_NAMES,
  isStale,
  type SignalSource,
} from "./settlement.ts";

export type PaymentsDeps = {
  db: Db;
  gateways: GatewayConfigs;
  http: GatewayHttp;
  /**
   * The shop's public origin from configuration (PUBLIC_URL, else http://localhost:PORT): every
   * URL a gateway sends the shopper or its server back to, and so every value we sign, is built
   * from it, never from a request's headers (decision 022).
   */
  origin: string;
  holdMinutes: number;
  callbackMaxAgeMinutes: number;
  /** Wallet top-up limits in whole rupees (WALLET_TOPUP_MIN / WALLET_TOPUP_MAX). */
  topUpLimits: { min: number; max: number };
  log: (msg: string) => void;
};

export type StartInput = {
  gateway: GatewayName;
  method: string;
  address: unknown;
  walletId?: string | null;
  useWallet?: boolean;
  rePayId?: string | null;
  bankId?: string;
  easypaisaMethod?: string;
  alfalahType?: alfalah.AlfalahTransactionType;
};

/** Where the shopper's browser goes once we know (or do not yet know) how a payment ended. */
export type Landing = { location: string; status: repo.Attempt["status"] | "unknown" };

export const notAvailable = () => new AppError("PAYMENTS_UNAVAILABLE");

/** What the shopper reads when a payment came too late to use (it is refunded by a person). */
const LATE =
  "We received your payment after this order had been paid or closed. It will be refunded to you.";
const CANCELLED = "You cancelled the payment. Pay again or choose cash on delivery.";
const WAITING =
  "We have not heard from the bank about this payment yet. If you paid, your order is confirmed as soon as the bank tells us; otherwise pay again or choose cash on delivery.";
const REJECTED =
  "The bank's answer for this payment did not match this order, so it is not marked paid. Pay again or choose cash on delivery.";

/**
 * Gateways with a status service we can ask (payment-gateways.md): Easypaisa's v4
 * inquire-transaction, APG's OrderStatus and NIFT's JazzCash-shaped PaymentInquiry (decision
 * 022). HBL and Keenu document none; they tell us only by their callback (decision 019).
 */
export const HAS_INQUIRY: ReadonlySet<GatewayName> = new Set(["easypaisa", "alfalah", "nift"]);

const unavailableMessage = (g: GatewayName) =>
  `${GATEWAY_NAMES[g]} is not answering right now. Please try again in a few minutes or choose cash on delivery.`;
const refusedMessage = (g: GatewayName, words: string) =>
  `${GATEWAY_NAMES[g]} could not start the payment${words ? ` (${words})` : ""}. Please try again or choose cash on delivery.`;

/**
 * In-process calls to a sandbox made for a shopper carry who it is, so a fault test can slow or
 * break that shopper's payments alone. Live gateways (absolute URLs) never see the header.
 */
function forShopper(http: GatewayHttp, owner: PaymentOwner): GatewayHttp {
  const id = owner.userId ?? owner.guestId;
  if (!id) return http;
  return (req) =>
    http(
      req.url.startsWith("/")
        ? { ...req, headers: { ...req.headers, [SANDBOX_SHOPPER_HEADER]: id } }
        : req,
    );
}

/** The verified result of a checkout's payment as the repayment page shows it. */
export type PaymentResult = {
  status: repo.Attempt["status"] | "refund_due";
  message: string | null;
};

/** The orders side is plugged in by the orders module (issue #5); until then online payment is off. */
const ordersMissing: OrderPayments = {
  payableCheckout: async () => {
    throw notAvailable();
  },
  markPaid: async () => false,
  releaseHold: async () => false,
  orderIds: async () => [],
  expiredHolds: async () => [],
  notifyPaid: async () => {},
};

/** The wallet side is plugged in by the server (compose.ts); until then a top-up cannot be credited, so none starts. */
const walletMissing: WalletTopUps = {
  topUp: async () => {
    throw notAvailable();
  },
};

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, gateways, http, log } = deps;
  let orders: OrderPayments = ordersMissing;
  let wallet: WalletTopUps = walletMissing;
  const refunds = createRefunds({ db, wallet: () => wallet, orders: () => orders });

  async function start(
    owner: PaymentOwner,
    input: StartInput,
    ctx: { idempotencyKey?: string | null } = {},
  ) {
    if (!gateways[input.gateway].enabled) throw switchedOff(input.gateway);
    const checkout = await orders.payableCheckout(owner, {
      address: input.address,
      walletId: input.walletId,
      useWallet: input.useWallet,
      rePayId: input.rePayId,
      method: input.method,
      holdMinutes: deps.holdMinutes,
      idempotencyKey: ctx.idempotencyKey,
    });
    if (checkout.amountDue <= 0)
      throw badRequest("Nothing is left to pay on this order. Please choose Cash on Delivery.");
    if (input.rePayId) await supersedeEarlier(checkout.checkoutId);
    // HBL's return is not signed: its URLs carry secrets that bind it to this attempt (022).
    const tokens =
      input.gateway === "hbl" ? { returnToken: newUrlToken(), cancelToken: newUrlToken() } : null;
    const attempt = await repo.insertAttempt(db, {
      reference: newReference(),
      gateway: input.gateway,
      method: input.method,
      purpose: "order",
      checkoutId: checkout.checkoutId,
      userId: owner.userId,
      guestId: owner.userId ? null : owner.guestId,
      amount: checkout.amountDue,
      expiresAt: checkout.holdUntil,
      nextInquiryAt: HAS_INQUIRY.has(input.gateway) ? new Date(Date.now() + 60_000) : null,
      returnTokenHash: tokens ? tokenHash(tokens.returnToken) : null,
      cancelTokenHash: tokens ? tokenHash(tokens.cancelToken) : null,
    });
    const hc: h.HandoffContext = {
      gateways,
      http: forShopper(http, owner),
      origin: deps.origin,
      reference: attempt.reference,
      checkout,
      tokens,
    };
    let handoff: h.Handoff;
    try {
      handoff = await handoffFor(hc, input, owner);
    } catch (e) {
      if (e instanceof GatewayUnavailableError) {
        log(`payments: ${input.gateway} unavailable at start: ${e.message}`);
        // Nothing was charged: the attempt fails, the orders keep waiting for a retry or COD.
        // The shopper reads the sentence; the technical reason stays in the log and the events.
        const message = unavailableMessage(input.gateway);
        await repo.settle(db, attempt.id, "failed", {
          gatewayTxnId: null,
          code: "UNAVAILABLE",
          message,
        });
        await repo.logEvent(db, {
          attemptId: attempt.id,
          gateway: input.gateway,
          source: "start",
          reference: attempt.reference,
          outcome: "failed",
          accepted: true,
          reason: e.message,
        });
        return { ok: false as const, message, checkout, attempt };
      }
      throw e;
    }
    if (!handoff.ok) {
      const message = refusedMessage(input.gateway, handoff.message);
      await repo.settle(db, attempt.id, "failed", {
        gatewayTxnId: null,
        code: "REFUSED",
        message,
      });
      return { ok: false as const, message, checkout, attempt };
    }
    return { ...handoff, checkout, attempt };
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
      await inquire(a).catch((e) =>
        log(`payments: inquiry before ${why} failed: ${(e as Error).message}`),
      );
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

  /**
   * Wallet top-up (spec §7 `POST /pay/easypaisa_wallet`): an attempt for the user's wallet, no
   * order. The ledger is credited only when a verified signal says paid (settlement.ts).
   */
  async function startTopUp(userId: string, input: { amount: number; easypaisaMethod?: string }) {
    if (!gateways.easypaisa.enabled) throw switchedOff("easypaisa");
    const { min, max } = deps.topUpLimits;
    if (input.amount < min || input.amount > max)
      throw badRequest(`Top up between ${rupees(min)} and ${rupees(max)}`);
    const expiresAt = new Date(Date.now() + deps.holdMinutes * 60_000);
    const attempt = await repo.insertAttempt(db, {
      reference: newReference(),
      gateway: "easypaisa",
      method: "easypaisa_wallet",
      purpose: "wallet_topup",
      checkoutId: null,
      userId,
      guestId: null,
      amount: input.amount,
      expiresAt,
      nextInquiryAt: new Date(Date.now() + 60_000),
    });
    const handoff = await h.easypaisaHandoff(
      { gateways, origin: deps.origin, reference: attempt.reference },
      { amount: input.amount, expiresAt, email: null, mobile: null },
      input.easypaisaMethod ?? "MA_PAYMENT_METHOD",
    );
    return { ...handoff, attempt };
  }

  function handoffFor(hc: h.HandoffContext, input: StartInput, owner: PaymentOwner) {
    switch (input.gateway) {
      case "easypaisa":
        return h.easypaisaHandoff(
          hc,
          {
            amount: hc.checkout.amountDue,
            expiresAt: hc.checkout.holdUntil,
            email: hc.checkout.contact.email,
            mobile: hc.checkout.contact.phone,
          },
          input.easypaisaMethod ?? "MA_PAYMENT_METHOD",
        );
      case "alfalah":
        return h.alfalahHandoff(hc, input.alfalahType ?? "3");
      case "hbl":
        return h.hblHandoff(hc, owner.userId ?? owner.guestId ?? "guest");
      case "keenu":
        return h.keenuHandoff(hc, input.bankId ?? "");
      case "nift":
        return h.niftHandoff(
          hc,
          input.method === "NiftPayCard" || input.method === "nift_pay_card"
            ? "NiftPayCard"
            : "NiftPayBank",
        );
    }
  }

  const apply = (
    gateway: GatewayName,
    source: SignalSource,
    o: PaymentOutcome,
    opts?: ApplyOptions,
  ) => applyOutcome(db, { orders, wallet }, gateway, source, o, log, opts);

  /** Ends a pending attempt whose hold is over and gives its orders' stock back. */
  async function expire(a: repo.Attempt) {
    const done = await db.transaction(async (tx) => {
      const row = await repo.settle(tx, a.id, "expired", {
        gatewayTxnId: null,
        code: "EXPIRED",
        message: "Payment time ran out",
      });
      if (row?.checkoutId)
        await orders.releaseHold(tx, row.checkoutId, "Payment not received in time");
      return row;
    });
    if (done?.checkoutId) await orders.stockReleased?.(done.checkoutId);
    return done;
  }

  /** Verification failures are logged as rejections (on the attempt when it is known); 400. */
  async function verified<T>(
    gateway: GatewayName,
    source: SignalSource,
    f: () => Promise<T> | T,
    attempt: repo.Attempt | null = null,
  ): Promise<T> {
    try {
      return await f();
    } catch (e) {
      if (e instanceof GatewayVerificationError) {
        await repo.logEvent(db, {
          attemptId: attempt?.id ?? null,
          gateway,
          source,
          reference: attempt?.reference ?? null,
          accepted: false,
          reason: e.message,
        });
        log(`payments: rejected ${gateway} ${source}: ${e.message}`);
        throw badRequest("Payment verification failed");
      }
      throw e;
    }
  }

  /** Asks the gateway (where it has an inquiry, HAS_INQUIRY) and applies the answer. */
  async function inquire(attempt: repo.Attempt) {
    const ref = attempt.reference;
    const o =
      attempt.gateway === "easypaisa"
        ? await easypaisa.inquire(await gateways.easypaisa.config(), http, ref)
        : attempt.gateway === "alfalah"
          ? await alfalah.orderStatus(await gateways.alfalah.config(), http, ref)
          : attempt.gateway === "nift"
            ? await verified("nift", "inquiry", async () =>
                nift.inquire(await gateways.nift.config(), http, ref),
              )
            : null;
    return o ? apply(attempt.gateway as GatewayName, "inquiry", o) : null;
  }

  /**
   * Where the browser goes: /order-success for a paid attempt, else the repayment page naming the
   * checkout and the attempt. The page asks us for that attempt's verified result (resultOf); it
   * never shows text from its own URL.
   */
  async function landing(reference: string | null): Promise<Landing> {
    const a = reference ? await repo.findByReference(db, reference) : null;
    if (a?.purpose === "wallet_topup")
      return {
        location: `/my/wallet?${new URLSearchParams({ topup: a.status })}`,
        status: a.status,
      };
    if (!a?.checkoutId) return { location: "/checkout/repayment", status: "unknown" };
    if (a.status === "paid" && !a.refundDue) {
      const ids = (await orders.orderIds(a.checkoutId)).join(",") || a.checkoutId;
      return {
        location: `/order-success?${new URLSearchParams({ id: ids, amount: String(a.amount) })}`,
        status: a.status,
      };
    }
    const q = new URLSearchParams({
      rePayId: a.checkoutId,
      status: a.refundDue ? "refund_due" : a.status,
      ref: a.reference,
    });
    return { location: `/checkout/repayment?${q}`, status: a.status };
  }

  /** What the shopper reads about an attempt, from its verified state only. */
  async function shopperMessage(a: repo.Attempt): Promise<string | null> {
    if (a.refundDue) return LATE;
    switch (a.status) {
      case "failed":
        return a.resultMessage || "Your payment did not go through.";
      case "cancelled":
        return CANCELLED;
      case "expired":
        return "The time to pay for this order has run out";
      case "pending": {
        const events = await repo.eventsOf(db, a.id);
        const last = events.sort((x, y) => +x.createdAt - +y.createdAt).at(-1);
        return last && !last.accepted ? REJECTED : WAITING;
      }
      default:
        return null;
    }
  }

  /**
   * The result the repayment page shows for one of the owner's checkouts: the attempt named by
   * `reference` (the one that just came back) or else the checkout's latest. Null when the
   * checkout or attempt is not the owner's.
   */
  async function resultOf(
    owner: PaymentOwner,
    q: { checkoutId: string; reference?: string | null },
  ): Promise<PaymentResult | null> {
    if (!/^[0-9a-f-]{36}$/i.test(q.checkoutId)) return null;
    const a =
      q.reference && REFERENCE.test(q.reference)
        ? await repo.findByReference(db, q.reference)
        : await repo.latestAttemptOf(db, q.checkoutId);
    if (!a || a.checkoutId !== q.checkoutId) return null;
    const mine = owner.userId
      ? a.userId === owner.userId
      : owner.guestId !== null && a.guestId === owner.guestId && a.userId === null;
    if (!mine) return null;
    return { status: a.refundDue ? "refund_due" : a.status, message: await shopperMessage(a) };
  }

  /**
   * A return whose query is only a hint: confirm by inquiry before saying anything. Settled
   * attempts are asked too (all but paid ones): a shopper who paid after the hold ended comes
   * back here, and the gateway's answer records that money as refund due.
   */
  async function hintedReturn(reference: string | null) {
    const a = reference ? await repo.findByReference(db, reference) : null;
    if (a && a.status !== "paid" && !a.refundDue) {
      await inquire(a).catch((e) =>
        log(`payments: inquiry on return failed: ${(e as Error).message}`),
      );
    }
    return landing(reference);
  }

  return {
    useOrders(port: OrderPayments) {
      orders = port;
      port.useAttempts?.(openAttempts);
      port.useRefunds?.(refunds.port);
    },
    useWallet(port: WalletTopUps) {
      wallet = port;
    },
    start,
    startTopUp,
    topUpLimits: deps.topUpLimits,
    refundsDue: (limit = 100) => repo.refundsDue(db, limit),
    /** Staff: what is owed back (cancelled paid orders, late money) and recording a refund. */
    refundsOwed: refunds.owed,
    markRefunded: refunds.markRefunded,
    landing,
    resultOf,
    async easypaisaReturn(query: Record<string, unknown>) {
      return hintedReturn(easypaisa.returnHint(query).reference);
    },
    async easypaisaConfirmForm(authToken: string) {
      return easypaisa.confirmForm(
        await gateways.easypaisa.config(),
        authToken,
        h.returnUrls(deps.origin).easypaisaSecond,
      );
    },
    async easypaisaIpn(url: string) {
      const cfg = await gateways.easypaisa.config();
      const o = await verified("easypaisa", "ipn", () => easypaisa.fetchIpn(cfg, http, url));
      return apply("easypaisa", "ipn", o);
    },
    async alfalahReturn(query: Record<string, unknown>) {
      return hintedReturn(alfalah.returnHint(query).reference);
    },
    async alfalahIpn(url: string) {
      const cfg = await gateways.alfalah.config();
      const ref = alfalah.ipnUrlAllowed(cfg, url);
      if (!ref)
        return verified("alfalah", "ipn", () => {
          throw new GatewayVerificationError("IPN URL is not APG's");
        });
      // The URL is APG's own; asking it ourselves is the verification.
      return apply("alfalah", "ipn", await alfalah.orderStatus(cfg, http, ref));
    },
    /**
     * HBL's RETURN_URL or CANCEL_URL. Decrypting proves only that the sender had our public key,
     * so the callback must also come back on its own attempt's URL (the token's hash is kept
     * with the attempt), the cancel URL only with a cancel, within the hold, and once; the
     * amount is checked where HBL sends one (decision 022). HBL has no status inquiry.
     */
    async hblReturn(rawUrl: string, via: { path: "return" | "cancel"; token: string | null }) {
      const cfg = await gateways.hbl.config();
      const o = await verified("hbl", "callback", () =>
        hbl.readCallback(cfg, hbl.rawDataParam(rawUrl) ?? ""),
      );
      let a = REFERENCE.test(o.reference) ? await repo.findByReference(db, o.reference) : null;
      await verified(
        "hbl",
        "callback",
        () => {
          if (a?.gateway !== "hbl")
            throw new GatewayVerificationError("HBL callback for a payment we did not send");
          const hash = via.path === "return" ? a.returnTokenHash : a.cancelTokenHash;
          if (!tokenMatches(via.token, hash))
            throw new GatewayVerificationError(
              `HBL callback without this payment's ${via.path} token`,
            );
          if (via.path === "cancel" && o.kind !== "cancelled")
            throw new GatewayVerificationError(`HBL ${o.kind} callback on the cancel URL`);
        },
        a,
      );
      // A success after the hold is money to give back, not an order to confirm.
      if (a?.status === "pending" && a.expiresAt.getTime() <= Date.now()) {
        await expire(a);
        a = await repo.findByReference(db, o.reference);
      }
      const r = await apply("hbl", "callback", o, {
        claim: (tx, row) => repo.claimReturnToken(tx, row.id),
      });
      if (!r.accepted && r.refusal === "mismatch") throw badRequest("Payment verification failed");
      return landing(r.attempt?.reference ?? a?.reference ?? null);
    },
    async keenuCallback(body: Record<string, unknown>) {
      const cfg = await gateways.keenu.config();
      // The checksum covers the order's amount, which the callback does not carry: it comes
      // from our attempt, so an unknown order cannot be verified at all.
      const ref = keenu.callbackReference(body);
      const a = ref && REFERENCE.test(ref) ? await repo.findByReference(db, ref) : null;
      const o = await verified(
        "keenu",
        "callback",
        () => {
          if (a?.gateway !== "keenu")
            throw new GatewayVerificationError("Keenu callback for an order we did not send");
          const out = keenu.readCallback(cfg, body, a.amount);
          if (isStale(keenu.callbackTime(body), deps.callbackMaxAgeMinutes))
            throw new GatewayVerificationError("stale callback");
          return out;
        },
        a,
      );
      const r = await apply("keenu", "callback", o);
      return { result: r, landing: await landing(r.attempt?.reference ?? null) };
    },
    /**
     * NIFT's post to pp_ReturnURL (browser or server): checked so it cannot be a re-split of
     * another signed list, matched to the attempt (reference, amount), and then only a reason to
     * ask NIFT: the inquiry's answer is what is applied (decision 022). When NIFT does not
     * answer, the attempt stays pending for the inquiry job.
     */
    async niftCallback(body: Record<string, unknown>) {
      const cfg = await gateways.nift.config();
      const ref = typeof body.pp_TxnRefNo === "string" ? body.pp_TxnRefNo : "";
      const a = REFERENCE.test(ref) ? await repo.findByReference(db, ref) : null;
      const o = await verified(
        "nift",
        "callback",
        () => {
          const out = nift.readCallback(cfg, body);
          if (isStale(nift.callbackTime(body), deps.callbackMaxAgeMinutes))
            throw new GatewayVerificationError("stale callback");
          return out;
        },
        a?.gateway === "nift" ? a : null,
      );
      const seen = await apply("nift", "callback", { ...o, kind: "pending" });
      let r = seen;
      if (seen.accepted) {
        r =
          (await inquire(seen.attempt).catch((e) => {
            log(`payments: NIFT inquiry after a callback failed: ${(e as Error).message}`);
            return null;
          })) ?? seen;
      }
      return { result: r, landing: await landing(r.attempt?.reference ?? null) };
    },
    async keenuBanks() {
      if (!gateways.keenu.enabled) throw switchedOff("keenu");
      return keenu.getBanks(await gateways.keenu.config(), http);
    },
    /** What the storefront offers and says: the gateways taking payments, and test mode. */
    availability: () => ({ testMode: gateways.testMode, gateways: enabledGateways(gateways) }),
    /**
     * The background job: asks the gateways about pending attempts whose shopper never came
     * back, then expires attempts past their hold and releases the orders' stock.
     */
    async runInquiries(limit = 50) {
      let inquired = 0;
      let expired = 0;
      for (const a of await repo.dueForInquiry(db, limit)) {
        try {
          if (await inquire(a)) inquired++;
        } catch (e) {
          log(`payments: inquiry for ${a.reference} failed: ${(e as Error).message}`);
        }
        await repo.scheduleNextInquiry(db, a.id);
      }
      for (const a of await repo.expiredPending(db, limit)) {
        // One last question before giving the stock back: the shopper may have paid just now.
        await inquire(a).catch(() => null);
        if (await expire(a)) expired++;
      }
      // Orders whose attempts all failed or were cancelled (or never started) still hold stock:
      // once the hold ends with no attempt pending, the stock goes back.
      for (const checkoutId of await orders.expiredHolds(limit)) {
        if (await repo.openAttemptOf(db, checkoutId)) continue; // the loop above settles it first
        const released = await db.transaction((tx) =>
          orders.releaseHold(tx, checkoutId, "Payment not received in time"),
        );
        if (released) await orders.stockReleased?.(checkoutId);
        if (released) expired++;
      }
      return { inquired, expired };
    },
    attemptByReference: (reference: string) => repo.findByReference(db, reference),
    eventsOf: (attemptId: string) => repo.eventsOf(db, attemptId),
  };
}

export type PaymentsServiceImpl = ReturnType<typeof createPaymentsService>;
