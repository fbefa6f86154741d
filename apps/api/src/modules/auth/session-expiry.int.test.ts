import { DEFAULT_SHOPPER } from "@maidan/db/seed/index";
import { captureLogs } from "@maidan/observability/testing/capture-logs";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { bearer, cookieOf, get, post } from "../../testing/auth-helpers.ts";
import { createAuth } from "./auth.service.ts";
import { createTokenSigner } from "./tokens.ts";

let t: TestApp;
const logs = captureLogs();
beforeAll(async () => {
  t = await createTestApp({ products: 4, env: { LOG_LEVEL: "warn" }, logTo: logs.destination });
});
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

type Claims = { sub: string; ver: number; role: "user"; rfx: number; sid: string };

/** A fresh login's claims, and a token for them that expired two minutes ago. */
async function expiredSession() {
  const res = await post(t, "/api/auth/login", {
    email: DEFAULT_SHOPPER.email,
    password: DEFAULT_SHOPPER.password,
  });
  const token = res.json().token as string;
  const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
  const c: Claims = {
    sub: claims.sub,
    ver: claims.ver,
    role: "user",
    rfx: claims.rfx,
    sid: claims.sid,
  };
  const expired = await createTokenSigner(t.config.jwtSecret).sign(c, 60, Date.now() - 120_000);
  return { token, claims: c, expired };
}

const page = (cookie: string) =>
  t.app.domains.auth.service.sessionFromRequest(
    new Request("http://localhost/my", { headers: { cookie } }),
  );
/** The warnings logged from now on. */
const warnings = () => {
  const from = logs.lines.length;
  return () =>
    logs.lines
      .slice(from)
      .filter((l) => l.level === "warn")
      .map((l) => String(l.msg));
};

describe("an expired token on a page request (spec §4, §8)", () => {
  it("logs 'jwt expired', refreshes, and sends a 3600 s cookie", async () => {
    const { claims, expired } = await expiredSession();
    const logged = warnings();
    const out = await page(`Authorization=${expired}`);
    expect(out.viewer.user?.id).toBe(claims.sub);
    expect(out.setCookie).toMatch(/^Authorization=[^;]+; Path=\/; Max-Age=3600; HttpOnly/);
    expect(logged()).toEqual(["auth: jwt expired; refreshing the session"]);
  });

  it("a refused refresh (logged out since) is logged and signs out: a revoked session never comes back", async () => {
    const { token, expired } = await expiredSession();
    await post(t, "/api/auth/local/logout", undefined, cookieOf(token));
    const logged = warnings();
    const out = await page(`Authorization=${expired}`);
    expect(out.viewer.user).toBeNull();
    expect(out.setCookie).toMatch(/^Authorization=;.*Max-Age=0/);
    expect(logged()).toEqual([
      "auth: jwt expired; refreshing the session",
      "auth: refresh refused (session revoked or past its refresh window); signed out",
    ]);
  });

  it("past the refresh window: logged and signed out", async () => {
    const { claims } = await expiredSession();
    const stale = await createTokenSigner(t.config.jwtSecret).sign(
      { ...claims, rfx: Math.floor(Date.now() / 1000) - 5 },
      60,
      Date.now() - 120_000,
    );
    const logged = warnings();
    expect((await page(`Authorization=${stale}`)).viewer.user).toBeNull();
    expect(logged()[1]).toMatch(/^auth: refresh refused/);
  });

  it("a refresh that breaks is logged; the shopper stays signed in and the cookie is kept", async () => {
    const { claims, expired } = await expiredSession();
    const auth = createAuth({
      config: t.config,
      db: t.database.db,
      kv: t.kv,
      messages: t.app.domains.messages,
      dropPictures: t.app.domains.mediaCleanup.drop,
      settings: async () => ({ demo: false, otpLength: 4 }),
    });
    vi.spyOn(auth.sessions, "refresh").mockRejectedValue(new Error("connection reset"));
    const logged = warnings();
    const out = await auth.service.sessionFromRequest(
      new Request("http://localhost/my", { headers: { cookie: `Authorization=${expired}` } }),
    );
    expect(out.viewer.user?.id).toBe(claims.sub);
    expect(out.setCookie).toBeNull();
    expect(logged()).toEqual([
      "auth: jwt expired; refreshing the session",
      "auth: refresh failed (connection reset)",
    ]);
  });
});

describe("an expired bearer token on the API", () => {
  it("answers 401 'jwt expired' with code TOKEN_EXPIRED; refreshToken then works", async () => {
    const { expired } = await expiredSession();
    const res = await get(t, "/api/users/me", bearer(expired));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "jwt expired", status: 401, code: "TOKEN_EXPIRED" });
    const refreshed = await post(t, "/api/auth/local/refreshToken", {}, bearer(expired));
    expect(refreshed.statusCode).toBe(200);
    expect((await get(t, "/api/users/me", bearer(refreshed.json().token))).statusCode).toBe(200);
  });

  it("no token, a forged one or a revoked live one stay UNAUTHORIZED (a refresh would not help)", async () => {
    const { token } = await expiredSession();
    await post(t, "/api/auth/local/logout", undefined, cookieOf(token));
    for (const headers of [{}, bearer(`${token}x`), bearer(token)]) {
      const res = await get(t, "/api/users/me", headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("UNAUTHORIZED");
    }
  });

  it("the OpenAPI document tells the apps about TOKEN_EXPIRED", async () => {
    const doc = (await get(t, "/api/docs/json")).json();
    const me = JSON.stringify(doc.paths["/api/users/me"].get.responses["401"]);
    expect(me).toContain("TOKEN_EXPIRED");
    expect(me).toContain("/api/auth/local/refreshToken");
  });
});

describe("secret rotation and cookies at app level", () => {
  it("a token signed with a retired secret works on users/me; refresh re-signs with the new one", async () => {
    const old = "o".repeat(40);
    const rotated = await createTestApp({
      seed: true,
      products: 1,
      env: { JWT_SECRET: "n".repeat(40), JWT_PREVIOUS_SECRETS: old },
    });
    try {
      const login = await post(rotated, "/api/auth/login", {
        email: DEFAULT_SHOPPER.email,
        password: DEFAULT_SHOPPER.password,
      });
      const live = JSON.parse(
        Buffer.from(login.json().token.split(".")[1], "base64url").toString(),
      ) as Claims;
      const claims = { sub: live.sub, ver: live.ver, role: "user" as const, rfx: live.rfx };
      const signedWithOld = await createTokenSigner(old).sign(claims, 600);
      const me = await get(rotated, "/api/users/me", bearer(signedWithOld));
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe(DEFAULT_SHOPPER.email);

      const expiredOld = await createTokenSigner(old).sign(claims, 60, Date.now() - 120_000);
      const res = await post(rotated, "/api/auth/local/refreshToken", {}, bearer(expiredOld));
      expect(res.statusCode).toBe(200);
      const renewed = res.json().token as string;
      expect(await createTokenSigner("n".repeat(40)).verify(renewed)).toMatchObject({
        sub: claims.sub,
      });
      expect(await createTokenSigner(old).verify(renewed)).toBeNull();
      // A token of a secret the server never had is refused.
      const foreign = await createTokenSigner("f".repeat(40)).sign(claims, 600);
      expect((await get(rotated, "/api/users/me", bearer(foreign))).statusCode).toBe(401);
    } finally {
      await rotated.close();
    }
  });

  it("with an https PUBLIC_URL the session and guest cookies are Secure", async () => {
    const tls = await createTestApp({ products: 1, env: { PUBLIC_URL: "https://shop.test" } });
    try {
      const res = await post(tls, "/api/auth/login", {
        email: DEFAULT_SHOPPER.email,
        password: DEFAULT_SHOPPER.password,
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === "Authorization")).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: "Lax",
      });
      expect(res.cookies.find((c) => c.name === "guest")?.secure).toBe(true);
      const renewed = await tls.app.domains.auth.service.sessionFromRequest(
        new Request("https://shop.test/my", { headers: { cookie: "Authorization=null" } }),
      );
      expect(renewed.setCookie).toMatch(/; Secure$/);
    } finally {
      await tls.close();
    }
  });
});
