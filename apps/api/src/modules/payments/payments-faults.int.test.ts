import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, post, signUp } from "../../testing/auth-helpers.ts";

/**
 * In production (the demo runs the sandboxes there) the sandbox fault switch slows or breaks
 * every shopper's payments, so only an admin may use it. In development and tests it is open
 * (payments.int.test.ts and payments-timeout.int.test.ts use it freely).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    products: 2,
    env: {
      NODE_ENV: "production",
      PUBLIC_URL: "http://localhost:3000",
      PAYMENTS_SANDBOX: "true",
      PAYMENT_INQUIRY_INTERVAL_MS: "0",
    },
  });
});
afterAll(() => t?.close());

const setFaults = (body: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/sandbox/faults", payload: body, headers });

describe("the sandbox faults switch in production", () => {
  it("refuses visitors and shoppers, and takes an admin's rule", async () => {
    const anonymous = await setFaults({ fail: "error" });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toMatchObject({
      message: "Only an admin may change the sandbox faults here.",
      status: 403,
    });
    const shopper = await signUp(t);
    expect((await setFaults({ fail: "error" }, bearer(shopper.token))).statusCode).toBe(403);
    // Still working for everyone: no rule was set.
    expect(
      (await t.app.inject({ method: "GET", url: "/sandbox/hbl/HBLPay/Site/checkout?data=" }))
        .statusCode,
    ).toBe(404);

    const login = await post(t, "/api/auth/local", {
      email: "admin@test.pk",
      password: "admin-pass-123",
    });
    expect(login.statusCode, login.body).toBe(200);
    const admin = bearer(login.json().token);
    expect((await setFaults({ fail: "error" }, admin)).json()).toEqual({
      latencyMs: 0,
      fail: "error",
    });
    expect(
      (await t.app.inject({ method: "GET", url: "/sandbox/hbl/HBLPay/Site/checkout?data=" }))
        .statusCode,
    ).toBe(503);
    expect((await setFaults({}, admin)).statusCode).toBe(200);
  });
});
