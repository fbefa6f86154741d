import { safeRedirect } from "@maidan/contracts/auth";
import type { FastifyPluginAsync } from "fastify";
import { notFound } from "../../lib/errors.ts";
import type { Auth } from "./auth.service.ts";
import { SANDBOX_IDENTITIES } from "./oauth-providers.ts";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>body{font:16px system-ui,sans-serif;margin:1rem auto;max-width:48rem;padding:0 1rem}li{margin:.75rem 0;padding:.75rem;border:1px solid #ddd;border-radius:8px;list-style:none}pre{white-space:pre-wrap;margin:.25rem 0}a.btn{display:inline-block;padding:.6rem 1rem;background:#1877f2;color:#fff;border-radius:6px;text-decoration:none}</style></head><body>${body}</body></html>`;

/**
 * Pages outside /api for development and tests: the sandbox standing in for Facebook's login
 * dialog. (The dev outbox is a storefront page, /dev/outbox, under the test-mode ribbon.)
 */
export const devPagesRoutes: FastifyPluginAsync<{ auth: Auth }> = async (app, { auth }) => {
  app.get("/sandbox/facebook", async (req, reply) => {
    const q = req.query as { state?: string; redirect_uri?: string };
    const state = q.state ?? "";
    const back = q.redirect_uri ?? "";
    const links = SANDBOX_IDENTITIES.map((p) => {
      const href = `/sandbox/facebook/authorize?${new URLSearchParams({ identity: p.id, state, redirect_uri: back })}`;
      return `<li><a class="btn" href="${esc(href)}">Continue as ${esc(`${p.firstName} ${p.lastName}`)}</a> <small>${esc(p.email ?? "no e-mail shared")}</small></li>`;
    }).join("");
    reply.type("text/html; charset=utf-8");
    return page(
      "Facebook sandbox",
      `<h1>Log in with Facebook (sandbox)</h1><p>A local stand-in for Facebook's login dialog. Pick who you are:</p><ul>${links}</ul><p><a href="/account/login">Cancel</a></p>`,
    );
  });

  app.get("/sandbox/facebook/authorize", async (req, reply) => {
    const q = req.query as { identity?: string; state?: string; redirect_uri?: string };
    const provider = auth.oauth.provider as { codeFor?: (id: string) => string };
    const target = q.redirect_uri ? new URL(q.redirect_uri, "http://x.invalid") : null;
    // Only our own callback path: the sandbox must not become an open redirect.
    if (!provider.codeFor || !target || target.pathname !== "/api/auth/facebook/callback") {
      throw notFound("This page could not be found");
    }
    if (!SANDBOX_IDENTITIES.some((p) => p.id === q.identity))
      throw notFound("Unknown sandbox identity");
    const code = provider.codeFor(q.identity ?? "");
    const path = safeRedirect(
      `${target.pathname}?${new URLSearchParams({ code, state: q.state ?? "" })}`,
    );
    return reply.redirect(path ?? "/account/login", 302);
  });
};
