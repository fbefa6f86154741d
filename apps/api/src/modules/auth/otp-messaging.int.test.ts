import { loadConfig } from "@maidan/config/config";
import { settings } from "@maidan/db/schema-content";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { codeIn, get, lastMessage, post, signUp, uniquePhone } from "../../testing/auth-helpers.ts";
import { startHttpServer, startSmtpServer } from "../../testing/message-servers.ts";
import { httpSms, smtpMailer } from "../messages/adapters.ts";
import { outboxReadable } from "./auth.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 2 });
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const intl = (phone: string) => `92${phone.slice(1)}`;
const generate = (app: TestApp, phone: string) => post(app, "/api/auth/otp/generate", { phone });
/** Lets the next send through the 30-second gap, as if the shopper had waited. */
const skipGap = (app: TestApp, phone: string) => app.kv.del(`otp:gap:${intl(phone)}`);
const setOtpLength = (n: number) =>
  t.database.db.update(settings).set({ otpLength: n }).where(eq(settings.id, 1));

describe("OTP: what generate tells a caller", () => {
  it("a registered and an unknown phone get the very same answer", async () => {
    const known = uniquePhone();
    await signUp(t, { phone: known });
    const unknown = uniquePhone();
    const a = await generate(t, known);
    const b = await generate(t, unknown);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    expect(a.json()).toEqual({
      status: "success",
      message: "A verification code has been sent to your phone.",
    });
  });

  it("five sends an hour per phone, then the hourly message", async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 5; i++) {
      expect((await generate(t, phone)).statusCode).toBe(200);
      await skipGap(t, phone);
    }
    const sixth = await generate(t, phone);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      status: 429,
      message: "Too many codes requested for this number. Please try again in an hour.",
    });
  });

  it("a code works until ten minutes have passed, not after", async () => {
    const start = Date.now();
    const login = (phone: string, otp: string) => post(t, "/api/auth/otp/login", { phone, otp });
    const early = uniquePhone();
    await generate(t, early);
    const earlyCode = codeIn((await lastMessage(t, intl(early))).body);
    const late = uniquePhone();
    await generate(t, late);
    const lateCode = codeIn((await lastMessage(t, intl(late))).body);

    vi.useFakeTimers({ toFake: ["Date"], now: start + 9 * 60_000 + 50_000 });
    expect((await login(early, earlyCode)).statusCode).toBe(200);
    vi.setSystemTime(start + 10 * 60_000 + 1_000);
    const expired = await login(late, lateCode);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe("Invalid Login Details!");
  });

  it("the code has otp_length digits, kept between 4 and 8", async () => {
    try {
      for (const [setting, digits] of [
        [6, 6],
        [20, 8],
        [1, 4],
      ] as const) {
        await setOtpLength(setting);
        const phone = uniquePhone();
        await generate(t, phone);
        const code = codeIn((await lastMessage(t, intl(phone))).body);
        expect(code).toMatch(new RegExp(`^\\d{${digits}}$`));
        expect((await post(t, "/api/auth/otp/login", { phone, otp: code })).statusCode).toBe(200);
      }
    } finally {
      await setOtpLength(4);
    }
  });
});

describe("the HTTP SMS gateway", () => {
  it("httpSms posts {to, from, text} as JSON with the bearer token; a non-2xx answer is an error", async () => {
    const gateway = await startHttpServer();
    try {
      const sms = httpSms({ url: `${gateway.url}/send`, token: "gw-secret", sender: "MAIDAN" });
      await sms.send("923001234567", "Your Maidan code is 1234.");
      expect(gateway.calls).toHaveLength(1);
      const [call] = gateway.calls;
      expect(call).toMatchObject({ method: "POST", url: "/send" });
      expect(call?.headers.authorization).toBe("Bearer gw-secret");
      expect(call?.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(call?.body ?? "")).toEqual({
        to: "923001234567",
        from: "MAIDAN",
        text: "Your Maidan code is 1234.",
      });
      gateway.state.status = 502;
      await expect(sms.send("923001234567", "again")).rejects.toThrow(/answered 502/);
    } finally {
      await gateway.close();
    }
  });

  it("a failing gateway: the code's job backs off and retries; once the gateway is back the code arrives once and works", async () => {
    const gateway = await startHttpServer(500);
    const app = await createTestApp({
      products: 1,
      env: { SMS_GATEWAY_URL: `${gateway.url}/sms`, SMS_SENDER: "MAIDAN" },
    });
    try {
      const phone = uniquePhone();
      // The code and its job are committed together: the shopper is told it is on its way.
      expect((await generate(app, phone)).statusCode).toBe(200);
      await app.app.domains.jobs.drain();
      expect(gateway.calls).toHaveLength(1);
      // The attempt failed: the job waits for its retry (10 s, then doubling), nothing is recorded as sent.
      const waiting = await app.database.pool.query(
        "select state, start_after > now() as later from pgboss.job where name = 'messages.sms'",
      );
      expect(waiting.rows).toEqual([{ state: "retry", later: true }]);
      // Back up, and the retry's time has come.
      gateway.state.status = 200;
      await app.database.pool.query(
        "update pgboss.job set start_after = now() where name = 'messages.sms' and state = 'retry'",
      );
      await app.app.domains.jobs.drain();
      expect(gateway.calls).toHaveLength(2);
      const code = codeIn(JSON.parse(gateway.calls.at(-1)?.body ?? "{}").text);
      expect((await post(app, "/api/auth/otp/login", { phone, otp: code })).statusCode).toBe(200);
      // A later drain sends nothing more.
      await app.app.domains.jobs.drain();
      expect(gateway.calls).toHaveLength(2);
    } finally {
      await app.close();
      await gateway.close();
    }
  });
});

describe("the SMTP mailer", () => {
  it("hands the message to the SMTP server with From, To, subject and text", async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = smtpMailer(
        `smtp://mailer:pw-123@127.0.0.1:${smtp.port}?ignoreTLS=true`,
        "Maidan <no-reply@maidan.pk>",
      );
      await mailer.send({ to: "ali@example.com", subject: "Hello there", text: "Line one." });
      expect(smtp.messages).toHaveLength(1);
      const [m] = smtp.messages;
      expect(m).toMatchObject({ from: "no-reply@maidan.pk", to: ["ali@example.com"] });
      expect(m?.auth).toBe("\0mailer\0pw-123");
      expect(m?.data).toMatch(/^Subject: Hello there$/m);
      expect(m?.data).toMatch(/^From: Maidan <no-reply@maidan\.pk>$/m);
      expect(m?.data).toContain("Line one.");
    } finally {
      await smtp.close();
    }
  });

  it("with SMTP_URL set, a sign-up's verification e-mail goes out by SMTP, not to the outbox", async () => {
    const smtp = await startSmtpServer();
    const app = await createTestApp({
      products: 1,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` },
    });
    try {
      const { email } = await signUp(app);
      await app.app.domains.jobs.drain();
      expect(smtp.messages.map((m) => m.to)).toEqual([[email]]);
      expect(smtp.messages[0]?.data).toContain("/account/verify/");
      const outbox = (await get(app, `/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
      expect(outbox.messages).toEqual([]);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});

describe("the dev outbox", () => {
  it("is hidden in production unless DEV_OUTBOX=true or PAYMENTS_SANDBOX=true, and whenever DEV_OUTBOX=false", async () => {
    const base = { DATA_DIR: "/tmp/unused", LOG_LEVEL: "silent", PUBLIC_URL: "https://maidan.pk" };
    expect(outboxReadable(loadConfig({ ...base, NODE_ENV: "production" }))).toBe(false);
    expect(
      outboxReadable(loadConfig({ ...base, NODE_ENV: "production", DEV_OUTBOX: "true" })),
    ).toBe(true);
    expect(outboxReadable(loadConfig({ ...base, NODE_ENV: "development" }))).toBe(true);
    // The demo shop (npm start: PAYMENTS_SANDBOX=true) shows its messages (decision 042).
    const demo = { ...base, NODE_ENV: "production", PAYMENTS_SANDBOX: "true" };
    expect(outboxReadable(loadConfig(demo))).toBe(true);
    expect(outboxReadable(loadConfig({ ...demo, DEV_OUTBOX: "false" }))).toBe(false);

    const closed = await createTestApp({ products: 1, env: { DEV_OUTBOX: "false" } });
    try {
      const phone = uniquePhone();
      expect((await generate(closed, phone)).statusCode).toBe(200);
      for (const url of [`/api/dev/outbox?to=${intl(phone)}`, "/api/dev/outbox", "/dev/outbox"]) {
        const res = await get(closed, url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain("code is");
      }
    } finally {
      await closed.close();
    }
  });
});
