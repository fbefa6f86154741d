import type { FastifyInstance } from "fastify";
import { forbidden } from "../lib/errors.ts";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type SecurityOptions = {
  /**
   * The origins (scheme, host and port) a browser's state-changing request may come from:
   * config.siteOrigins. Never derived from the request's Host header.
   */
  siteOrigins: readonly string[];
  /** Paths that banks and gateways POST to cross-site (they carry no session cookie). */
  crossSiteAllowed?: (path: string) => boolean;
  behindTls: boolean;
};

/**
 * Security headers on every response, and a CSRF guard: a state-changing request that the
 * browser marks as cross-site, or whose Origin is not one of the shop's own origins (scheme,
 * host and port compared whole), is refused with 403.
 */
export function registerSecurity(app: FastifyInstance, opts: SecurityOptions) {
  const own = new Set(opts.siteOrigins.map((o) => originOf(o)));
  app.addHook("onRequest", async (req) => {
    if (!UNSAFE.has(req.method)) return;
    if (opts.crossSiteAllowed?.(req.url)) return;
    const site = req.headers["sec-fetch-site"];
    if (site === "cross-site") throw forbidden("Cross-site request refused");
    const origin = req.headers.origin;
    if (origin === undefined) return;
    const from = originOf(origin);
    if (from === null || !own.has(from)) throw forbidden("Cross-site request refused");
  });

  app.addHook("onSend", async (_req, reply) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("x-frame-options", "SAMEORIGIN");
    reply.header(
      "content-security-policy",
      [
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline' https://www.googletagmanager.com https://connect.facebook.net",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https://www.facebook.com https://www.google-analytics.com",
        "connect-src 'self' https://www.google-analytics.com",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'self'",
        "form-action 'self' https:",
      ].join("; "),
    );
    if (opts.behindTls)
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
  });
}

/** `scheme://host[:port]` as browsers serialise it, or null for "null" and other non-URLs. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}
