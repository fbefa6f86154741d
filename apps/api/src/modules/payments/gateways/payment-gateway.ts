import type { Config } from "@maidan/config/config";
import type { paymentAttempts } from "@maidan/db/schema-payments";
import type { FastifyPluginAsync } from "fastify";
import type { z } from "zod";
import type { Kv } from "../../../lib/kv.ts";
import type { PayableCheckout, PaymentOwner } from "../payments.ports.ts";
import type { GatewayHttp } from "./http.ts";
import type { FormHandoff, PaymentOutcome } from "./types.ts";

/**
 * What one payment gateway is to the shop (decision 033). Each gateway implements it in its own
 * folder (`gateways/<name>/<name>.gateway.ts`), and the registry (`gateways/registry.ts`) lists
 * them: the service, the routes, the configuration checks and the sandbox mount read only this.
 * The type parameters are the gateway's settings (C), the secrets its sandbox holds (S) and
 * the options its start route reads from the request (O).
 */
export interface PaymentGateway<C = unknown, S = unknown, O = unknown> {
  /** How attempts, events, PAYMENTS_DISABLED and the sandbox's path name it: `[a-z][a-z0-9_]*`. */
  readonly name: string;
  /** Who it is to the shopper (messages, the switched-off refusal, refunds). */
  readonly label: string;
  /** The payment methods it collects (spec §9 names; orders keep them). */
  readonly methods: readonly string[];
  /** Its settings: live from configuration, else its built-in sandbox. */
  readonly settings: GatewaySettings<C, S>;
  /** The sandbox that speaks its protocol at /sandbox/<name>, for when it is not live. */
  readonly sandbox: FastifyPluginAsync<SandboxDeps<S>>;
  /**
   * Its browser return is not signed and nothing can be asked: each attempt gets two secret URL
   * tokens (return and cancel), and a verified return settles its attempt once (decision 022).
   */
  readonly returnTokens?: boolean;
  /** The routes of /api it answers: its §7 start calls, its returns and callbacks, and pages. */
  readonly routes: GatewayRoutes<C, O>;

  /** The hand-off for a new attempt: the form the browser submits, or the gateway's refusal. */
  start(ctx: StartContext<C, O>): Promise<Handoff>;
  /** The browser's own return URL: a verified outcome, or a hint of which payment to ask about. */
  verifyReturn?(ctx: SignalContext<C>, req: SignalRequest): Promise<Verdict>;
  /** A server-to-server signal (IPN, signed post): a verified outcome. */
  verifyCallback?(ctx: SignalContext<C>, req: SignalRequest): Promise<Verdict>;
  /** Its status inquiry, the authoritative answer for one reference. Absent: it has none. */
  inquire?(ctx: GatewayContext<C>, reference: string): Promise<PaymentOutcome>;
  /**
   * Gives back a paid attempt's money, inside the cancel's transaction. A gateway without a
   * refund API answers `due`: staff refund it in the gateway's portal (decision 023).
   */
  refund(ctx: RefundContext<C>, r: RefundRequest): Promise<RefundOutcome>;
}

/** A payment attempt's row, as the gateways see it. */
export type PaymentAttempt = typeof paymentAttempts.$inferSelect;

/** The secrets in the URLs a gateway sends the shopper back to (only their hashes are kept). */
export type ReturnTokens = { returnToken: string; cancelToken: string };

/** What every call to a gateway gets: its settings, the way to reach it, the shop's origin. */
export type GatewayContext<C> = {
  config: C;
  http: GatewayHttp;
  /** The shop's public origin (config.publicUrl): every URL given to a gateway starts with it. */
  origin: string;
};

export type StartContext<C, O> = GatewayContext<C> & {
  attempt: Pick<PaymentAttempt, "reference" | "amount" | "expiresAt" | "method" | "purpose">;
  /** The checkout whose orders this attempt pays; null for a wallet top-up. */
  checkout: PayableCheckout | null;
  owner: PaymentOwner;
  /** The attempt's URL tokens, for a gateway with `returnTokens`. */
  tokens: ReturnTokens | null;
  /** What its start route read from the request (a bank, a sub-method). */
  options: O;
  /** What the payment is for, in words a gateway may show ("Maidan order 1a2b3c4d"). */
  description: string;
};

/** A gateway's answer at the start: the form to submit, or a refusal in the gateway's words. */
export type Handoff = ({ ok: true } & FormHandoff) | { ok: false; message: string };

export type SignalContext<C> = GatewayContext<C> & {
  /** PAYMENT_CALLBACK_MAX_AGE_MINUTES: how old a signed message's own time may be. */
  callbackMaxAgeMinutes: number;
  /** Our attempt with this reference, whichever gateway's; null for one we never issued. */
  attempt(reference: string | null | undefined): Promise<PaymentAttempt | null>;
};

/** A request to one of the gateway's signal routes. */
export type SignalRequest = {
  query: Record<string, unknown>;
  params: Record<string, string>;
  body: Record<string, unknown>;
  /** The URL as it arrived, undecoded (HBL's `data` keeps its `+`). */
  rawUrl: string;
  /** The route's own tag (HBL's "return" or "cancel"). */
  tag?: string;
};

/**
 * What a verified signal says. `hint`: an unsigned return naming the payment to ask the gateway
 * about. `outcome`: the gateway's verified word; with `confirmByInquiry` only a reason to ask
 * (the inquiry's answer is applied, NIFT), with `returnToken` bound to the attempt's URL token.
 */
export type Verdict =
  | { hint: string | null }
  | { outcome: PaymentOutcome; confirmByInquiry?: boolean; returnToken?: boolean };

export type RefundContext<C> = Omit<GatewayContext<C>, "config"> & {
  /** The settings, read only when the refund needs them (a switched-off sandbox has none). */
  config: () => Promise<C>;
};
export type RefundRequest = {
  reference: string;
  gatewayTxnId: string | null;
  amount: number;
  /** Our refund's id: the gateway's idempotency key where it takes one. */
  refundId: string;
};
export type RefundOutcome = { status: "due" } | { status: "refunded"; gatewayRefundRef: string };

/**
 * Where a gateway's settings come from. `live` reads them from configuration when the
 * gateway's URL is set (each missing value reported through `check`), else answers null and
 * the gateway runs against its sandbox, whose secrets are made once and kept (DATA_DIR, or the
 * shared database) and from which `sandbox.settings` points the adapter at /sandbox/<name>.
 */
export type GatewaySettings<C, S> = {
  live(config: Config, check: SettingsCheck): (() => Promise<C>) | null;
  sandbox: {
    secrets(): Promise<S>;
    settings(secrets: S): C;
    /** Its part of the one set of secrets an older version kept for all gateways, if any. */
    legacy?(set: Record<string, unknown>): S | null;
  };
};

/** Reads a live gateway's settings, collecting one line per missing or unreadable one. */
export type SettingsCheck = {
  /** A required value. */
  need(name: keyof Config): string;
  /** A required PEM file that must exist (read when the settings are first used). */
  pem(name: keyof Config): string;
};

/** What a sandbox gets from the shop: its secrets, a shared store, and a way to call back. */
export type SandboxDeps<S> = {
  secrets: () => Promise<S>;
  kv: Kv;
  /** Server-to-server calls back to the shop (IPN pings, notifications). */
  http: GatewayHttp;
};

export type GatewayRoutes<C, O> = {
  start: StartRoute<O>[];
  signals: SignalRoute[];
  pages?: PageRoute<C>[];
};

/** The answer to a start call, before the gateway's own §7 shape is put on it. */
export type StartAnswer =
  | ({ ok: true; rePayId: string | null } & FormHandoff)
  | { ok: false; message: string; rePayId: string | null };

/**
 * One of the §7 calls that start a payment (`/pay/hbl`, …), under /api. Order routes take the
 * spec's common fields (address, paymentMethod, walletId, useWallet, rePayId) besides `body`,
 * which may override them; top-up routes take `body` alone and need a signed-in shopper.
 */
export interface StartRoute<O> {
  readonly path: string;
  readonly summary: string;
  readonly purpose: "order" | "wallet_topup";
  readonly body: z.ZodRawShape;
  /** The method, the options and (top-ups) the amount; throws 400 for a method it does not take. */
  read(body: Record<string, unknown>): { method: string; options: O; amount?: number };
  /** The §7 response. */
  answer(r: StartAnswer, body: Record<string, unknown>): Record<string, unknown>;
}

/**
 * A URL the gateway or the shopper's browser comes back to, under /api. `return` is the
 * browser's (answered with a redirect to its landing), `callback` and `ipn` the gateway's
 * server's (answered with JSON, decision 019), `return-or-callback` a URL both post to (Keenu,
 * NIFT), told apart by the request's headers. POSTs are accepted cross-site.
 */
export type SignalRoute = {
  method: "GET" | "POST";
  path: string;
  summary: string;
  kind: "return" | "callback" | "ipn" | "return-or-callback";
  querystring?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  tag?: string;
};

/** Anything else the gateway serves under /api (Keenu's bank list). */
export interface PageRoute<C> {
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly summary: string;
  readonly response?: z.ZodType;
  /** Refused with the switched-off 400 when the gateway takes no new payments. */
  readonly newPayments?: boolean;
  handle(ctx: GatewayContext<C>): Promise<unknown>;
}

/**
 * A gateway as the registry holds it. The registry keeps gateways of every settings type side by
 * side; each gateway's functions only ever get back the settings, secrets and options that its
 * own `settings` and start routes made, so its types are forgotten here and nowhere relied on.
 */
export const defineGateway = <C, S, O = undefined>(g: PaymentGateway<C, S, O>) =>
  g as unknown as PaymentGateway;
