import { registerApi } from "@maidan/api/api";
import { createHttp } from "@maidan/api/http";
import type { DestinationStream } from "@maidan/observability/log";
import { watchPool } from "@maidan/observability/metrics";
import type { FastifyInstance } from "fastify";
import { type ComposeOptions, composeDomains, type Domains } from "./compose.ts";
import type { Runtime } from "./runtime.ts";

export type App = FastifyInstance & { domains: Domains };

/**
 * The shop's HTTP server without its pages: the shared plugins, the wired domains and every
 * API route. Logs go to stdout, or to `opts.logTo`. The storefront is mounted on it after (storefront/mount.ts), so tests can build
 * the API alone.
 */
export async function buildApp(
  runtime: Omit<Runtime, "close">,
  opts: ComposeOptions & { logTo?: DestinationStream } = {},
): Promise<App> {
  const app = await createHttp(runtime.config, { logTo: opts.logTo });
  // The pool's connections in /metrics, until the app closes.
  const unwatch = watchPool(runtime.database.pool);
  app.addHook("onClose", async () => void unwatch());
  const domains = await composeDomains(app, runtime, {
    extraGateways: opts.extraGateways,
    paymentsOrders: opts.paymentsOrders,
  });
  app.decorate("domains", domains);
  await registerApi(app, domains);
  return app as App;
}
