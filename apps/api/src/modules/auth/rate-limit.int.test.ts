import { DEFAULT_SHOPPER } from "@maidan/db/seed/index";
import { type App, buildApp } from "@maidan/server/app";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Kv, redisKv } from "../../lib/kv.ts";
import { SAME_ORIGIN, signUp, uniquePhone } from "../../testing/auth-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 10 });
});
afterAll(() => t?.close());

const TOO_MANY = "Too many login attempts. Please try again in 15 minutes.";

const attempt = (
  identifier: { email?: string; phone?: string },
  password: string,
  ip: string,
  app: App = t.app,
) =>
  app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { ...identifier, password },
    headers: SAME_ORIGIN,
    remoteAddress: ip,
  });

const statuses = (responses: { statusCode: number }[]) => {
  const count: Record<number, number> = {};
  for (const r of responses) count[r.statusCode] = (count[r.statusCode] ?? 0) + 1;
  return count;
};

describe(`login rate limits (key-value store: ${process.env.TEST_REDIS_URL ? "redis" : "memory"})`, () => {
  it("locks an account after 10 failures, even with the right password, from any address", async () => {
    const a = await signUp(t);
    for (let i = 0; i < 10; i++)
      expect((await attempt({ email: a.email }, "wrong-password", `10.0.0.${i}`)).statusCode).toBe(
        401,
      );
    const locked = await attempt({ email: a.email }, a.password, "10.0.1.1");
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ status: 429, message: TOO_MANY });
  });

  it("100 concurrent wrong guesses: at most 10 are checked, the rest refused before the check", async () => {
    const a = await signUp(t);
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        attempt({ email: a.email }, `guess-${i}`, `10.1.${i}.1`),
      ),
    );
    const count = statuses(burst);
    expect(count[401]).toBe(10);
    expect(count[429]).toBe(90);
    expect(Object.keys(count).sort()).toEqual(["401", "429"]);
  });

  it("the right password sent inside a burst, after the limit's worth of guesses, is refused", async () => {
    const a = await signUp(t);
    const wrong = Array.from({ length: 99 }, (_, i) =>
      attempt({ email: a.email }, `guess-${i}`, `10.2.${i}.1`),
    );
    const right = attempt({ email: a.email }, a.password, "10.2.200.1");
    // Injected requests start when awaited: the array's order is the order they arrive in.
    const answers = await Promise.all([...wrong, right]);
    const rightRes = answers.pop();
    const rest = answers;
    expect(rightRes?.statusCode).toBe(429);
    expect(rightRes?.json()).toMatchObject({ status: 429, message: TOO_MANY });
    expect(statuses(rest)[401]).toBe(10);
    expect(rightRes?.cookies.find((c) => c.name === "Authorization")).toBeUndefined();
  });

  it("e-mail and phone name one account and share its counter", async () => {
    const a = await signUp(t);
    const phone = uniquePhone();
    await t.database.pool.query("update users set phone = $1 where id = $2", [
      `92${phone.slice(1)}`,
      a.id,
    ]);
    for (let i = 0; i < 5; i++) {
      expect((await attempt({ email: a.email }, "wrong-password", "10.3.0.1")).statusCode).toBe(
        401,
      );
      expect((await attempt({ phone }, "wrong-password", "10.3.0.2")).statusCode).toBe(401);
    }
    expect((await attempt({ phone }, a.password, "10.3.0.3")).statusCode).toBe(429);
    expect(
      (await attempt({ email: a.email.toUpperCase() }, a.password, "10.3.0.4")).statusCode,
    ).toBe(429);
  });

  it("a success clears the account's counter", async () => {
    const a = await signUp(t);
    for (let i = 0; i < 9; i++) await attempt({ email: a.email }, "wrong-password", "10.4.0.1");
    expect((await attempt({ email: a.email }, a.password, "10.4.0.1")).statusCode).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await attempt({ email: a.email }, "wrong-password", "10.4.0.1")).statusCode).toBe(
        401,
      );
  });

  it("50 failures from one address against other accounts do not refuse a real user's right password there", async () => {
    for (let i = 0; i < 50; i++)
      await attempt({ email: `nobody-${i}@example.com` }, "wrong-password", "10.9.9.9");
    const ok = await attempt(DEFAULT_SHOPPER, DEFAULT_SHOPPER.password, "10.9.9.9");
    expect(ok.statusCode).toBe(200);
    // A wrong password from there is still just wrong (and counted against that account).
    const b = await signUp(t);
    expect((await attempt({ email: b.email }, "wrong-password", "10.9.9.9")).statusCode).toBe(401);
    expect((await attempt({ email: b.email }, b.password, "10.9.9.9")).statusCode).toBe(200);
  });

  it("two server instances on one store share the reservation: 100 guesses split across both, 10 checked", async () => {
    const a = await signUp(t);
    // A second process: its own connection to the same store (Redis), or the same store object.
    const redisUrl = process.env.TEST_REDIS_URL;
    const kv2: Kv = redisUrl ? await redisKv(redisUrl, `maidan-test-${process.pid}:`) : t.kv;
    const second = await buildApp({
      config: t.config,
      database: t.database,
      kv: kv2,
      media: t.app.domains.media,
    });
    await second.ready();
    try {
      const burst = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          attempt({ email: a.email }, `guess-${i}`, `10.5.${i}.1`, i % 2 ? second : t.app),
        ),
      );
      expect(statuses(burst)[401]).toBe(10);
      expect(statuses(burst)[429]).toBe(90);
    } finally {
      await second.close();
      if (kv2 !== t.kv) await kv2.close();
    }
  });
});
