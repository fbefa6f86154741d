import { settings } from "@maidan/db/schema-content";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  codeIn,
  DEMO_REFUSALS,
  get,
  lastMessage,
  linkTokenIn,
  post,
  profileAndPasswordChanges,
  put,
  signUp,
  uniqueEmail,
  uniquePhone,
} from "../../testing/auth-helpers.ts";

const OAUTH_COOKIE = "oauth_nonce";
/** The Cookie header of a browser that received `res` (its OAuth nonce). */
const browserOf = (res: { cookies: { name: string; value: string }[] }) => ({
  cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join("; "),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 10 });
});
afterAll(() => t?.close());

describe("sign-up and e-mail verification", () => {
  it("POST /auth/signup answers status, token, user, cart, stores the campaign and mails a link", async () => {
    const { email, res, token } = await signUp(t, { campaign: "kl_summer" });
    expect(res.json()).toMatchObject({
      status: "success",
      user: { email, verified: false },
      cart: { items: [] },
    });
    const mail = await lastMessage(t, email);
    expect(mail.subject).toBe("Confirm your Maidan account");
    const verify = await post(t, "/api/auth/email/verify", { token: linkTokenIn(mail.body) });
    expect(verify.json()).toEqual({ status: true, message: "Your e-mail address is confirmed." });
    expect((await get(t, "/api/users/me", bearer(token))).json().verified).toBe(true);
    // Single use.
    expect(
      (await post(t, "/api/auth/email/verify", { token: linkTokenIn(mail.body) })).statusCode,
    ).toBe(400);
    const row = await t.database.pool.query(
      "select campaign from users where lower(email)=lower($1)",
      [email],
    );
    expect(row.rows[0].campaign).toBe("kl_summer");
  });

  it("POST users returns user and token; a duplicate e-mail is 409 with a clear message, nothing half-made", async () => {
    const email = uniqueEmail();
    const res = await post(t, "/api/users", { firstName: "A", email, password: "long-enough-1" });
    expect(Object.keys(res.json()).sort()).toEqual(["token", "user"]);
    const dup = await post(t, "/api/auth/signup", {
      firstName: "B",
      email: email.toUpperCase(),
      password: "long-enough-2",
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      status: 409,
      message: "An account with this e-mail or phone number already exists.",
    });
    const n = await t.database.pool.query(
      "select count(*)::int n from users where lower(email)=lower($1)",
      [email],
    );
    expect(n.rows[0].n).toBe(1);
  });

  it("bad input answers 4xx {message,status}, never 500", async () => {
    const cases: [string, unknown][] = [
      ["/api/auth/signup", { firstName: "A", email: "not-an-email", password: "long-enough-1" }],
      ["/api/auth/signup", { firstName: "A", email: uniqueEmail(), password: "short" }],
      [
        "/api/auth/signup",
        { firstName: "x".repeat(500), email: uniqueEmail(), password: "long-enough-1" },
      ],
      ["/api/auth/signup", { firstName: 5, email: [], password: {} }],
      ["/api/auth/login", { email: "a@b.pk" }],
      ["/api/auth/otp/generate", { phone: "12345" }],
      ["/api/auth/verify", { token: "unknown-token-value" }],
      ["/api/users/reset/unknown-token-value", undefined],
      ["/api/auth/local", "not json at all"],
    ];
    for (const [url, body] of cases) {
      const res = await post(
        t,
        url,
        body,
        typeof body === "string" ? { "content-type": "application/json" } : {},
      );
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json()).toMatchObject({ message: expect.any(String), status: res.statusCode });
    }
  });
});

describe("phone and OTP login", () => {
  it("generate sends a hashed, single-use code; /auth/otp/login signs in (and signs up) with it", async () => {
    const phone = uniquePhone();
    const gen = await post(t, "/api/auth/otp/generate", { phone });
    expect(gen.json()).toEqual({
      status: "success",
      message: "A verification code has been sent to your phone.",
    });
    const normalised = `92${phone.slice(1)}`;
    const code = codeIn((await lastMessage(t, normalised)).body);
    expect(code).toMatch(/^\d{4}$/);
    const stored = await t.database.pool.query("select code_hash from otp_codes where phone=$1", [
      normalised,
    ]);
    expect(stored.rows[0].code_hash).not.toContain(code);
    expect(stored.rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    const wrong = await post(t, "/api/auth/otp/login", {
      phone,
      otp: code === "0000" ? "1111" : "0000",
    });
    expect(wrong.json()).toMatchObject({ status: 401, message: "Invalid Login Details!" });
    const ok = await post(t, "/api/auth/otp/login", { phone, otp: code, campaign: "kl_x" });
    expect(ok.json()).toMatchObject({
      status: "success",
      user: { phone: normalised },
      cart: { qty: 0 },
    });
    expect((await post(t, "/api/auth/otp/login", { phone, otp: code })).statusCode).toBe(401);
  });

  it("auth/phone answers status 'success' with data; auth/phone/signup answers data.token/user/cart", async () => {
    for (const url of ["/api/auth/phone", "/api/auth/phone/signup"]) {
      const phone = uniquePhone();
      await post(t, "/api/auth/otp/generate", { phone });
      const code = codeIn((await lastMessage(t, `92${phone.slice(1)}`)).body);
      const res = await post(t, url, { phone, otp: code, tokenExpiry: 3600 });
      expect(res.json()).toMatchObject({
        status: "success",
        data: {
          token: expect.any(String),
          user: { phone: `92${phone.slice(1)}` },
          cart: { items: [] },
        },
      });
      expect(res.cookies.find((c) => c.name === "Authorization")?.maxAge).toBe(3600);
    }
  });

  it("throttles: a gap between sends, 5 tries per code, the same answer for unknown phones", async () => {
    const phone = uniquePhone();
    expect((await post(t, "/api/auth/otp/generate", { phone })).statusCode).toBe(200);
    const again = await post(t, "/api/auth/otp/generate", { phone });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe("Please wait 30 seconds before asking for another code.");
    const code = codeIn((await lastMessage(t, `92${phone.slice(1)}`)).body);
    const wrong = code === "0000" ? "1111" : "0000";
    for (let i = 0; i < 5; i++) await post(t, "/api/auth/otp/login", { phone, otp: wrong });
    expect((await post(t, "/api/auth/otp/login", { phone, otp: code })).statusCode).toBe(401);
    // Five sends an hour: clear the gap between sends to reach the hourly cap quickly.
    const p2 = uniquePhone();
    const n2 = `92${p2.slice(1)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      await t.kv.del(`otp:gap:${n2}`);
      statuses.push((await post(t, "/api/auth/otp/generate", { phone: p2 })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("forgot and reset password", () => {
  it("mails a single-use link; the new password works and old sessions end", async () => {
    const { email, token } = await signUp(t);
    const forgot = await post(t, "/api/users/forgot", { email });
    expect(forgot.json().status).toBe(true);
    const unknown = await post(t, "/api/users/forgot", { email: uniqueEmail() });
    expect(unknown.json()).toEqual(forgot.json());
    const reset = linkTokenIn((await lastMessage(t, email)).body);
    expect((await post(t, `/api/users/reset/${reset}`)).json().status).toBe(true);
    const done = await put(t, "/api/users/password", {
      token: reset,
      password: "brand-new-pass-1",
    });
    expect(done.json()).toMatchObject({
      message: "Your password has been reset. You can log in now.",
    });
    expect(
      (await put(t, "/api/users/password", { token: reset, password: "another-pass-2" })).json(),
    ).toMatchObject({
      status: 400,
      message: "This password reset link is invalid or has expired.",
    });
    expect((await get(t, "/api/users/me", bearer(token))).statusCode).toBe(401);
    expect(
      (await post(t, "/api/auth/login", { email, password: "brand-new-pass-1" })).statusCode,
    ).toBe(200);
  });
});

describe("profile, password change and demo mode", () => {
  it("PUT /users/profile returns the profile; users cannot touch each other", async () => {
    const a = await signUp(t);
    const res = await put(
      t,
      "/api/users/profile",
      {
        firstName: "Zara",
        lastName: "Ali",
        phone: uniquePhone(),
        city: "Lahore",
        state: "Punjab",
        zip: "54000",
        gender: "female",
        dob: "1995-04-01",
        language: "en",
        avatar: null,
      },
      bearer(a.token),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: "Zara",
      city: "Lahore",
      gender: "female",
      dob: "1995-04-01",
    });
    expect((await put(t, "/api/users/profile", { firstName: "X" })).statusCode).toBe(401);
  });

  it("POST /auth/update/password checks the current password and revokes old tokens", async () => {
    const a = await signUp(t);
    const bad = await post(
      t,
      "/api/auth/update/password",
      { currentPassword: "nope-nope", password: "new-password-9" },
      bearer(a.token),
    );
    expect(bad.json()).toMatchObject({ status: 400, message: "Invalid Login Details!" });
    const ok = await post(
      t,
      "/api/auth/update/password",
      { currentPassword: a.password, password: "new-password-9" },
      bearer(a.token),
    );
    expect(ok.json()).toEqual({ status: true, message: "Your password has been changed." });
    expect((await get(t, "/api/users/me", bearer(a.token))).statusCode).toBe(401);
    const fresh = ok.cookies.find((c) => c.name === "Authorization")?.value ?? "";
    expect((await get(t, "/api/users/me", bearer(fresh))).statusCode).toBe(200);
  });

  it("demo mode blocks profile update and password change with the §8 messages", async () => {
    const a = await signUp(t);
    await t.database.db.update(settings).set({ demo: true }).where(eq(settings.id, 1));
    try {
      expect(await profileAndPasswordChanges(t, a)).toMatchObject(DEMO_REFUSALS);
    } finally {
      await t.database.db.update(settings).set({ demo: false }).where(eq(settings.id, 1));
    }
  });
});

describe("token login and facebook", () => {
  it("POST auth/verify exchanges a one-time token for a one-year session", async () => {
    const a = await signUp(t);
    const link = (await post(t, "/api/auth/login-token", undefined, bearer(a.token))).json();
    const res = await post(t, "/api/auth/verify", { token: link.token });
    expect(res.json()).toMatchObject({
      status: true,
      message: "Logged In Redirecting",
      token: expect.any(String),
      user: { _id: a.id },
      cart: { items: [] },
    });
    expect(res.cookies.find((c) => c.name === "Authorization")?.maxAge).toBe(31_536_000);
    expect((await post(t, "/api/auth/verify", { token: link.token })).statusCode).toBe(401);
  });

  it("the sandbox provider round trip signs in and lands on /oauth/success", async () => {
    const start = await get(t, "/api/auth/facebook?redirectTo=/my/address");
    expect(start.statusCode).toBe(302);
    const dialog = new URL(start.headers.location as string, "http://localhost");
    expect(dialog.pathname).toBe("/sandbox/facebook");
    const pick = await get(
      t,
      `/sandbox/facebook/authorize?${new URLSearchParams({ identity: "fb-1001", state: dialog.searchParams.get("state") ?? "", redirect_uri: dialog.searchParams.get("redirect_uri") ?? "" })}`,
    );
    const back = await get(t, pick.headers.location as string, browserOf(start));
    expect(back.headers.location).toBe("/oauth/success?redirectTo=%2Fmy%2Faddress");
    // The browser's nonce is single use: cleared on the way back.
    expect(back.cookies.find((c) => c.name === OAUTH_COOKIE)?.value).toBe("");
    const cookie = back.cookies.find((c) => c.name === "Authorization");
    expect(cookie?.maxAge).toBe(31_536_000);
    expect((await get(t, "/api/users/me", bearer(cookie?.value ?? ""))).json().email).toBe(
      "bilal.sandbox@example.com",
    );
    // A replayed state, or a redirect_uri elsewhere, is refused.
    expect((await get(t, pick.headers.location as string, browserOf(start))).headers.location).toBe(
      "/oauth/success?error=1",
    );
    expect(
      (
        await get(
          t,
          "/sandbox/facebook/authorize?identity=fb-1001&state=x&redirect_uri=https://evil.com/cb",
        )
      ).statusCode,
    ).toBe(404);
  });

  it("a state started in another browser is refused (login CSRF): the nonce cookie binds it", async () => {
    // The attacker starts a login in their own browser and stops at the provider's answer …
    const theirs = await get(t, "/api/auth/facebook?redirectTo=/my");
    const dialog = new URL(theirs.headers.location as string, "http://localhost");
    const pick = await get(
      t,
      `/sandbox/facebook/authorize?${new URLSearchParams({ identity: "fb-1002", state: dialog.searchParams.get("state") ?? "", redirect_uri: dialog.searchParams.get("redirect_uri") ?? "" })}`,
    );
    const callback = pick.headers.location as string;
    // … then makes the victim's browser open it: with no nonce, or with the victim's own.
    const victim = await get(t, "/api/auth/facebook?redirectTo=/my");
    for (const headers of [{}, browserOf(victim), { cookie: `${OAUTH_COOKIE}=forged-value` }]) {
      const back = await get(t, callback, headers);
      expect(back.headers.location).toBe("/oauth/success?error=1");
      expect(back.cookies.find((c) => c.name === "Authorization")).toBeUndefined();
    }
    // The state was spent by the refusal: not even the attacker's own browser can finish it.
    const late = await get(t, callback, browserOf(theirs));
    expect(late.headers.location).toBe("/oauth/success?error=1");
    // The nonce: unreadable to script, sent on the provider's redirect back, kept to the
    // Facebook login paths, and short-lived.
    expect(theirs.cookies.find((c) => c.name === OAUTH_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
      path: "/api/auth/facebook",
      maxAge: 600,
    });
  });
});
