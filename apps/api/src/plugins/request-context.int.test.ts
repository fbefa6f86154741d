import { request } from "node:http";
import { logger } from "@maidan/observability/log";
import { captureLogs } from "@maidan/observability/testing/capture-logs";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Every request gets an id (the caller's when it is a safe token), answered in `x-request-id`;
 * whatever the request's code logs through `logger()` carries it, after awaits and after a body
 * was read; each request writes one `request` line, at debug unless it failed or was slow, and
 * nothing at info (decision 038 and its addendum).
 */
let t: TestApp;
const logs = captureLogs();
beforeAll(async () => {
  t = await createTestApp({
    products: 4,
    env: { LOG_LEVEL: "info", LOG_SLOW_REQUEST_MS: "300" },
    logTo: logs.destination,
    extend: (app) => {
      app.get("/test/after-a-wait", async () => {
        await new Promise((r) => setTimeout(r, 5));
        logger().warn("after a wait");
        return { ok: true };
      });
      app.get("/test/slow/:token", async () => {
        await new Promise((r) => setTimeout(r, 400));
        return { ok: true };
      });
      app.get("/test/answers-500", async (_req, reply) => reply.code(500).send({ ok: false }));
      app.get("/test/throws", async () => {
        throw new Error("broken on purpose");
      });
      app.post("/test/after-the-body", async (req) => {
        logger().warn({ fields: Object.keys(req.body as object) }, "after the body");
        return { ok: true };
      });
    },
  });
});
afterAll(() => t?.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The lines logged while `work` ran. */
async function linesOf<T>(work: () => Promise<T>) {
  const from = logs.lines.length;
  const result = await work();
  return { result, lines: logs.lines.slice(from) };
}

describe("request ids", () => {
  it("a request without one gets a new UUID, in the response header", async () => {
    const a = await t.app.inject({ method: "GET", url: "/api/health" });
    const b = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(a.headers["x-request-id"]).toMatch(UUID);
    expect(b.headers["x-request-id"]).toMatch(UUID);
    expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
  });

  it("a short safe x-request-id is kept; anything else is replaced", async () => {
    const ask = (id: string) =>
      t.app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": id } });
    expect((await ask("lb-7f3a.9_c")).headers["x-request-id"]).toBe("lb-7f3a.9_c");
    for (const bad of ["a b", "x".repeat(65), "-leading-dash", 'quote"d', "ü-umlaut"]) {
      const id = (await ask(bad)).headers["x-request-id"];
      expect(id).toMatch(UUID);
    }
  });

  it("requests refused before their route still carry one", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/cart/add",
      headers: { origin: "https://elsewhere.example", "content-type": "application/json" },
      payload: "{}",
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers["x-request-id"]).toMatch(UUID);
  });
});

describe("the request's logger", () => {
  it("carries the request id into code that logs after an await", async () => {
    const { result, lines } = await linesOf(() =>
      t.app.inject({ method: "GET", url: "/test/after-a-wait" }),
    );
    const id = result.headers["x-request-id"];
    expect(lines.find((l) => l.msg === "after a wait")).toMatchObject({
      level: "warn",
      reqId: id,
    });
  });

  it("carries it into a handler that ran after a body that came late was read", async () => {
    // Over a socket, the body after the headers: it then arrives in the connection's events,
    // as from a slow client (in-process, or in the headers' packet, it would come within the
    // request's own context and could not show the difference).
    const base = new URL(await t.app.listen({ port: 0, host: "127.0.0.1" }));
    const body = JSON.stringify({ a: 1, b: 2 });
    const { result, lines } = await linesOf(
      () =>
        new Promise<number>((resolve, reject) => {
          const req = request(
            {
              host: base.hostname,
              port: base.port,
              method: "POST",
              path: "/test/after-the-body",
              headers: {
                "content-type": "application/json",
                "content-length": Buffer.byteLength(body),
                "x-request-id": "body-test-1",
              },
            },
            (res) => resolve(res.resume().statusCode ?? 0),
          );
          req.on("error", reject);
          req.flushHeaders();
          setTimeout(() => req.end(body), 50);
        }),
    );
    expect(result).toBe(200);
    expect(lines.find((l) => l.msg === "after the body")).toMatchObject({
      reqId: "body-test-1",
      fields: ["a", "b"],
    });
  });

  it("outside any request, logs through the process's logger, without a request id", () => {
    const from = logs.lines.length;
    logger().info("between requests");
    const line = logs.lines.slice(from).find((l) => l.msg === "between requests");
    expect(line).toBeDefined();
    expect(line).not.toHaveProperty("reqId");
  });
});

describe("the request line", () => {
  it("a 200 or a 404 writes nothing at info or above (the line is at debug)", async () => {
    const slug = (await t.app.inject({ method: "GET", url: "/api/products?limit=1" })).json()
      .items[0].slug as string;
    const { result, lines } = await linesOf(() =>
      t.app.inject({ method: "GET", url: `/api/products/${slug}?utm_source=mail` }),
    );
    expect(result.statusCode).toBe(200);
    expect(lines).toEqual([]);
    const missing = await linesOf(() =>
      t.app.inject({ method: "GET", url: "/api/no-such-thing/secret-token-123" }),
    );
    expect(missing.result.statusCode).toBe(404);
    expect(missing.lines).toEqual([]);
  });

  it("a slow request is one line at warn: method, route pattern (not the URL), status, duration, id", async () => {
    const { result, lines } = await linesOf(() =>
      t.app.inject({ method: "GET", url: "/test/slow/secret-token-123?utm_source=mail" }),
    );
    expect(result.statusCode).toBe(200);
    expect(lines).toEqual([
      expect.objectContaining({
        level: "warn",
        msg: "request",
        method: "GET",
        route: "/test/slow/:token",
        status: 200,
        slow: true,
        reqId: result.headers["x-request-id"],
      }),
    ]);
    expect(lines[0]?.ms).toBeGreaterThanOrEqual(300);
    expect(typeof lines[0]?.time).toBe("string");
    expect(JSON.stringify(lines)).not.toContain("secret-token-123");
  });

  it("a 500 is one request line at warn, whether answered or thrown", async () => {
    const answered = await linesOf(() => t.app.inject({ method: "GET", url: "/test/answers-500" }));
    expect(answered.result.statusCode).toBe(500);
    expect(answered.lines.filter((l) => l.msg === "request")).toEqual([
      expect.objectContaining({ level: "warn", route: "/test/answers-500", status: 500 }),
    ]);
    const threw = await linesOf(() => t.app.inject({ method: "GET", url: "/test/throws" }));
    expect(threw.result.statusCode).toBe(500);
    expect(threw.lines.filter((l) => l.msg === "request")).toEqual([
      expect.objectContaining({ level: "warn", route: "/test/throws", status: 500 }),
    ]);
  });
});
