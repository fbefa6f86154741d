import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kv } from "../../../lib/kv.ts";
import { scriptNonce } from "../../../plugins/security.ts";
import type { GatewayHttp } from "../gateways/http.ts";
import {
  type SandboxSecrets,
  SANDBOX_SHOPPER_HEADER as SHOPPER_HEADER,
} from "../payments.config.ts";

/** What every sandbox gets: the bank-side secrets, a store, and a way to call the shop back. */
export type SandboxDeps = {
  secrets: () => Promise<SandboxSecrets>;
  kv: Kv;
  /** Server-to-server calls back to the shop (IPN pings, notifications). */
  http: GatewayHttp;
  faults: SandboxFaults;
};

/** One fault: extra latency, then a 503 (`error`) or no answer for ten minutes (`timeout`). */
export type FaultRule = { latencyMs: number; fail: "none" | "error" | "timeout" };

/**
 * Fault injection: the rule for every sandbox request (SANDBOX_LATENCY_MS / SANDBOX_FAIL, or
 * POST /sandbox/faults), and rules for one shopper's requests only, so a browser test can fail
 * its own payment while other tests keep paying.
 */
export type SandboxFaults = FaultRule & { shoppers: Map<string, FaultRule> };

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export const newToken = () => randomBytes(12).toString("hex");
const DAY = 24 * 3600;

/** A sandbox's ledger of transactions, in the shared key-value store. */
export function ledger<T>(kv: Kv, gateway: string) {
  const key = (id: string) => `sandbox:${gateway}:${id}`;
  return {
    get: async (id: string) => {
      const v = await kv.get(key(id));
      return v ? (JSON.parse(v) as T) : null;
    },
    put: (id: string, value: T) => kv.set(key(id), JSON.stringify(value), DAY),
  };
}

/**
 * Every sandbox page says it is one, as every storefront page does in test mode (decision 024):
 * a sandbox exists only when the shop takes test payments.
 */
export const TEST_MODE_RIBBON =
  '<div class="test-mode" role="note"><strong>Test mode</strong> · sandbox gateway: no real money moves</div>';

export const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)} (test mode)</title><style>body{font:16px system-ui,sans-serif;margin:0 auto;max-width:32rem;padding:0 1rem 1rem}.test-mode{margin:0 -1rem 1rem;padding:.35rem 1rem;background:#ffd60a;color:#1a1a1a;font-size:.875rem;text-align:center}.box{border:1px solid #ddd;border-radius:8px;padding:1rem}button{display:block;width:100%;margin:.5rem 0;padding:.8rem;font-size:1rem;border-radius:6px;border:1px solid #999;cursor:pointer}button.ok{background:#1a7f37;color:#fff}button.bad{background:#b42318;color:#fff}small{color:#555}</style></head><body>${TEST_MODE_RIBBON}${body}</body></html>`;

/**
 * The tester's choice: three buttons that post `outcome` (and hidden fields) to `action`. The
 * "notify" box is offered only by gateways that also tell the shop server-to-server (IPN or a
 * copy of the signed callback); HBL has no such channel (payment-gateways.md §2.3).
 */
export function choosePage(
  title: string,
  lines: [string, string][],
  action: string,
  hidden: Record<string, string>,
  opts: { notify: boolean } = { notify: true },
) {
  const rows = lines.map(([k, v]) => `<div>${esc(k)}: <strong>${esc(v)}</strong></div>`).join("");
  const fields = Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join("");
  return page(
    title,
    `<h1>${esc(title)}</h1><div class="box">${rows}</div><form method="post" action="${esc(action)}">${fields}<button class="ok" name="outcome" value="success">Pay (success)</button><button class="bad" name="outcome" value="failure">Decline (failure)</button><button name="outcome" value="cancel">Cancel</button>${opts.notify ? '<label><input type="checkbox" name="notify" value="1" checked> also notify the shop server-to-server</label>' : ""}</form>`,
  );
}

/**
 * A page that posts `fields` to `action` by itself (how banks send the browser back). Its one
 * inline script runs by the nonce of `reply`'s content security policy.
 */
export function autoPost(reply: FastifyReply, action: string, fields: Record<string, string>) {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join("");
  return page(
    "Returning to the shop",
    `<form id="back" method="post" action="${esc(action)}">${inputs}<button>Return to the shop</button></form><script nonce="${scriptNonce(reply)}">document.getElementById("back").submit()</script>`,
  );
}

export const html = (reply: FastifyReply, body: string, status = 200) =>
  reply
    .code(status)
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(body);

export const fields = (req: FastifyRequest): Record<string, string> => {
  const src = { ...(req.query as object), ...((req.body as object) ?? {}) } as Record<
    string,
    unknown
  >;
  return Object.fromEntries(Object.entries(src).filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Latency and failures on sandbox requests, for fault tests: the shopper's rule, else the global one. */
export function applyFaults(app: FastifyInstance, faults: SandboxFaults) {
  app.addHook("onRequest", async (req, reply) => {
    if (req.url.startsWith("/sandbox/faults")) return;
    const shopper = req.headers[SHOPPER_HEADER];
    const rule = (typeof shopper === "string" && faults.shoppers.get(shopper)) || faults;
    if (rule.latencyMs > 0) await sleep(rule.latencyMs);
    if (rule.fail === "timeout") await sleep(10 * 60_000);
    if (rule.fail === "error")
      return reply.code(503).type("text/plain").send("Service Unavailable");
  });
}

/** Fire a server-to-server notification later, without holding up the browser. */
export function later(fn: () => Promise<unknown>, ms = 50) {
  setTimeout(() => void fn().catch(() => {}), ms).unref();
}
