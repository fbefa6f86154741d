import { registerApi } from "@maidan/api/api";
import { createHttp } from "@maidan/api/http";
import type { FastifyInstance } from "fastify";
import { type ComposeOptions, composeDomains, type Domains } from "./compose.ts";
import type { Runtime } from "./runtime.ts";

export type App = FastifyInstance & { domains: Domains };

/**
 * The shop's HTTP server without its pages: the shared plugins, the wired domains and every
 * API route. The storefront is mounted on it after (storefront/mount.ts), so tests can build
 * the API alone.
 */
export async function buildApp(
  runtime: Omit<Runtime, "close">,
  options: ComposeOptions = {},
): Promise<App> {
  const app = await createHttp(runtime.config);
  const domains = await composeDomains(app, runtime, options);
  app.decorate("domains", domains);
  await registerApi(app, domains);
  return app as App;
}
