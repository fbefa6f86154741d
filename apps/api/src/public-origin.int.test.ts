import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastMessage, signUp, uniqueEmail } from "./testing/auth-helpers.ts";
import { addToCart, guest, pickVariants, setStock } from "./testing/cart-helpers.ts";
import { ADDRESS, lastSms } from "./testing/order-helpers.ts";

/**
 * Host header poisoning (decision 025): every absolute URL the API writes starts with the
 * configured origin, whatever Host and X-Forwarded-* a request carries, even with TRUST_PROXY
 * on. Requests here carry no Origin header, as an attacker's script would not.
 */
const HOSTILE = {
  host: "evil.example",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "http",
};

const ORIGIN = "http://localhost:4321";
/** In the SMS adapters' form. */
const PHONE = "923001234567";

let shop: TestApp;
let configured: TestApp;
beforeAll(async () => {
  // PUBLIC_URL unset, as in development and tests: the origin is http://localhost:PORT.
  shop = await createTestApp({ products: 12, env: { PORT: "4321", TRUST_PROXY: "true" } });
  configured = await createTestApp({
    products: 1,
    env: { PUBLIC_URL: "https://shop.test/", TRUST_PROXY: "true" },
  });
});
afterAll(async () => {
  await shop?.close();
  await configured?.close();
});

const hostile = (t: TestApp, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: HOSTILE });

/** Every absolute http(s) URL in a text. */
const urlsIn = (text: string) => text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];

describe("absolute URLs come from the configuration, never from the request", () => {
  it("a password-reset e-mail links to http://localhost:PORT when PUBLIC_URL is unset", async () => {
    const { email } = await signUp(shop);
    const res = await hostile(shop, "POST", "/api/users/forgot", { email });
    expect(res.statusCode).toBe(200);
    const mail = await lastMessage(shop, email);
    expect(mail.body).toContain(`${ORIGIN}/account/reset-password/`);
    expect(mail.body).not.toContain("evil.example");
  });

  it("a password-reset e-mail links to PUBLIC_URL when it is set", async () => {
    const { email } = await signUp(configured);
    expect((await hostile(configured, "POST", "/api/users/forgot", { email })).statusCode).toBe(
      200,
    );
    const mail = await lastMessage(configured, email);
    expect(mail.body).toContain("https://shop.test/account/reset-password/");
    expect(mail.body).not.toContain("evil.example");
  });

  it("the verification e-mail of a new account links to the configured origin (both sign-up calls)", async () => {
    for (const url of ["/api/users", "/api/auth/signup"]) {
      const email = uniqueEmail("verify");
      const res = await hostile(shop, "POST", url, {
        firstName: "Host",
        lastName: "Header",
        email,
        password: "correct-horse-1",
      });
      expect(res.statusCode, url).toBe(200);
      const mail = await lastMessage(shop, email);
      expect(mail.body).toContain(`${ORIGIN}/account/verify/`);
      expect(
        urlsIn(mail.body).every((u) => u.startsWith(`${ORIGIN}/`)),
        mail.body,
      ).toBe(true);
    }
  });

  it("the COD confirmation SMS links to the configured origin, and so does a new code", async () => {
    const [v] = await pickVariants(shop, 1);
    if (!v) throw new Error("no variant");
    await setStock(shop, v.vid, 5);
    const who = guest();
    expect((await addToCart(shop, who, v)).statusCode).toBe(200);
    const placed = await shop.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...HOSTILE, ...who },
      payload: { address: ADDRESS, paymentMethod: "COD" },
    });
    expect(placed.statusCode).toBe(200);
    const sms = await lastSms(shop, PHONE);
    expect(sms).toContain(`${ORIGIN}/api/orders/confirm-link?`);
    expect(sms).not.toContain("evil.example");

    const id = placed.json().orders[0]._id as string;
    const resent = await shop.app.inject({
      method: "POST",
      url: `/api/orders/my/${id}/resend-code`,
      headers: { ...HOSTILE, ...who },
    });
    expect(resent.statusCode).toBe(200);
    const again = await lastSms(shop, PHONE);
    expect(again).not.toBe(sms);
    expect(again).toContain(`${ORIGIN}/api/orders/confirm-link?`);
    expect(again).not.toContain("evil.example");
  });

  it("robots.txt and the sitemaps name the configured origin", async () => {
    const robots = await hostile(shop, "GET", "/robots.txt");
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const path of ["/sitemap.xml", "/sitemaps/products-1.xml", "/sitemaps/categories.xml"]) {
      const res = await hostile(shop, "GET", path);
      expect(res.statusCode, path).toBe(200);
      const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
      expect(locs.length, path).toBeGreaterThan(0);
      expect(
        locs.every((l) => l.startsWith(`${ORIGIN}/`)),
        path,
      ).toBe(true);
    }
  });

  it("Facebook login's callback address is on the configured origin", async () => {
    const start = await hostile(shop, "GET", "/api/auth/facebook?redirectTo=/my");
    expect(start.statusCode).toBe(302);
    const dialog = new URL(String(start.headers.location), ORIGIN);
    expect(dialog.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/api/auth/facebook/callback`);
  });

  it("an online payment's return URLs are on the configured origin", async () => {
    const [, w] = await pickVariants(shop, 2);
    if (!w) throw new Error("no variant");
    await setStock(shop, w.vid, 5);
    const who = guest();
    expect((await addToCart(shop, who, w)).statusCode).toBe(200);
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/pay/easypaisa",
      headers: { ...HOSTILE, ...who },
      payload: {
        address: ADDRESS,
        paymentMethod: "easypaisa",
        paymentMethod_ep: "MA_PAYMENT_METHOD",
      },
    });
    expect(res.statusCode).toBe(200);
    const postBack = decodeURIComponent(String(res.json().postBackURL));
    expect(postBack).toBe(`${ORIGIN}/pgw/easypaisa`);
  });
});
