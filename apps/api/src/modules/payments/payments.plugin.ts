import type { Config } from "@maidan/config/config";
import type { Database } from "@maidan/db/database";
import type { FastifyInstance } from "fastify";
import type { Kv } from "../../lib/kv.ts";
import {
  fetchHttp,
  type GatewayHttp,
  GatewayUnavailableError,
  routedHttp,
} from "./gateways/http.ts";
import { gatewayConfigs, sandboxGateways } from "./payments.config.ts";
import { paymentsRoutes } from "./payments.routes.ts";
import { createPaymentsService } from "./payments.service.ts";
import { sandboxRoutes } from "./sandbox/sandbox.routes.ts";

/** Calls the app itself in-process (the built-in sandboxes), with the same timeout as the network. */
function injectHttp(app: FastifyInstance, timeoutMs: number): GatewayHttp {
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
 * Payments: the service, its /api routes, the sandboxes for gateways not configured live, and
 * (outside tests) the inquiry job. Throws ConfigError when production would use a sandbox.
 */
export async function setupPayments(
  app: FastifyInstance,
  deps: { config: Config; database: Database; kv: Kv },
) {
  const { config } = deps;
  const gateways = gatewayConfigs(config);
  const http = routedHttp(
    injectHttp(app, config.PAYMENT_GATEWAY_TIMEOUT_MS),
    fetchHttp(config.PAYMENT_GATEWAY_TIMEOUT_MS),
  );
  const payments = createPaymentsService({
    db: deps.database.db,
    gateways,
    http,
    holdMinutes: config.PAYMENT_HOLD_MINUTES,
    callbackMaxAgeMinutes: config.PAYMENT_CALLBACK_MAX_AGE_MINUTES,
    topUpLimits: { min: config.WALLET_TOPUP_MIN, max: config.WALLET_TOPUP_MAX },
    log: (m) => app.log.warn(m),
  });
  const sandboxes = sandboxGateways(gateways);
  const register = async () => {
    if (sandboxes.length === 0) return;
    // Bank-side keys take seconds to generate: start now, outside tests, so the first payment is quick.
    if (!config.isTest) void gateways.sandbox().catch((e) => app.log.error(e));
    await app.register(sandboxRoutes, {
      gateways: sandboxes,
      secrets: gateways.sandbox,
      kv: deps.kv,
      http,
      faults: { latencyMs: config.SANDBOX_LATENCY_MS, fail: config.SANDBOX_FAIL },
    });
  };
  if (!config.isTest && config.PAYMENT_INQUIRY_INTERVAL_MS > 0) {
    const timer = setInterval(() => {
      payments.runInquiries().catch((e) => app.log.error(e, "payment inquiry job failed"));
    }, config.PAYMENT_INQUIRY_INTERVAL_MS);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
  }
  return { payments, routes: paymentsRoutes, registerSandboxes: register };
}
