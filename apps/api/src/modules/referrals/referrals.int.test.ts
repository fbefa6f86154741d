import { REFERRAL_CODE } from "@maidan/contracts/referrals";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  codeIn,
  get,
  lastMessage,
  post,
  put,
  signUp,
  uniquePhone,
} from "../../testing/auth-helpers.ts";
import {
  addToCart,
  pickVariants,
  send,
  setStock,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { placeOrder } from "../../testing/order-helpers.ts";
import { deliveredOrder, loginAs, staffAccount } from "../../testing/staff-helpers.ts";

/**
 * The referral programme (decision 055): codes and invites, linking at every sign-up path,
 * the refusals (self, same phone, a phone referred twice, loops), the bonus and welcome credit
 * of the first delivered order (once, within the monthly cap, under concurrency), and the
 * reversal of a refunded order by ledger entries.
 */
let t: TestApp;
let admin: Record<string, string>;
let v: TestVariant;

beforeAll(async () => {
  t = await createTestApp({ products: 4 });
  admin = await loginAs(t, "admin@test.pk", "admin-pass-123");
  const [a] = await pickVariants(t, 1);
  if (!a) throw new Error("a variant needed");
  v = a;
  await setStock(t, v.vid, 10_000);
  // Any order earns the welcome credit unless a test says otherwise.
  await setSettings({});
});
afterAll(() => t?.close());

const SETTINGS = { bonus: 250, welcome: 150, minOrder: 1, monthlyCap: 10 };
const setSettings = (s: Partial<typeof SETTINGS>) =>
  put(t, "/api/admin/referrals/settings", { ...SETTINGS, ...s }, admin);

const myReferral = async (token: string) =>
  (await get(t, "/api/referral/my", bearer(token))).json();

/** A shopper with a proven phone (SMS-code sign-up), with their token and code. */
async function phoneShopper(phone = uniquePhone(), referral?: string) {
  const sent = await post(t, "/api/auth/otp/generate", { phone });
  if (sent.statusCode !== 200) throw new Error(`otp generate failed: ${sent.body}`);
  const code = codeIn((await lastMessage(t, `92${phone.slice(1)}`)).body);
  const res = await post(t, "/api/auth/otp/login", { phone, otp: code, referral });
  if (res.statusCode !== 200) throw new Error(`otp login failed: ${res.body}`);
  return { phone, token: res.json().token as string, id: res.json().user._id as string };
}

async function referrer() {
  const r = await signUp(t, { firstName: "Sana", lastName: "Riaz" });
  const { code } = await myReferral(r.token);
  return { ...r, code: code as string };
}

const referralRow = async (refereeId: string) =>
  (
    await t.database.db.execute(
      sql`select referrer_id, status, bonus, welcome from referrals where referee_id = ${refereeId}`,
    )
  ).rows[0] as { referrer_id: string; status: string; bonus: number; welcome: number } | undefined;

const entries = async (userId: string) =>
  (
    await t.database.db.execute(
      sql`select e.kind, e.amount, e.reference from wallet_entries e join wallets w on w.id = e.wallet_id
          where w.user_id = ${userId} and e.kind like 'referral%' order by e.created_at, e.kind`,
    )
  ).rows as { kind: string; amount: number; reference: string }[];

const balance = async (userId: string) =>
  Number(
    (
      (await t.database.db.execute(sql`select balance from wallets where user_id = ${userId}`))
        .rows[0] as { balance: number } | undefined
    )?.balance ?? 0,
  );

/** The friend's COD order, moved to delivered by staff; the event consumers run. */
async function deliver(token: string) {
  const id = await deliveredOrder(t, bearer(token), v, 1, admin);
  await t.app.domains.jobs.drain();
  return id;
}

/** The delivery consumer run again on the same order (a retried job), then a second order delivered. */
async function deliverAgain(orderId: string, token: string) {
  await t.app.domains.referrals.onDelivered({
    id: "again",
    name: "order.delivered",
    subjectId: orderId,
    payload: {},
  });
  await deliver(token);
}

describe("referral codes and invites", () => {
  it("gives each shopper one stable code and an absolute invite link from configuration", async () => {
    expect((await get(t, "/api/referral/my")).statusCode).toBe(401);
    const r = await referrer();
    expect(r.code).toMatch(REFERRAL_CODE);
    const again = await t.app.inject({
      method: "GET",
      url: "/api/referral/my",
      headers: { ...bearer(r.token), host: "evil.example" },
    });
    expect(again.json()).toMatchObject({
      code: r.code,
      link: `${t.config.publicUrl}/invite/${r.code}`,
      friends: [],
    });
    const inv = await get(t, `/api/referral/invite/${r.code.toLowerCase()}`);
    expect(inv.json()).toMatchObject({ code: r.code, inviter: "Sana R." });
    expect(inv.json().settings).toEqual((await get(t, "/api/referral/settings")).json());
  });

  it("answers 404 with a message for an unknown or malformed code", async () => {
    for (const code of ["ZZZZZZZZ", "nope", "a".repeat(40)]) {
      const res = await get(t, `/api/referral/invite/${code}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: "This invite link is not valid" });
    }
  });
});

describe("linking at sign-up", () => {
  it("links a password sign-up (body or invite cookie) and an SMS-code sign-up, once each", async () => {
    const r = await referrer();
    const byBody = await signUp(t, { referral: r.code, firstName: "Ali", lastName: "Khan" });
    const byCookie = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: {
        firstName: "Zara",
        email: `zara-${Date.now()}@example.com`,
        password: "pass-word-1",
      },
      headers: {
        host: "localhost",
        origin: t.config.publicUrl,
        cookie: `maidan_ref=${r.code}`,
      },
    });
    expect(byCookie.statusCode).toBe(200);
    const byPhone = await phoneShopper(uniquePhone(), r.code);
    for (const id of [byBody.id, byCookie.json().user._id, byPhone.id])
      expect(await referralRow(id)).toMatchObject({ referrer_id: r.id, status: "joined" });
    const mine = await myReferral(r.token);
    expect(mine.friends.map((f: { name: string }) => f.name).sort()).toEqual(
      ["A friend", "Ali K.", "Zara"].sort(),
    );
    // A bad code never stops a sign-up.
    const bad = await signUp(t, { referral: "ZZZZZZZZ" });
    expect(await referralRow(bad.id)).toBeUndefined();
  });

  it("links a Facebook sign-up made in a browser that opened the invite", async () => {
    const r = await referrer();
    const start = await get(t, "/api/auth/facebook?redirectTo=/my");
    const dialog = new URL(start.headers.location as string, "http://localhost");
    const pick = await get(
      t,
      `/sandbox/facebook/authorize?${new URLSearchParams({ identity: "fb-1003", state: dialog.searchParams.get("state") ?? "", redirect_uri: dialog.searchParams.get("redirect_uri") ?? "" })}`,
    );
    const nonce = start.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const back = await get(t, pick.headers.location as string, {
      cookie: `${nonce}; maidan_ref=${r.code}`,
    });
    const token = back.cookies.find((c) => c.name === "Authorization")?.value ?? "";
    const me = (await get(t, "/api/users/me", bearer(token))).json();
    expect(me.firstName).toBe("Usman");
    expect(await referralRow(me._id)).toMatchObject({ referrer_id: r.id, status: "joined" });
  });

  it("refuses self-referral, the referrer's phone, a phone referred before, and loops", async () => {
    const owner = await phoneShopper();
    const { code } = await myReferral(owner.token);
    const links = t.app.domains.referrals;
    const db = t.database.db;
    // The referrer themself (a sign-in by SMS code with their own number finds their account,
    // which is not new: nothing is linked). Asked directly, the link is refused.
    expect(await links.link(db, { id: owner.id, phone: null, phonePending: null }, code)).toEqual({
      linked: false,
      why: "self",
    });
    // A second account claiming the number the referrer signed up with.
    const claimed = uniquePhone();
    const claimer = await signUp(t, { phone: claimed });
    const claimerCode = (await myReferral(claimer.token)).code;
    const same = await signUp(t, { referral: claimerCode, phone: claimed });
    expect(await referralRow(same.id)).toBeUndefined();
    // A number already referred: the second account on it is not linked.
    const phone = uniquePhone();
    const first = await signUp(t, { referral: code, phone });
    const second = await signUp(t, { referral: code, phone });
    expect(await referralRow(first.id)).toMatchObject({ status: "joined" });
    expect(await referralRow(second.id)).toBeUndefined();
    // A loop: the friend's code offered back to the one who brought them.
    const friendCode = (await myReferral(first.token)).code;
    expect(
      await links.link(db, { id: owner.id, phone: null, phonePending: null }, friendCode),
    ).toEqual({ linked: false, why: "loop" });
  });

  it("20 concurrent sign-ups with one code: each linked once; 20 on one phone: one linked", async () => {
    const r = await referrer();
    const made = await Promise.all(
      Array.from({ length: 20 }, () => signUp(t, { referral: r.code })),
    );
    expect((await myReferral(r.token)).friends).toHaveLength(20);
    for (const m of made) expect(await referralRow(m.id)).toMatchObject({ referrer_id: r.id });
    const phone = uniquePhone();
    const samePhone = await Promise.all(
      Array.from({ length: 20 }, () => signUp(t, { referral: r.code, phone })),
    );
    const linked = await Promise.all(samePhone.map((m) => referralRow(m.id)));
    expect(linked.filter(Boolean)).toHaveLength(1);
  });
});

describe("credits of the first delivered order", () => {
  it("credits the bonus and the welcome credit once, on delivery, not on placing", async () => {
    expect((await setSettings({})).statusCode).toBe(200);
    const r = await referrer();
    const friend = await signUp(t, { referral: r.code, firstName: "Omar", lastName: "Butt" });
    const orderId = await deliver(friend.token);
    expect(await referralRow(friend.id)).toMatchObject({
      status: "rewarded",
      bonus: 250,
      welcome: 150,
    });
    expect(await entries(r.id)).toEqual([
      { kind: "referral_bonus", amount: 250, reference: expect.stringMatching(/^referral:/) },
    ]);
    expect(await entries(friend.id)).toEqual([
      { kind: "referral_welcome", amount: 150, reference: expect.stringMatching(/^referral:/) },
    ]);
    // The consumer run again (a retried job), and a second delivered order: nothing more.
    await deliverAgain(orderId, friend.token);
    expect(await entries(r.id)).toHaveLength(1);
    expect(await balance(r.id)).toBe(250);
    const earnings = (await get(t, "/api/referral/earnings", bearer(r.token))).json();
    expect(earnings).toMatchObject({ pending: 0, available: 250 });
    expect(earnings.entries[0]).toMatchObject({
      kind: "referral_bonus",
      source: expect.stringContaining("Omar B."),
    });
    const wallet = (await get(t, `/api/wallet/user/${r.id}`, bearer(r.token))).json();
    expect(wallet.myWallet.entries[0]).toMatchObject({ kind: "referral_bonus", amount: 250 });
    expect((await myReferral(r.token)).friends[0]).toMatchObject({ state: "rewarded", bonus: 250 });
  });

  it("tells the referrer of the bonus in the app once, through referral.rewarded written with the credit", async () => {
    expect((await setSettings({})).statusCode).toBe(200);
    const r = await referrer();
    const friend = await signUp(t, { referral: r.code, firstName: "Zara", lastName: "Malik" });
    const orderId = await deliver(friend.token);
    const notes = async (token: string) =>
      (await get(t, "/api/user_notifications", bearer(token)))
        .json()
        .notifications.filter((n: { kind: string }) => n.kind === "referral_bonus");
    const mine = await notes(r.token);
    expect(mine).toEqual([
      expect.objectContaining({
        kind: "referral_bonus",
        title: "You earned Rs. 250",
        body: expect.stringMatching(
          /^Zara M\.'s first order \S+ was delivered: your bonus is in your Maidan wallet\.$/,
        ),
        link: "/my/earnings",
        readAt: null,
      }),
    ]);
    // One event, in the credit's transaction: its subject is the referral, its payload the facts.
    const events = (
      await t.database.db.execute(
        sql`select e.payload from domain_events e join referrals f on f.id = e.subject_id
            where e.name = 'referral.rewarded' and f.referee_id = ${friend.id}`,
      )
    ).rows as { payload: Record<string, unknown> }[];
    expect(events).toEqual([
      { payload: expect.objectContaining({ userId: r.id, friend: "Zara M.", amount: 250 }) },
    ]);
    // A retried consumer and a second delivery: no second notification; the friend gets none.
    await deliverAgain(orderId, friend.token);
    expect(await notes(r.token)).toHaveLength(1);
    expect(await notes(friend.token)).toEqual([]);
  });

  it("GET wallet/user/{id} gives myReferral: the code, link and counts from the programme", async () => {
    expect((await setSettings({})).statusCode).toBe(200);
    const r = await referrer();
    const walletOf = async (u: { id: string; token: string }) =>
      (await get(t, `/api/wallet/user/${u.id}`, bearer(u.token))).json().myReferral;
    expect(await walletOf(r)).toEqual({
      code: r.code,
      link: `${t.config.publicUrl}/invite/${r.code}`,
      friends: 0,
      rewarded: 0,
      earned: 0,
    });
    const delivered = await signUp(t, { referral: r.code });
    await signUp(t, { referral: r.code });
    await deliver(delivered.token);
    expect(await walletOf(r)).toMatchObject({ code: r.code, friends: 2, rewarded: 1, earned: 250 });
    // A friend has their own code, none of the referrer's counts; another's wallet is still 404.
    const friendView = await walletOf(delivered);
    expect(friendView).toMatchObject({ friends: 0, rewarded: 0, earned: 0 });
    expect(friendView.code).not.toBe(r.code);
    expect((await get(t, `/api/wallet/user/${r.id}`, bearer(delivered.token))).statusCode).toBe(
      404,
    );
  });

  it("no notification when nothing is credited (past the monthly cap)", async () => {
    expect((await setSettings({ monthlyCap: 0 })).statusCode).toBe(200);
    try {
      const r = await referrer();
      const friend = await signUp(t, { referral: r.code });
      await deliver(friend.token);
      expect(await referralRow(friend.id)).toMatchObject({ status: "capped", bonus: 0 });
      const all = (await get(t, "/api/user_notifications", bearer(r.token))).json().notifications;
      expect(all.filter((n: { kind: string }) => n.kind === "referral_bonus")).toEqual([]);
    } finally {
      await setSettings({});
    }
  });

  it("a friend who ordered but is not delivered shows as ordered and pending", async () => {
    const r = await referrer();
    const friend = await signUp(t, { referral: r.code });
    expect((await addToCart(t, bearer(friend.token), v, 1)).statusCode).toBe(200);
    const placed = await placeOrder(t, bearer(friend.token));
    expect(placed.statusCode).toBe(200);
    await t.app.domains.jobs.drain();
    expect((await myReferral(r.token)).friends[0]).toMatchObject({ state: "ordered", bonus: 0 });
    const earnings = (await get(t, "/api/referral/earnings", bearer(r.token))).json();
    expect(earnings).toMatchObject({ pending: 250, available: 0 });
    expect(await entries(r.id)).toEqual([]);
  });

  it("no welcome credit below the minimum order; the bonus still follows delivery", async () => {
    await setSettings({ minOrder: v.price + 1 });
    const r = await referrer();
    const friend = await signUp(t, { referral: r.code });
    await deliver(friend.token);
    expect(await referralRow(friend.id)).toMatchObject({ status: "rewarded", welcome: 0 });
    expect(await entries(friend.id)).toEqual([]);
    await setSettings({});
  });

  it("the monthly cap holds when friends' orders are delivered at once", async () => {
    await setSettings({ monthlyCap: 2 });
    const r = await referrer();
    const friends = await Promise.all(
      Array.from({ length: 5 }, () => signUp(t, { referral: r.code })),
    );
    const ids: string[] = [];
    for (const f of friends) ids.push(await deliveredOrder(t, bearer(f.token), v, 1, admin));
    // The five consumer runs at once, as five workers would.
    await Promise.all(
      ids.map((id, i) =>
        t.app.domains.referrals.onDelivered({
          id: `e${i}`,
          name: "order.delivered",
          subjectId: id,
          payload: {},
        }),
      ),
    );
    await t.app.domains.jobs.drain();
    const rows = await Promise.all(friends.map((f) => referralRow(f.id)));
    expect(rows.filter((x) => x?.status === "rewarded")).toHaveLength(2);
    expect(rows.filter((x) => x?.status === "capped")).toHaveLength(3);
    expect(await balance(r.id)).toBe(500);
    await setSettings({});
  });

  it("a refunded order reverses both credits by ledger entries, once", async () => {
    const r = await referrer();
    const friend = await signUp(t, { referral: r.code });
    const orderId = await deliver(friend.token);
    expect(await balance(r.id)).toBe(250);
    const refund = () =>
      send(t, "POST", `/api/admin/orders/${orderId}/refunds`, admin, {
        amount: 10,
        to: "wallet",
        reason: "One sock was missing",
      });
    expect((await refund()).statusCode).toBe(200);
    await t.app.domains.jobs.drain();
    expect((await refund()).statusCode).toBe(200);
    await t.app.domains.jobs.drain();
    expect(await referralRow(friend.id)).toMatchObject({ status: "reversed" });
    expect(await entries(r.id)).toEqual([
      { kind: "referral_bonus", amount: 250, reference: expect.any(String) },
      { kind: "referral_reversal", amount: -250, reference: expect.any(String) },
    ]);
    expect(await balance(r.id)).toBe(0);
    expect((await entries(friend.id)).map((e) => e.kind)).toEqual([
      "referral_welcome",
      "referral_reversal",
    ]);
    expect((await myReferral(r.token)).friends[0]).toMatchObject({ state: "reversed", bonus: 0 });
    const earnings = (await get(t, "/api/referral/earnings", bearer(r.token))).json();
    expect(earnings.available).toBe(0);
  });

  it("refuses the bonus when the friend later proves a number another friend joined with", async () => {
    const r = await referrer();
    const phone = uniquePhone();
    await signUp(t, { referral: r.code, phone });
    const second = await signUp(t, { referral: r.code });
    expect(await referralRow(second.id)).toMatchObject({ status: "joined" });
    // What confirming the number by SMS code writes (decision 027), done directly here.
    await t.database.db.execute(
      sql`update users set phone = ${`92${phone.slice(1)}`} where id = ${second.id}`,
    );
    await deliver(second.token);
    expect(await referralRow(second.id)).toMatchObject({ status: "refused", bonus: 0 });
    expect(await entries(r.id)).toEqual([]);
  });
});

describe("staff", () => {
  it("lists referrals for managers and lets only admins change the amounts", async () => {
    const r = await referrer();
    await signUp(t, { referral: r.code });
    const manager = await staffAccount(t, "manager");
    const shopper = bearer(r.token);
    expect((await get(t, "/api/admin/referrals", shopper)).statusCode).toBe(403);
    const list = await get(t, "/api/admin/referrals", manager.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({ referrer: { _id: r.id, name: "Sana R." } });
    expect((await setSettingsAs(manager.headers, SETTINGS)).statusCode).toBe(403);
    const bad = await setSettingsAs(admin, { ...SETTINGS, bonus: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, message: expect.stringContaining("below 0") });
    const ok = await setSettingsAs(admin, { ...SETTINGS, bonus: 300 });
    expect(ok.json()).toEqual({ ...SETTINGS, bonus: 300 });
    expect((await get(t, "/api/referral/settings")).json().bonus).toBe(300);
    const audit = await t.database.db.execute(
      sql`select action, after from audit_log where record_type = 'settings' and record_id = 'referrals'
          order by created_at desc limit 1`,
    );
    expect(audit.rows[0]).toMatchObject({ action: "referral_settings", after: { bonus: 300 } });
    await setSettings({});
  });
});

describe("OpenAPI", () => {
  it("describes the shopper's and the staff's referral routes", async () => {
    const doc = (await get(t, "/api/docs/json")).json();
    for (const path of [
      "/api/referral/settings",
      "/api/referral/invite/{code}",
      "/api/referral/my",
      "/api/referral/earnings",
      "/api/admin/referrals",
    ])
      expect(doc.paths[path]?.get?.responses?.["200"], path).toBeDefined();
    expect(Object.keys(doc.paths["/api/admin/referrals/settings"].put.responses).sort()).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
    ]);
  });
});

const setSettingsAs = (who: Record<string, string>, body: unknown) =>
  put(t, "/api/admin/referrals/settings", body, who);
