import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import type { Config } from "@maidan/config/config";
import { createLogger, type DestinationStream, setRootLogger } from "@maidan/observability/log";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from "./plugins/errors.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { RequestLog, registerRequestContext, requestId } from "./plugins/request-context.ts";
import { registerRequestGuards } from "./plugins/request-guards.ts";
import { registerSecurity } from "./plugins/security.ts";

/**
 * The HTTP server every route sits on, API and pages alike: the request's id, logger and
 * metrics, errors as `{message, status}`, request guards, security headers and the CSRF check,
 * cookies, form bodies, compression and the OpenAPI document, in that order. Routes come after
 * (api.ts, then the storefront). Logs go to stdout, or to `opts.logTo` (tests read them).
 */
export async function createHttp(
  config: Config,
  opts: { logTo?: DestinationStream } = {},
): Promise<FastifyInstance> {
  const log: FastifyBaseLogger = createLogger(config.LOG_LEVEL, opts.logTo);
  setRootLogger(log);
  const app = Fastify({
    loggerInstance: log,
    // One line per request, when its response ends: debug, or warn/error when slow or failed
    // (request-context.ts).
    logController: new RequestLog(config.LOG_SLOW_REQUEST_MS),
    genReqId: requestId,
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestContext(app);
  registerErrorHandling(app);
  registerRequestGuards(app);
  registerSecurity(app, {
    siteOrigins: config.siteOrigins,
    behindTls: config.publicUrl.startsWith("https:"),
  });
  await app.register(cookie);
  await app.register(formbody);
  // Brotli or gzip for text responses over 1 KB (pages, JSON, CSS, JS); images pass through.
  // Pages for first anonymous visits come compressed from the page cache (the storefront mount).
  await app.register(compress, { encodings: ["br", "gzip"], threshold: 1024 });
  await registerOpenApi(app);
  return app;
}
