import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  get,
  lastMessage,
  linkTokenIn,
  post,
  put,
  signUp,
  uniqueEmail,
  uniquePhone,
} from "../../testing/auth-helpers.ts";
import { sandboxProvider } from "./oauth-providers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 4 });
});
afterAll(() => t?.close());

const sql = (text: string, values: unknown[] = []) => t.database.pool.query(text, values);

/** A sandbox Facebook access token for one of the sandbox identities. */
async function facebookToken(identity: string) {
  const provider = sandboxProvider(t.config.jwtSecret) as ReturnType<typeof sandboxProvider> & {
    codeFor(id: string): string;
  };
  return provider.exchangeCode(provider.codeFor(identity), "");
}

describe("profiles belong to their owner (IDOR)", () => {
  it("user B's PUT /users/profile naming A's _id changes only B; there is no GET /users/{id}", async () => {
    const a = await signUp(t, { firstName: "Amina" });
    const b = await signUp(t, { firstName: "Bilal" });
    const res = await put(
      t,
      "/api/users/profile",
      { _id: a.id, id: a.id, firstName: "Hacked", email: "x@evil.test", role: "admin" },
      bearer(b.token),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: b.id, firstName: "Hacked", role: "user" });
    expect(res.json().email).toBe(b.email);
    const aNow = (await get(t, "/api/users/me", bearer(a.token))).json();
    expect(aNow).toMatchObject({ _id: a.id, firstName: "Amina", email: a.email, role: "user" });
    for (const headers of [{}, bearer(b.token)]) {
      const other = await get(t, `/api/users/${a.id}`, headers);
      expect(other.statusCode).toBe(404);
      expect(other.body).not.toContain(a.email);
    }
  });
});

describe("the auth state's zipcode (spec §3)", () => {
  it("is the profile's postal code, for the signed-in viewer only", async () => {
    const a = await signUp(t);
    const viewerOf = (cookie: string) =>
      t.app.domains.auth.service.sessionFromRequest(
        new Request("http://localhost/my", { headers: { cookie } }),
      );
    expect((await viewerOf(`Authorization=${a.token}`)).viewer.user?.zipcode).toBeNull();
    await put(t, "/api/users/profile", { firstName: "Z", zip: "54000" }, bearer(a.token));
    expect((await viewerOf(`Authorization=${a.token}`)).viewer.user?.zipcode).toBe("54000");
    expect((await viewerOf("Authorization=null")).viewer.user).toBeNull();
  });
});

describe("sign-up races and duplicates", () => {
  it("a sign-up with a number another account proved is 409 and creates nothing; a mere claim does not block it", async () => {
    const phone = uniquePhone();
    const intl = `92${phone.slice(1)}`;
    const first = await signUp(t, { phone });
    // Only claimed so far: a second claim is accepted (a claim must not block the number's owner).
    const second = await signUp(t, { phone });
    expect(second.res.json().user).toMatchObject({ phone: null, phonePending: intl });
    await sql("update users set phone = phone_pending, phone_pending = null where id = $1", [
      first.id,
    ]);
    const dup = await post(t, "/api/auth/signup", {
      firstName: "Dup",
      email: uniqueEmail(),
      phone,
      password: "long-enough-1",
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      status: 409,
      message: "An account with this e-mail or phone number already exists.",
    });
    const n = await sql(
      "select count(*)::int n from users where phone = $1 or phone_pending = $1",
      [intl],
    );
    expect(n.rows[0].n).toBe(2);
  });

  it("ten concurrent sign-ups with one e-mail make one account; the rest are 409", async () => {
    const email = uniqueEmail("race");
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(t, "/api/auth/signup", {
          firstName: `Racer${i}`,
          email,
          password: "long-enough-1",
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    const n = await sql("select count(*)::int n from users where lower(email) = lower($1)", [
      email,
    ]);
    expect(n.rows[0].n).toBe(1);
    // Exactly one verification token, for the one account.
    const tokens = await sql(
      "select count(*)::int n from auth_tokens a join users u on u.id = a.user_id where lower(u.email) = lower($1)",
      [email],
    );
    expect(tokens.rows[0].n).toBe(1);
  });

  it("the campaign marker is stored on a password login (first one wins)", async () => {
    const a = await signUp(t);
    const login = (campaign: string) =>
      post(t, "/api/auth/login", { email: a.email, password: a.password, campaign });
    expect((await login("kl_first")).statusCode).toBe(200);
    expect((await login("kl_second")).statusCode).toBe(200);
    const row = await sql("select campaign from users where id = $1", [a.id]);
    expect(row.rows[0].campaign).toBe("kl_first");
  });
});

describe("link tokens expire", () => {
  const expire = (userId: string, kind: string) =>
    sql(
      "update auth_tokens set expires_at = now() - interval '1 second' where user_id = $1 and kind = $2",
      [userId, kind],
    );

  it("reset links live one hour, verify links three days, login links ten minutes", async () => {
    const a = await signUp(t);
    const lifetimes = await sql(
      "select kind, extract(epoch from expires_at - created_at)::int s from auth_tokens where user_id = $1",
      [a.id],
    );
    expect(lifetimes.rows).toEqual([{ kind: "verify", s: 3 * 86_400 }]);
    await post(t, "/api/users/forgot", { email: a.email });
    await post(t, "/api/auth/login-token", undefined, bearer(a.token));
    const all = await sql(
      "select kind, extract(epoch from expires_at - created_at)::int s from auth_tokens where user_id = $1 order by kind",
      [a.id],
    );
    expect(all.rows).toEqual([
      { kind: "login", s: 600 },
      { kind: "reset", s: 3600 },
      { kind: "verify", s: 3 * 86_400 },
    ]);
  });

  it("an expired reset, verify or login token is refused with the link message", async () => {
    const a = await signUp(t);
    const verifyToken = linkTokenIn((await lastMessage(t, a.email)).body);
    await post(t, "/api/users/forgot", { email: a.email });
    const resetToken = linkTokenIn((await lastMessage(t, a.email)).body);
    const loginToken = (await post(t, "/api/auth/login-token", undefined, bearer(a.token))).json()
      .token as string;
    for (const kind of ["verify", "reset", "login"]) await expire(a.id, kind);

    const verify = await post(t, "/api/auth/email/verify", { token: verifyToken });
    expect(verify.json()).toMatchObject({
      status: 400,
      message: "This link is invalid or has expired.",
    });
    const check = await post(t, `/api/users/reset/${resetToken}`);
    expect(check.json()).toMatchObject({
      status: 400,
      message: "This password reset link is invalid or has expired.",
    });
    const reset = await put(t, "/api/users/password", {
      token: resetToken,
      password: "brand-new-pass-1",
    });
    expect(reset.statusCode).toBe(400);
    const login = await post(t, "/api/auth/verify", { token: loginToken });
    expect(login.json()).toMatchObject({
      status: 401,
      message: "This link is invalid or has expired.",
    });
    // Nothing changed: still unverified, the old password still works.
    expect((await get(t, "/api/users/me", bearer(a.token))).json().verified).toBe(false);
    expect(
      (await post(t, "/api/auth/login", { email: a.email, password: a.password })).statusCode,
    ).toBe(200);
  });
});

describe("Facebook sign-in", () => {
  it("POST auth/facebook/login answers {token, user} with a one-year cookie; a bad token is 401", async () => {
    const res = await post(t, "/api/auth/facebook/login", {
      accessToken: await facebookToken("fb-1002"),
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(["token", "user"]);
    expect(res.json().user).toMatchObject({ email: "sana.sandbox@example.com", verified: true });
    expect(res.cookies.find((c) => c.name === "Authorization")?.maxAge).toBe(31_536_000);
    expect((await get(t, "/api/users/me", bearer(res.json().token))).statusCode).toBe(200);

    for (const accessToken of ["not-a-real-token-at-all", `${await facebookToken("fb-1002")}x`]) {
      const bad = await post(t, "/api/auth/facebook/login", { accessToken });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toMatchObject({
        status: 401,
        message: "Facebook login failed. Please try again.",
      });
    }
  });

  it("links to an existing account with the same e-mail only once that e-mail is confirmed", async () => {
    const squatter = await signUp(t, { email: "bilal.sandbox@example.com" });
    const first = await post(t, "/api/auth/facebook/login", {
      accessToken: await facebookToken("fb-1001"),
    });
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toMatch(/not confirmed yet/);
    const links = await sql("select count(*)::int n from oauth_accounts where user_id = $1", [
      squatter.id,
    ]);
    expect(links.rows[0].n).toBe(0);

    // The owner of the address confirms it: from then on Facebook signs into that account.
    const verifyToken = linkTokenIn((await lastMessage(t, "bilal.sandbox@example.com")).body);
    await post(t, "/api/auth/email/verify", { token: verifyToken });
    const second = await post(t, "/api/auth/facebook/login", {
      accessToken: await facebookToken("fb-1001"),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().user._id).toBe(squatter.id);
  });

  it("GET auth/facebook never returns to another site (open-redirect corpus)", async () => {
    const corpus = [
      "//evil.com",
      "https://evil.com",
      "/\\evil.com",
      "\\\\evil.com",
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "/%2F%2Fevil.com",
      "/%5Cevil.com",
      "http:evil.com",
      "data:text/html,hi",
      " //evil.com",
      "/\t/evil.com",
      "evil.com",
    ];
    for (const target of corpus) {
      const start = await get(
        t,
        `/api/auth/facebook?${new URLSearchParams({ redirectTo: target })}`,
      );
      expect(start.statusCode).toBe(302);
      const dialog = new URL(start.headers.location as string, "http://localhost");
      expect(dialog.origin).toBe("http://localhost");
      const state = dialog.searchParams.get("state") ?? "";
      const code = (
        sandboxProvider(t.config.jwtSecret) as unknown as { codeFor(id: string): string }
      ).codeFor("fb-1003");
      const nonce = start.cookies.find((c) => c.name === "oauth_nonce")?.value ?? "";
      const back = await get(
        t,
        `/api/auth/facebook/callback?${new URLSearchParams({ code, state })}`,
        { cookie: `oauth_nonce=${nonce}` },
      );
      expect(back.headers.location, target).toBe("/oauth/success?redirectTo=%2Fmy");
    }
  });
});

describe("the password change is one step", () => {
  it("when revoking the old tokens fails, the new password is not kept either", async () => {
    const a = await signUp(t);
    // Make the token-version bump (the second write) fail for this user only.
    await sql("update users set token_version = 1000 where id = $1", [a.id]);
    await sql("alter table users add constraint test_version_cap check (token_version <= 1000)");
    try {
      const res = await post(
        t,
        "/api/auth/update/password",
        { currentPassword: a.password, password: "changed-pass-77" },
        bearer(a.token),
      );
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await sql("alter table users drop constraint test_version_cap");
    }
    const login = (password: string) => post(t, "/api/auth/login", { email: a.email, password });
    expect((await login("changed-pass-77")).statusCode).toBe(401);
    expect((await login(a.password)).statusCode).toBe(200);
  });
});
