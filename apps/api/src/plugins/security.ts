import type { FastifyInstance } from "fastify";
import { forbidden } from "../lib/errors.ts";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type SecurityOptions = {
  /** Paths that banks and gateways POST to cross-site (they carry no session cookie). */
  crossSiteAllowed?: (path: string) => boolean;
  behindTls: boolean;
};

/**
 * Security headers on every response, and a CSRF guard: a state-changing request that the
 * browser marks as cross-site, or whose Origin is another host, is refused with 403.
 */
export function registerSecurity(app: FastifyInstance, opts: SecurityOptions) {
  app.addHook("onRequest", async (req) => {
    if (!UNSAFE.has(req.method)) return;
    if (opts.crossSiteAllowed?.(req.url)) return;
    const site = req.headers["sec-fetch-site"];
    if (site === "cross-site") throw forbidden("Cross-site request refused");
    const origin = req.headers.origin;
    if (origin === undefined) return;
    const from = hostnameOf(origin);
    if (!from || from !== hostnameOf(`http://${req.headers.host ?? ""}`)) {
      throw forbidden("Cross-site request refused");
    }
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

/** The host name alone: a proxy may change scheme and port, but not the site. */
function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}
