import { DEFAULT_SHOPPER } from "@maidan/db/seed/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { SAME_ORIGIN, signUp } from "./auth-test-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 10 });
});
afterAll(() => t?.close());

const attempt = (email: string, password: string, ip: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    headers: SAME_ORIGIN,
    remoteAddress: ip,
  });

describe(`login rate limits (key-value store: ${process.env.TEST_REDIS_URL ? "redis" : "memory"})`, () => {
  it("locks an account after 10 failures, even with the right password, from any address", async () => {
    const a = await signUp(t);
    for (let i = 0; i < 10; i++)
      expect((await attempt(a.email, "wrong-password", `10.0.0.${i}`)).statusCode).toBe(401);
    const locked = await attempt(a.email, a.password, "10.0.1.1");
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      status: 429,
      message: "Too many login attempts. Please try again in 15 minutes.",
    });
  });

  it("locks one address after 50 failures across accounts, not the others", async () => {
    for (let i = 0; i < 50; i++)
      await attempt(`nobody-${i}@example.com`, "wrong-password", "10.9.9.9");
    expect(
      (await attempt(DEFAULT_SHOPPER.email, DEFAULT_SHOPPER.password, "10.9.9.9")).statusCode,
    ).toBe(429);
    expect(
      (await attempt(DEFAULT_SHOPPER.email, DEFAULT_SHOPPER.password, "10.9.9.10")).statusCode,
    ).toBe(200);
  });
});
