import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { forbidden } from "../lib/errors.ts";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const CSP = "content-security-policy";

export type SecurityOptions = {
  /**
   * The origins (scheme, host and port) a browser's state-changing request may come from:
   * config.siteOrigins. Never derived from the request's Host header.
   */
  siteOrigins: readonly string[];
  behindTls: boolean;
};

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Banks and gateways POST here cross-site, without our session cookie (the payments' return
     * and callback routes, which verify what is posted instead): no CSRF check.
     */
    crossSite?: boolean;
  }
}

/** What may run as script besides the shop's own files: one response's nonce, or hashes. */
export type ScriptSources = { nonce?: string; hashes?: readonly string[] };

/**
 * The content security policy. Inline scripts run only with the response's nonce or a listed
 * hash; there is no 'unsafe-inline' for scripts (decision 026). The tag manager and pixel
 * hosts stay: the analytics snippets load their scripts from there when ids are configured.
 */
export function contentSecurityPolicy(scripts: ScriptSources = {}): string {
  const inline = [
    ...(scripts.nonce ? [`'nonce-${scripts.nonce}'`] : []),
    ...(scripts.hashes ?? []).map((h) => `'${h}'`),
  ];
  return [
    "default-src 'self'",
    [
      "script-src 'self'",
      ...inline,
      "https://www.googletagmanager.com https://connect.facebook.net",
    ].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://www.facebook.com https://www.google-analytics.com",
    "connect-src 'self' https://www.google-analytics.com",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    "form-action 'self' https:",
  ].join("; ");
}

/** The policy of responses without inline scripts: built once, set on nearly every response. */
const DEFAULT_CSP = contentSecurityPolicy();

/** A fresh, unguessable nonce (128 bits). */
export const newNonce = () => randomBytes(16).toString("base64");

/**
 * A nonce for the inline scripts of the HTML this reply sends, with the policy that allows
 * them set on the reply. Call once per response, and put the nonce on each inline script.
 */
export function scriptNonce(reply: FastifyReply): string {
  const nonce = newNonce();
  reply.header(CSP, contentSecurityPolicy({ nonce }));
  return nonce;
}

/**
 * Security headers on every response, and a CSRF guard: a state-changing request that the
 * browser marks as cross-site, or whose Origin is not one of the shop's own origins (scheme,
 * host and port compared whole), is refused with 403.
 */
export function registerSecurity(app: FastifyInstance, opts: SecurityOptions) {
  const own = new Set(opts.siteOrigins.map((o) => originOf(o)));
  app.addHook("onRequest", async (req) => {
    if (!UNSAFE.has(req.method)) return;
    if (req.routeOptions.config?.crossSite === true) return;
    const site = req.headers["sec-fetch-site"];
    if (site === "cross-site") throw forbidden("Cross-site request refused");
    const origin = req.headers.origin;
    if (origin === undefined) return;
    const from = originOf(origin);
    if (from === null || !own.has(from)) throw forbidden("Cross-site request refused");
  });

  app.addHook("onSend", async (_req, reply) => {
    reply.header("x-content-type-options", "nosniff");
    // A page carrying a secret in its address (the SMS confirmation link) sends it to no other site.
    if (!reply.hasHeader("referrer-policy"))
      reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("x-frame-options", "SAMEORIGIN");
    // Pages with inline scripts set their own (scriptNonce, or the page cache's hashes).
    if (!reply.hasHeader(CSP)) reply.header(CSP, DEFAULT_CSP);
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
