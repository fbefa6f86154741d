import type { Config } from "@maidan/config/config";
import type { Viewer } from "@maidan/contracts/auth-service";
import type { Database } from "@maidan/db/database";
import { logger } from "@maidan/observability/log";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kv } from "../../lib/kv.ts";
import { easypaisaConfirmForm } from "./gateways/easypaisa/easypaisa.gateway.ts";
import type { EasypaisaConfig } from "./gateways/easypaisa/easypaisa.ts";
import {
  fetchHttp,
  type GatewayHttp,
  GatewayUnavailableError,
  routedHttp,
} from "./gateways/http.ts";
import { keenuBanks } from "./gateways/keenu/keenu.gateway.ts";
import type { GatewayContext, PaymentGateway } from "./gateways/payment-gateway.ts";
import { gatewayRegistry } from "./gateways/registry.ts";
import { gatewayConfigs, sandboxGateways } from "./payments.config.ts";
import type { OrderPayments, PaymentSettled, WalletTopUps } from "./payments.ports.ts";
import { paymentsRoutes } from "./payments.routes.ts";
import { createPaymentsService } from "./payments.service.ts";
import { sandboxRoutes } from "./sandbox/sandbox.routes.ts";

/** Calls the app itself in-process (the built-in sandboxes), with the same timeout as the network. */
export function injectHttp(app: FastifyInstance, timeoutMs: number): GatewayHttp {
  return async (req) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, fail) => {
      timer = setTimeout(
        () => fail(new GatewayUnavailableError(`${req.method} ${req.url}: timed out`)),
        timeoutMs,
      );
    });
    try {
      const res = await Promise.race([
        app.inject({ method: req.method, url: req.url, headers: req.headers, payload: req.body }),
        timeout,
      ]);
      return { status: res.statusCode, text: res.body };
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * Who may change the sandbox faults: anyone in development and tests; in production (the demo
 * runs on sandboxes) only a signed-in admin, since a fault slows or breaks every payment.
 */
function faultsSwitch(open: boolean, viewerOf: (r: Request) => Promise<Viewer>) {
  return async (req: FastifyRequest) => {
    if (open) return true;
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const viewer = await viewerOf(new Request("http://sandbox.local/", { headers }));
    return viewer.user?.role === "admin";
  };
}

/**
 * Payments: the registry of gateways with their configuration, the service, its /api routes,
 * the sandboxes for gateways not configured live (the inquiry job is a schedule, compose.ts). Throws
 * ConfigError when production would use a sandbox.
 */
export async function setupPayments(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    kv: Kv;
    /** Who is asking, from a request's session (the sandbox faults switch is an admin's). */
    viewerOf: (r: Request) => Promise<Viewer>;
    /** Gateways besides the registry's (a test adds its own). */
    extraGateways?: readonly PaymentGateway[];
    /** The checkout's side of an order's payment, and the wallet's credits (compose.ts). */
    orders: OrderPayments;
    wallet: WalletTopUps;
    /** Told in the transaction that settles an attempt (the domain events, compose.ts). */
    settled?: PaymentSettled;
  },
) {
  const { config } = deps;
  const registry = gatewayRegistry(deps.extraGateways);
  const gateways = gatewayConfigs(config, registry);
  const http = routedHttp(
    injectHttp(app, config.PAYMENT_GATEWAY_TIMEOUT_MS),
    fetchHttp(config.PAYMENT_GATEWAY_TIMEOUT_MS),
  );
  const service = createPaymentsService({
    db: deps.database.db,
    registry,
    gateways,
    http,
    // Return URLs come from configuration only, never a request's Host (decisions 022, 025).
    origin: config.publicUrl,
    holdMinutes: config.PAYMENT_HOLD_MINUTES,
    callbackMaxAgeMinutes: config.PAYMENT_CALLBACK_MAX_AGE_MINUTES,
    topUpLimits: { min: config.WALLET_TOPUP_MIN, max: config.WALLET_TOPUP_MAX },
    log: (m) => logger().warn(m),
    orders: deps.orders,
    wallet: deps.wallet,
    settled: deps.settled,
  });
  // The two gateway pages the storefront shows itself (contracts' PaymentsService): Keenu's
  // bank picker and Easypay's second step (/pgw/easypaisa).
  const payments = Object.assign(service, {
    keenuBanks: () => service.withGateway("keenu", keenuBanks, { newPayments: true }),
    easypaisaConfirmForm: (authToken: string) =>
      service.withGateway("easypaisa", async (ctx: GatewayContext<EasypaisaConfig>) =>
        easypaisaConfirmForm(ctx, authToken),
      ),
  });
  const sandboxes = sandboxGateways(gateways);
  if (gateways.testMode && config.isProduction)
    app.log.warn(
      `payments: TEST MODE (PAYMENTS_SANDBOX=true): ${sandboxes.join(", ")} take sandbox payments, no real money moves; every page says so`,
    );
  const register = async () => {
    if (sandboxes.length === 0) return;
    // Bank-side keys take seconds to generate: start now, outside tests, so the first payment is quick.
    if (!config.isTest)
      for (const name of sandboxes)
        void gateways.sandboxSecrets(name).catch((e) => app.log.error(e));
    await app.register(sandboxRoutes, {
      sandboxes: sandboxes.map((name) => ({
        gateway: registry.get(name) as PaymentGateway,
        secrets: () => gateways.sandboxSecrets(name),
      })),
      kv: deps.kv,
      http,
      faults: {
        latencyMs: config.SANDBOX_LATENCY_MS,
        fail: config.SANDBOX_FAIL,
        shoppers: new Map(),
      },
      mayChangeFaults: faultsSwitch(!config.isProduction, deps.viewerOf),
    });
  };
  return { payments, routes: paymentsRoutes(registry), registerSandboxes: register };
}

export type PaymentsSetup = Awaited<ReturnType<typeof setupPayments>>;
