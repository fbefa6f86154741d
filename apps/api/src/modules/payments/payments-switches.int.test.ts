import { createTestDatabase } from "@maidan/db/testing/test-database";
import { startProduction } from "@maidan/server/testing/production-start";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addToCart, guest, pickVariants, send, stockOf } from "../../testing/cart-helpers.ts";
import { ADDRESS } from "../../testing/order-helpers.ts";

/**
 * Sandbox gateways in production and switching gateways off (issue #12, item 8; decision 024).
 * A production server takes sandbox payments only when PAYMENTS_SANDBOX=true says so, and then
 * is in test mode; PAYMENTS_DISABLED switches gateways off one by one.
 */

describe("a production start", () => {
  it("refuses an enabled gateway without live settings unless sandbox mode is explicit", async () => {
    const database = await createTestDatabase(inject("pgServerUrl"));
    try {
      // Alfalah and NIFT are switched off; the other three have no live settings.
      const r = startProduction(database.url, { PAYMENTS_DISABLED: "alfalah,nift" });
      expect(r.status).toBe(1);
      expect(r.stderr.trim().split("\n")).toEqual([
        "config: PAYMENTS_SANDBOX: production has gateways without live settings (easypaisa, hbl, keenu); configure them live, switch them off with PAYMENTS_DISABLED=easypaisa,hbl,keenu, or set PAYMENTS_SANDBOX=true to take test payments",
      ]);
    } finally {
      await database.close();
    }
  });
});

describe("live gateways only, the rest switched off", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      products: 8,
      env: {
        NODE_ENV: "production",
        PUBLIC_URL: "https://shop.example",
        PAYMENTS_DISABLED: "easypaisa, HBL,keenu,nift",
        ALFALAH_URL: "http://127.0.0.1:9",
        ALFALAH_MERCHANT_ID: "1",
        ALFALAH_STORE_ID: "2",
        ALFALAH_MERCHANT_HASH: "h",
        ALFALAH_USERNAME: "u",
        ALFALAH_PASSWORD: "p",
        ALFALAH_KEY1: "k".repeat(16),
        ALFALAH_KEY2: "1".repeat(16),
      },
    });
  });
  afterAll(() => t?.close());

  it("starts without PAYMENTS_SANDBOX, out of test mode, offering the live gateway only", async () => {
    expect(t.app.domains.payments.availability()).toEqual({
      testMode: false,
      gateways: ["alfalah"],
    });
    // No sandbox is mounted: a payment page of one answers as an unknown page.
    const page = await t.app.inject({ method: "GET", url: "/sandbox/hbl/HBLPay/Site/index.html" });
    expect(page.statusCode).toBe(404);
    const faults = await t.app.inject({ method: "POST", url: "/sandbox/faults", payload: {} });
    expect(faults.statusCode).toBe(404);
  });
});

describe("test mode with two gateways switched off", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      products: 8,
      env: {
        NODE_ENV: "production",
        PUBLIC_URL: "https://shop.example",
        PAYMENTS_SANDBOX: "true",
        PAYMENTS_DISABLED: "hbl,keenu",
      },
    });
  });
  afterAll(() => t?.close());

  it("says it is in test mode and offers the other three", () => {
    expect(t.app.domains.payments.availability()).toEqual({
      testMode: true,
      gateways: ["easypaisa", "alfalah", "nift"],
    });
  });

  it("refuses a switched-off gateway's /api/pay call with a clear 400, placing nothing", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    const who = guest();
    expect((await addToCart(t, who, v)).statusCode).toBe(200);
    const stock = await stockOf(t, v.vid);
    const calls: [string, Record<string, unknown>, string][] = [
      ["/api/pay/hbl", { paymentMethod: "HBL" }, "HBL Pay"],
      ["/api/pay/keenu", { paymentMethod: "Keenu", bankId: "1" }, "Keenu"],
    ];
    for (const [url, body, name] of calls) {
      const r = await send(t, "POST", url, who, { address: ADDRESS, ...body });
      expect(r.statusCode, url).toBe(400);
      expect(r.json()).toMatchObject({
        status: 400,
        code: "GATEWAY_DISABLED",
        message: `${name} is switched off at this shop. Please choose another payment method.`,
      });
    }
    const banks = await t.app.inject({ method: "GET", url: "/api/payments/keenu/banks" });
    expect(banks.statusCode).toBe(400);
    // Nothing was placed: the cart and the stock are as they were.
    expect(await stockOf(t, v.vid)).toBe(stock);
    const cart = await send(t, "GET", "/api/cart", who);
    expect(cart.json().items).toHaveLength(1);
    const { rows } = await t.database.pool.query("select count(*)::int as n from orders");
    expect(rows[0].n).toBe(0);
    // An enabled gateway still works, and its sandbox page says it is a test.
    const nift = await send(t, "POST", "/api/pay/nift_pay", who, {
      address: ADDRESS,
      paymentMethod: "NiftPayBank",
    });
    expect(nift.json()).toMatchObject({ status: true });
  });

  it("the switched-off gateways' sandboxes and callbacks are gone; the others' pages carry the ribbon", async () => {
    const hbl = await t.app.inject({
      method: "POST",
      url: "/sandbox/hbl/HBLPay/api/checkout",
      payload: {},
    });
    expect(hbl.statusCode).toBe(404);
    const back = await t.app.inject({ method: "GET", url: "/api/payments/hbl/return?data=AAAA" });
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe(
      "HBL Pay is switched off at this shop. Please choose another payment method.",
    );
    const page = await t.app.inject({
      method: "POST",
      url: "/sandbox/nift/choose",
      payload: { ref: "nothing" },
    });
    expect(page.statusCode).toBe(404);
    expect(page.body).toMatch(/<div class="test-mode" role="note"><strong>Test mode<\/strong>/);
  });
});
