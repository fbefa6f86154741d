import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  codeIn,
  get,
  lastMessage,
  post,
  put,
  signUp,
  uniqueEmail,
  uniquePhone,
} from "../../testing/auth-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 2 });
});
afterAll(() => t?.close());

const intl = (phone: string) => `92${phone.slice(1)}`;
const INVALID = "Invalid Login Details!";

/** The number's owner asks for a login code (as if they had waited out the gap) and reads it. */
async function codeFor(phone: string) {
  await t.kv.del(`otp:gap:${intl(phone)}`);
  const sent = await post(t, "/api/auth/otp/generate", { phone });
  expect(sent.statusCode).toBe(200);
  return codeIn((await lastMessage(t, intl(phone))).body);
}

const me = async (token: string) => (await get(t, "/api/users/me", bearer(token))).json();
const wrongCode = (code: string) => (code === "0000" ? "1111" : "0000");

describe("a phone nobody proved never captures an SMS-code login", () => {
  for (const url of ["/api/auth/otp/login", "/api/auth/phone", "/api/auth/phone/signup"]) {
    it(`sign-up with the victim's number, then the victim logs in by code at ${url}: a new account of the victim's`, async () => {
      const victimPhone = uniquePhone();
      const attacker = await signUp(t, { phone: victimPhone });

      const res = await post(t, url, { phone: victimPhone, otp: await codeFor(victimPhone) });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const user = body.user ?? body.data.user;
      expect(user._id).not.toBe(attacker.id);
      expect(user.phone).toBe(intl(victimPhone));
      // Sign-up kept the number as an unproven claim only.
      expect(attacker.res.json().user).toMatchObject({
        phone: null,
        phonePending: intl(victimPhone),
      });
      // The claim is dropped from the attacker's account; their session stays their own.
      expect(await me(attacker.token)).toMatchObject({
        _id: attacker.id,
        phone: null,
        phonePending: null,
      });
    });
  }

  it("a profile update with the victim's number does not capture the victim's login either", async () => {
    const victimPhone = uniquePhone();
    const attacker = await signUp(t);
    const claim = await put(
      t,
      "/api/users/profile",
      { firstName: "Mallory", phone: victimPhone },
      bearer(attacker.token),
    );
    expect(claim.statusCode).toBe(200);

    const res = await post(t, "/api/auth/otp/login", {
      phone: victimPhone,
      otp: await codeFor(victimPhone),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user._id).not.toBe(attacker.id);
    expect(claim.json()).toMatchObject({ phone: null, phonePending: intl(victimPhone) });
    expect((await me(attacker.token)).phonePending).toBeNull();
    // Nor can the claimant sign in with a password through a number they never proved.
    const byPhone = await post(t, "/api/auth/login", {
      phone: victimPhone,
      password: attacker.password,
    });
    expect(byPhone.statusCode).toBe(401);
    expect(byPhone.json().message).toBe(INVALID);
  });

  it("the victim's own proven number: an attacker's claim is refused with 409 and no SMS is sent", async () => {
    const victimPhone = uniquePhone();
    const victim = await post(t, "/api/auth/otp/login", {
      phone: victimPhone,
      otp: await codeFor(victimPhone),
    });
    const sentBefore = (await lastMessage(t, intl(victimPhone))).body;
    const attacker = await signUp(t);
    await t.kv.del(`otp:gap:${intl(victimPhone)}`);
    const claim = await put(
      t,
      "/api/users/profile",
      { firstName: "Mallory", phone: victimPhone },
      bearer(attacker.token),
    );
    expect(claim.statusCode).toBe(409);
    expect(claim.json()).toMatchObject({
      status: 409,
      message: "This phone number belongs to another account.",
    });
    expect((await lastMessage(t, intl(victimPhone))).body).toBe(sentBefore);
    const signup = await post(t, "/api/auth/signup", {
      firstName: "Mallory",
      email: uniqueEmail(),
      phone: victimPhone,
      password: "long-enough-1",
    });
    expect(signup.statusCode).toBe(409);
    const again = await post(t, "/api/auth/otp/login", {
      phone: victimPhone,
      otp: await codeFor(victimPhone),
    });
    expect(again.json().user._id).toBe(victim.json().user._id);
  });
});

describe("changing the profile's phone needs the code sent to the new number", () => {
  it("PUT /users/profile keeps the number pending and texts it a code; confirming with the code saves it", async () => {
    const a = await signUp(t);
    const first = uniquePhone();
    const asked = await put(
      t,
      "/api/users/profile",
      { firstName: "Amna", city: "Lahore", phone: first },
      bearer(a.token),
    );
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      firstName: "Amna",
      city: "Lahore",
      phone: null,
      phonePending: intl(first),
    });
    const code = codeIn((await lastMessage(t, intl(first))).body);
    expect(code).toMatch(/^\d{4}$/);

    const wrong = await post(
      t,
      "/api/users/phone/confirm",
      { phone: first, otp: wrongCode(code) },
      bearer(a.token),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ status: 400, message: INVALID });
    expect((await me(a.token)).phone).toBeNull();

    const ok = await post(
      t,
      "/api/users/phone/confirm",
      { phone: first, otp: code },
      bearer(a.token),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ _id: a.id, phone: intl(first), phonePending: null });
    // The proven number now signs this account in.
    const login = await post(t, "/api/auth/otp/login", { phone: first, otp: await codeFor(first) });
    expect(login.json().user._id).toBe(a.id);

    // A second change: the proven number stays until the new one is confirmed.
    const second = uniquePhone();
    await put(t, "/api/users/profile", { firstName: "Amna", phone: second }, bearer(a.token));
    expect(await me(a.token)).toMatchObject({ phone: intl(first), phonePending: intl(second) });
    const secondCode = codeIn((await lastMessage(t, intl(second))).body);
    const stale = await post(
      t,
      "/api/users/phone/confirm",
      { phone: uniquePhone(), otp: secondCode },
      bearer(a.token),
    );
    expect(stale.statusCode).toBe(400);
    const done = await post(
      t,
      "/api/users/phone/confirm",
      { phone: second, otp: secondCode },
      bearer(a.token),
    );
    expect(done.json()).toMatchObject({ phone: intl(second), phonePending: null });
    // The old number is free again: its owner's next code login makes an account of its own.
    const old = await post(t, "/api/auth/otp/login", { phone: first, otp: await codeFor(first) });
    expect(old.json().user._id).not.toBe(a.id);
  });

  it("sending the same number back changes nothing and sends nothing; null removes the number", async () => {
    const a = await signUp(t);
    const p = uniquePhone();
    await put(t, "/api/users/profile", { firstName: "A", phone: p }, bearer(a.token));
    const code = codeIn((await lastMessage(t, intl(p))).body);
    await post(t, "/api/users/phone/confirm", { phone: p, otp: code }, bearer(a.token));
    const count = async () => {
      await t.app.domains.jobs.drain();
      const { rows } = await t.database.pool.query(
        "select count(*)::int n from dev_outbox where recipient = $1",
        [intl(p)],
      );
      return rows[0].n as number;
    };
    const before = await count();
    const same = await put(t, "/api/users/profile", { firstName: "B", phone: p }, bearer(a.token));
    expect(same.json()).toMatchObject({ firstName: "B", phone: intl(p), phonePending: null });
    expect(await count()).toBe(before);
    const removed = await put(
      t,
      "/api/users/profile",
      { firstName: "B", phone: null },
      bearer(a.token),
    );
    expect(removed.json()).toMatchObject({ phone: null, phonePending: null });
  });

  it("POST /users/phone/code sends a new code for the pending number; it needs a signed-in user", async () => {
    const a = await signUp(t);
    const p = uniquePhone();
    await put(t, "/api/users/profile", { firstName: "A", phone: p }, bearer(a.token));
    const firstCode = codeIn((await lastMessage(t, intl(p))).body);
    await t.kv.del(`otp:gap:${intl(p)}`);
    const resent = await post(t, "/api/users/phone/code", { phone: p }, bearer(a.token));
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ phonePending: intl(p) });
    const secondCode = codeIn((await lastMessage(t, intl(p))).body);
    expect((await post(t, "/api/users/phone/code", { phone: p })).statusCode).toBe(401);
    // Only the newest code works.
    if (firstCode !== secondCode) {
      const old = await post(
        t,
        "/api/users/phone/confirm",
        { phone: p, otp: firstCode },
        bearer(a.token),
      );
      expect(old.statusCode).toBe(400);
    }
    const ok = await post(
      t,
      "/api/users/phone/confirm",
      { phone: p, otp: secondCode },
      bearer(a.token),
    );
    expect(ok.json().phone).toBe(intl(p));
  });
});

describe("the migration that made numbers prove themselves", () => {
  /** The data step of the migration that added phone_pending, found by what it does. */
  function migrationUpdate() {
    const dir = join(import.meta.dirname, "../../../../../packages/db/migrations");
    const file = readdirSync(dir)
      .filter((f) => f.endsWith(".sql"))
      .map((f) => readFileSync(join(dir, f), "utf8"))
      .find((text) => text.includes('ADD COLUMN "phone_pending"'));
    const update = file?.split("--> statement-breakpoint").find((part) => /UPDATE/.test(part));
    if (!update) throw new Error("no phone_pending migration with an UPDATE");
    return update;
  }
  const sql = (text: string, values: unknown[] = []) => t.database.pool.query(text, values);
  const legacyUser = async (phone: string, fields: { email?: string; password?: boolean }) =>
    (
      await sql(
        "insert into users (email, password_hash, phone) values ($1, $2, $3) returning id, created_at",
        [fields.email ?? null, fields.password ? "x" : null, phone],
      )
    ).rows[0] as { id: string; created_at: Date };
  const spentCode = (phone: string, at: Date) =>
    sql(
      "insert into otp_codes (phone, code_hash, attempts, expires_at, used_at) values ($1, 'h', 1, $2, $2)",
      [phone, at],
    );

  it("keeps a number proven only on an account an SMS-code login made for it", async () => {
    const [p1, p2, p3, p4] = [uniquePhone(), uniquePhone(), uniquePhone(), uniquePhone()].map(intl);
    // Signed up with e-mail and password, number typed in: a claim.
    const typed = await legacyUser(p1 as string, { email: uniqueEmail(), password: true });
    // Made by an SMS-code login for its number: proven.
    const byCode = await legacyUser(p2 as string, {});
    await spentCode(p2 as string, byCode.created_at);
    // Made by an SMS-code login for another number, then pointed elsewhere: a claim.
    const moved = await legacyUser(p3 as string, {});
    await spentCode(uniquePhone(), moved.created_at);
    // A Facebook account without e-mail that typed a number in: a claim.
    const facebook = await legacyUser(p4 as string, {});
    await sql(
      "insert into oauth_accounts (user_id, provider, provider_user_id) values ($1, 'facebook', $2)",
      [facebook.id, `fb-${facebook.id}`],
    );
    await spentCode(p4 as string, facebook.created_at);

    // Inside a transaction rolled back after: the rest of this database stays as it was.
    const client = await t.database.pool.connect();
    try {
      await client.query("begin");
      await client.query(migrationUpdate());
      const state = async (id: string) =>
        (await client.query("select phone, phone_pending from users where id = $1", [id])).rows[0];
      expect(await state(typed.id)).toEqual({ phone: null, phone_pending: p1 });
      expect(await state(byCode.id)).toEqual({ phone: p2, phone_pending: null });
      expect(await state(moved.id)).toEqual({ phone: null, phone_pending: p3 });
      expect(await state(facebook.id)).toEqual({ phone: null, phone_pending: p4 });
    } finally {
      await client.query("rollback");
      client.release();
    }
  });
});
