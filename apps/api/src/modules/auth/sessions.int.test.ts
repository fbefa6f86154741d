import { DEFAULT_SHOPPER } from "@maidan/db/seed/index";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, cookieOf, get, post, SAME_ORIGIN, signUp } from "../../testing/auth-helpers.ts";
import { createTokenSigner } from "./tokens.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 10 });
});
afterAll(() => t?.close());

const login = () =>
  post(t, "/api/auth/login", { email: DEFAULT_SHOPPER.email, password: DEFAULT_SHOPPER.password });
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");

describe("sessions: cookie, bearer, revocation (spec §4, quality bars)", () => {
  it("POST /api/auth/login answers status, token, user, cart and sets a safe cookie", async () => {
    const res = await post(t, "/api/auth/login", {
      email: DEFAULT_SHOPPER.email,
      password: DEFAULT_SHOPPER.password,
      tokenExpiry: 7200,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe("success");
    expect(body.user.email).toBe(DEFAULT_SHOPPER.email);
    expect(body.user).not.toHaveProperty("passwordHash");
    expect(body.cart).toMatchObject({ items: [], qty: 0, subtotal: 0, total: 0 });
    const cookie = res.cookies.find((c) => c.name === "Authorization");
    expect(cookie).toMatchObject({
      value: body.token,
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
      maxAge: 7200,
    });
    expect(cookie?.secure).toBeFalsy();
    const [, payload] = body.token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    expect(Number.isInteger(claims.exp)).toBe(true);
    expect(claims.exp).toBeLessThan(Date.now() / 1000 + 3601);
  });

  it("POST /api/auth/local returns token and user; GET users/me works by cookie and by bearer", async () => {
    const res = await post(t, "/api/auth/local", {
      identifier: DEFAULT_SHOPPER.email,
      password: DEFAULT_SHOPPER.password,
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(["token", "user"]);
    const { token } = res.json();
    expect((await get(t, "/api/users/me", cookieOf(token))).json().email).toBe(
      DEFAULT_SHOPPER.email,
    );
    expect((await get(t, "/api/users/me", bearer(token))).json().email).toBe(DEFAULT_SHOPPER.email);
  });

  it("a wrong password or unknown account gives 401 'Invalid Login Details!'", async () => {
    for (const body of [
      { email: DEFAULT_SHOPPER.email, password: "wrong-password" },
      { email: "nobody@example.com", password: "whatever-123" },
    ]) {
      const res = await post(t, "/api/auth/login", body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: "Invalid Login Details!", status: 401 });
    }
  });

  it("anonymous GET users/me is 401 {message,status}; the API sets a guest cookie", async () => {
    const res = await get(t, "/api/users/me");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, message: expect.any(String) });
    const guest = res.cookies.find((c) => c.name === "guest");
    expect(guest?.httpOnly).toBe(true);
    expect(guest?.value).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("rejects alg none, tampered, foreign-secret and expired tokens", async () => {
    const { token } = (await login()).json();
    const [h, p, s] = token.split(".");
    const claims = JSON.parse(Buffer.from(p, "base64url").toString());
    const none = `${b64({ alg: "none", typ: "JWT" })}.${p}.`;
    const tampered = `${h}.${b64({ ...claims, role: "admin" })}.${s}`;
    const foreign = await createTokenSigner("x".repeat(40)).sign(
      { sub: claims.sub, ver: claims.ver, role: "user", rfx: claims.rfx },
      600,
    );
    const signer = createTokenSigner(t.config.jwtSecret);
    const expired = await signer.sign(
      { sub: claims.sub, ver: claims.ver, role: "user", rfx: claims.rfx },
      60,
      Date.now() - 120_000,
    );
    const hs512 = await new SignJWT({ ver: claims.ver, role: "user", rfx: claims.rfx })
      .setProtectedHeader({ alg: "HS512" })
      .setSubject(claims.sub)
      .setIssuer("maidan")
      .setExpirationTime("10m")
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    for (const bad of [none, tampered, foreign, expired, hs512, "garbage", "null"]) {
      expect((await get(t, "/api/users/me", bearer(bad))).statusCode).toBe(401);
      expect((await get(t, "/api/users/me", cookieOf(bad))).statusCode).toBe(401);
    }
  });

  it("accepts tokens signed with a previous secret (rotation)", async () => {
    const { token } = (await login()).json();
    const claims = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
    const old = "o".repeat(40);
    const rotated = createTokenSigner("n".repeat(40), [old]);
    const signedWithOld = await createTokenSigner(old).sign(
      { sub: claims.sub, ver: claims.ver, role: "user", rfx: claims.rfx },
      600,
    );
    expect(await rotated.verify(signedWithOld)).toMatchObject({ sub: claims.sub, expired: false });
    expect(await createTokenSigner("n".repeat(40)).verify(signedWithOld)).toBeNull();
  });

  it("refreshToken turns an expired token into a new one with a 3600 s cookie", async () => {
    const { token } = (await login()).json();
    const claims = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
    const expired = await createTokenSigner(t.config.jwtSecret).sign(
      { sub: claims.sub, ver: claims.ver, role: "user", rfx: claims.rfx },
      60,
      Date.now() - 600_000,
    );
    const res = await post(
      t,
      "/api/auth/local/refreshToken",
      { user: { _id: claims.sub } },
      cookieOf(expired),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      token: expect.any(String),
      user: { _id: claims.sub },
    });
    expect(res.cookies.find((c) => c.name === "Authorization")?.maxAge).toBe(3600);
    expect((await get(t, "/api/users/me", bearer(res.json().token))).statusCode).toBe(200);
    // Past the session's refresh window, or tampered: refused.
    const stale = await createTokenSigner(t.config.jwtSecret).sign(
      { sub: claims.sub, ver: claims.ver, role: "user", rfx: Math.floor(Date.now() / 1000) - 10 },
      60,
      Date.now() - 600_000,
    );
    expect((await post(t, "/api/auth/local/refreshToken", {}, cookieOf(stale))).statusCode).toBe(
      401,
    );
    const [h, , s] = expired.split(".");
    const forged = `${h}.${b64({ ...claims, sub: "00000000-0000-0000-0000-000000000000" })}.${s}`;
    expect((await post(t, "/api/auth/local/refreshToken", {}, cookieOf(forged))).statusCode).toBe(
      401,
    );
  });

  it("a page request: a live cookie is kept, an expired one renewed, one naming nobody cleared", async () => {
    const { token } = (await login()).json();
    const claims = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
    const signer = createTokenSigner(t.config.jwtSecret);
    const page = (cookie?: string) =>
      t.app.domains.auth.service.sessionFromRequest(
        new Request("http://localhost/my", cookie === undefined ? {} : { headers: { cookie } }),
      );
    const live = await page(`Authorization=${token}`);
    expect(live.viewer.user?.id).toBe(claims.sub);
    expect(live.setCookie).toBeNull();
    expect((await page()).setCookie).toBeNull();

    const expired = await signer.sign(
      { sub: claims.sub, ver: claims.ver, role: "user", rfx: claims.rfx },
      60,
      Date.now() - 600_000,
    );
    const renewed = await page(`Authorization=${expired}`);
    expect(renewed.viewer.user?.id).toBe(claims.sub);
    expect(renewed.setCookie).toMatch(/^Authorization=(?!;)[^;]+;.*Max-Age=3600/);

    const stale = await signer.sign(
      { sub: claims.sub, ver: claims.ver, role: "user", rfx: Math.floor(Date.now() / 1000) - 10 },
      60,
      Date.now() - 600_000,
    );
    for (const bad of [stale, `${token}x`, "null", ""]) {
      const out = await page(`Authorization=${bad}`);
      expect(out.viewer.user).toBeNull();
      expect(out.setCookie).toMatch(/^Authorization=;.*Max-Age=0/);
    }
  });

  it("logout ends only the session it is called with; the other device stays signed in (043)", async () => {
    const { token: a, email, password } = await signUp(t);
    const b = (await post(t, "/api/auth/login", { email, password })).json().token as string;
    const sidOf = (tok: string) =>
      JSON.parse(Buffer.from(tok.split(".")[1] ?? "", "base64url").toString()).sid;
    expect(sidOf(a)).toEqual(expect.any(String));
    expect(sidOf(a)).not.toBe(sidOf(b));
    const res = await post(t, "/api/auth/local/logout", undefined, cookieOf(a));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: "Logged out", cart: { items: [] } });
    expect(res.cookies.find((c) => c.name === "Authorization")?.value).toBe("");
    expect((await get(t, "/api/users/me", bearer(a))).statusCode).toBe(401);
    expect((await get(t, "/api/users/me", cookieOf(a))).statusCode).toBe(401);
    expect((await get(t, "/api/users/me", bearer(b))).statusCode).toBe(200);

    // A's token past its exp cannot be refreshed back to life; B's refresh keeps B's session.
    const claimsA = JSON.parse(Buffer.from(a.split(".")[1] ?? "", "base64url").toString());
    const signer = createTokenSigner(t.config.jwtSecret);
    const expiredA = await signer.sign(
      { sub: claimsA.sub, ver: claimsA.ver, role: "user", rfx: claimsA.rfx, sid: claimsA.sid },
      60,
      Date.now() - 600_000,
    );
    expect((await post(t, "/api/auth/local/refreshToken", {}, cookieOf(a))).statusCode).toBe(401);
    expect((await post(t, "/api/auth/local/refreshToken", {}, cookieOf(expiredA))).statusCode).toBe(
      401,
    );
    const refreshedB = await post(t, "/api/auth/local/refreshToken", {}, cookieOf(b));
    expect(refreshedB.statusCode).toBe(200);
    const b2 = refreshedB.json().token as string;
    expect(sidOf(b2)).toBe(sidOf(b));
    // Logging out the refreshed token ends the original one too: they are one session.
    expect((await post(t, "/api/auth/local/logout", undefined, bearer(b2))).statusCode).toBe(200);
    for (const tok of [b, b2])
      expect((await get(t, "/api/users/me", bearer(tok))).statusCode).toBe(401);
  });

  it("log out of all devices ends every session; anonymous is 401; it is in the OpenAPI document", async () => {
    const { token: a, email, password } = await signUp(t);
    const b = (await post(t, "/api/auth/login", { email, password })).json().token as string;
    const anon = await post(t, "/api/auth/logout-all");
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ status: 401, message: expect.any(String) });
    const res = await post(t, "/api/auth/logout-all", {}, cookieOf(a));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, cart: { items: [] } });
    expect(res.cookies.find((c) => c.name === "Authorization")?.value).toBe("");
    for (const tok of [a, b]) {
      expect((await get(t, "/api/users/me", bearer(tok))).statusCode).toBe(401);
      expect((await post(t, "/api/auth/local/refreshToken", {}, cookieOf(tok))).statusCode).toBe(
        401,
      );
    }
    const doc = (await get(t, "/api/docs/json")).json();
    expect(doc.paths["/api/auth/logout-all"].post.responses["401"]).toBeDefined();
  });

  it("a token from before session ids still works until revoked by version", async () => {
    const { token, id } = await signUp(t);
    const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    const legacy = await createTokenSigner(t.config.jwtSecret).sign(
      { sub: claims.sub, ver: claims.ver, role: "user", rfx: claims.rfx },
      600,
    );
    expect((await get(t, "/api/users/me", bearer(legacy))).json()._id).toBe(id);
    const refreshed = await post(t, "/api/auth/local/refreshToken", {}, bearer(legacy));
    expect(refreshed.statusCode).toBe(200);
    expect((await post(t, "/api/auth/logout-all", {}, bearer(token))).statusCode).toBe(200);
    expect((await get(t, "/api/users/me", bearer(legacy))).statusCode).toBe(401);

    // Logout with such a token ends it (by version: it has no id of its own to revoke).
    const again = await createTokenSigner(t.config.jwtSecret).sign(
      { sub: claims.sub, ver: claims.ver + 1, role: "user", rfx: claims.rfx },
      600,
    );
    expect((await get(t, "/api/users/me", bearer(again))).statusCode).toBe(200);
    expect((await post(t, "/api/auth/local/logout", undefined, bearer(again))).statusCode).toBe(
      200,
    );
    expect((await get(t, "/api/users/me", bearer(again))).statusCode).toBe(401);
  });

  it("a cross-site POST carrying the cookie is refused with 403", async () => {
    const { token } = await signUp(t);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/users/profile",
      payload: { firstName: "Hacked" },
      headers: {
        ...cookieOf(token),
        host: "localhost",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      },
    });
    expect(res.statusCode).toBe(403);
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/auth/local/logout",
      headers: { ...cookieOf(token), host: "localhost", origin: "https://evil.example" },
    });
    expect(logout.statusCode).toBe(403);
    expect((await get(t, "/api/users/me", cookieOf(token))).json().firstName).toBe("Test");
    expect(SAME_ORIGIN.host).toBe("localhost");
  });
});
