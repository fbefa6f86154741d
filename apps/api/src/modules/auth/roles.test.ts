import type { Role } from "@maidan/contracts/auth";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandling } from "../../plugins/errors.ts";
import { requireRole, requireUser } from "./auth.plugin.ts";

/**
 * A route guarded by requireRole, as a manager-only API route would be. The viewer comes from a
 * test header instead of a token, so this checks the guard alone (the token side is tested in
 * sessions.int.test.ts).
 */
const app = Fastify();
beforeAll(async () => {
  registerErrorHandling(app);
  app.decorateRequest("viewer", null as never);
  app.decorateRequest("tokenExpired", false);
  app.addHook("onRequest", async (req) => {
    const role = req.headers["x-test-role"] as Role | undefined;
    req.tokenExpired = req.headers["x-test-expired"] === "1";
    req.viewer = {
      user: role ? { id: "u1", role, name: "T", firstName: "T", email: null, phone: null } : null,
      guestId: null,
    };
  });
  app.get("/manager-only", { preHandler: requireRole("manager") }, async () => ({ ok: true }));
  app.get("/signed-in", { preHandler: requireUser }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

const call = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers });

describe("requireRole (spec §6: user < vendor < manager < admin)", () => {
  it("lets the asked role and those above it in, refuses those below with 403", async () => {
    for (const [role, status] of [
      ["user", 403],
      ["vendor", 403],
      ["manager", 200],
      ["admin", 200],
    ] as const) {
      const res = await call("/manager-only", { "x-test-role": role });
      expect(res.statusCode, role).toBe(status);
      if (status === 403)
        expect(res.json()).toEqual({
          message: "You do not have access to this.",
          status: 403,
          code: "FORBIDDEN",
        });
    }
  });

  it("anonymous callers get 401; an expired token gets TOKEN_EXPIRED", async () => {
    expect((await call("/manager-only")).json()).toMatchObject({
      status: 401,
      code: "UNAUTHORIZED",
    });
    expect((await call("/manager-only", { "x-test-expired": "1" })).json()).toEqual({
      message: "jwt expired",
      status: 401,
      code: "TOKEN_EXPIRED",
    });
    expect((await call("/signed-in", { "x-test-expired": "1" })).json().code).toBe("TOKEN_EXPIRED");
    expect((await call("/signed-in", { "x-test-role": "user" })).statusCode).toBe(200);
  });
});
