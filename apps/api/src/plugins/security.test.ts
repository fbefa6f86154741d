import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandling } from "./errors.ts";
import { registerSecurity, scriptNonce } from "./security.ts";

/**
 * The CSRF guard compares the whole origin (scheme, host and port) of a state-changing request
 * with the shop's configured origins, never with the Host header; and the content security
 * policy lets no inline script run without a nonce or hash.
 */
const app = Fastify({ logger: false });
beforeAll(async () => {
  registerErrorHandling(app);
  registerSecurity(app, {
    siteOrigins: ["https://maidan.pk", "http://localhost:3000", "http://127.0.0.1:3000"],
    behindTls: true,
  });
  app.post("/change", async () => ({ ok: true }));
  app.post("/bank-callback", { config: { crossSite: true } }, async () => ({ ok: true }));
  app.get("/page", async (_req, reply) => {
    const nonce = scriptNonce(reply);
    return reply.type("text/html").send(`<script nonce="${nonce}">1</script>`);
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (headers: Record<string, string>) =>
  app.inject({ method: "POST", url: "/change", headers });

describe("the CSRF guard compares whole origins with the configured ones", () => {
  it("accepts the configured origins", async () => {
    for (const origin of ["https://maidan.pk", "https://MAIDAN.pk:443", "http://localhost:3000"]) {
      expect((await post({ origin, host: "maidan.pk" })).statusCode, origin).toBe(200);
    }
    expect((await post({ origin: "http://127.0.0.1:3000" })).statusCode).toBe(200);
  });

  it("refuses another port, another scheme, or another host, whatever Host says", async () => {
    for (const [origin, host] of [
      ["https://maidan.pk:8443", "maidan.pk:8443"],
      ["http://maidan.pk", "maidan.pk"],
      ["http://localhost:4000", "localhost:4000"],
      ["http://localhost", "localhost"],
      ["https://evil.example", "evil.example"],
      ["http://evil.example", "evil.example"],
      ["https://maidan.pk.evil.example", "maidan.pk.evil.example"],
      ["null", "maidan.pk"],
      ["file://", "maidan.pk"],
    ] as const) {
      const res = await post({ origin, host });
      expect(res.statusCode, `${origin} on ${host}`).toBe(403);
      expect(res.json().message).toBe("Cross-site request refused");
    }
  });

  it("requests without Origin (servers, curl) pass unless the browser says cross-site", async () => {
    expect((await post({})).statusCode).toBe(200);
    expect((await post({ "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
  });

  it("a route marked crossSite (a bank's post back) takes posts from anywhere; others do not", async () => {
    const headers = { origin: "https://bank.example", "sec-fetch-site": "cross-site" };
    const bank = await app.inject({ method: "POST", url: "/bank-callback", headers });
    expect(bank.statusCode).toBe(200);
    expect((await post(headers)).statusCode).toBe(403);
  });
});

describe("the content security policy", () => {
  const scriptSrc = (csp: unknown) =>
    String(csp)
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src")) ?? "";

  it("allows no inline script by default", async () => {
    const res = await app.inject({ method: "POST", url: "/change" });
    const src = scriptSrc(res.headers["content-security-policy"]);
    expect(src).toMatch(/^script-src 'self'/);
    expect(src).not.toContain("unsafe-inline");
    expect(src).not.toContain("nonce-");
  });

  it("a page's inline script runs by its own nonce, a new one each response", async () => {
    const [a, b] = await Promise.all([app.inject({ url: "/page" }), app.inject({ url: "/page" })]);
    const nonces = [a, b].map((r) => {
      const src = scriptSrc(r.headers["content-security-policy"]);
      expect(src).not.toContain("unsafe-inline");
      const nonce = /'nonce-([^']+)'/.exec(src)?.[1];
      expect(r.body).toBe(`<script nonce="${nonce}">1</script>`);
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(nonces[0]?.length).toBeGreaterThanOrEqual(22);
  });
});
