import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    extend: (app) =>
      app.post(
        "/api/_probe",
        { schema: { body: z.object({ qty: z.number().int().positive() }) } },
        async (req) => ({ qty: (req.body as { qty: number }).qty }),
      ),
  });
});
afterAll(() => t?.close());

describe("errors are {message, status}, never a stack trace", () => {
  it("unknown API route → 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nothing/here" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: "Route GET /api/nothing/here not found",
      status: 404,
      code: "NOT_FOUND",
    });
  });

  it("malformed JSON → 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/_probe",
      headers: { "content-type": "application/json" },
      payload: '{"qty": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: expect.any(String) });
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it("wrong types → 400 naming the field", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/_probe",
      payload: { qty: "three" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/qty/);
  });

  it("oversized body → 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/_probe",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ qty: 1, pad: "x".repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe(413);
  });

  it("bad query values → 400", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/landing?v2=maybe` });
    expect(res.statusCode).toBe(400);
  });

  it("malformed percent-encoding in the query → 4xx, not 500", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/landing?landingPage=%E0%A4%A" });
    expect(res.statusCode).toBeLessThan(500);
  });

  it("a cross-site POST is refused with 403", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/_probe",
      headers: { origin: "https://evil.example", cookie: "Authorization=x" },
      payload: { qty: 1 },
    });
    expect(res.statusCode).toBe(403);
    const site = await t.app.inject({
      method: "POST",
      url: "/api/_probe",
      headers: { "sec-fetch-site": "cross-site" },
      payload: { qty: 1 },
    });
    expect(site.statusCode).toBe(403);
  });

  it("a same-origin POST passes: the configured origin, whatever Host says", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/_probe",
      headers: { origin: t.config.publicUrl, host: "localhost:80" },
      payload: { qty: 2 },
    });
    expect(res.statusCode).toBe(200);
  });

  it("a POST from another port or scheme of the same host is cross-site", async () => {
    for (const origin of ["http://localhost:4000", "https://localhost:3000", "http://localhost"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/_probe",
        headers: { origin, host: new URL(origin).host },
        payload: { qty: 2 },
      });
      expect(res.statusCode, origin).toBe(403);
    }
  });

  it("sets security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors");
  });
});
