import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, lastMessage, signUp, uniquePhone } from "../../testing/auth-helpers.ts";
import { loginAs, staffAccount } from "../../testing/staff-helpers.ts";

/**
 * Vendor applications and call-back requests (decision 053): the shoppers' forms with their
 * messages, duplicates and limits; the staff's queue, approval (one account, one store, however
 * often it is clicked) and rejection, each with its audit entry, event and messages; roles.
 */
let t: TestApp;
let admin: Record<string, string>;
let manager: Record<string, string>;
let vendor: Record<string, string>;
let shopper: Record<string, string>;
let ipN = 0;
/** A fresh address per request, so the per-address limits only bite where a test means them to. */
const from = (ip = `10.9.${Math.floor(++ipN / 250)}.${ipN % 250}`) => ip;

beforeAll(async () => {
  t = await createTestApp({ products: 4 });
  admin = await loginAs(t, "admin@test.pk", "admin-pass-123");
  manager = (await staffAccount(t, "manager")).headers;
  vendor = (await staffAccount(t, "vendor")).headers;
  shopper = bearer((await signUp(t)).token);
});
afterAll(() => t?.close());

const form = (over: Record<string, unknown> = {}) => ({
  businessName: "Lahore Lawn House",
  ownerName: "Sana Iqbal",
  cnic: "35202-1234567-1",
  ntn: "",
  phone: uniquePhone(),
  email: `lawn-${Date.now()}-${++ipN}@example.com`,
  city: "Lahore",
  categories: ["Women", "Home"],
  description: "Unstitched lawn and home linen.",
  ...over,
});

const inject = (
  method: "GET" | "POST",
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
  ip = from(),
) =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    remoteAddress: ip,
    headers: { host: "localhost", origin: t.config.publicUrl, ...headers },
  });

const apply = (body: unknown, headers: Record<string, string> = {}, ip?: string) =>
  inject("POST", "/api/vendor-applications", headers, body, ip);

const count = async (q: ReturnType<typeof sql>) =>
  Number(((await t.database.db.execute(q)).rows[0] as { n: number }).n);

describe("applying", () => {
  it("stores a valid application as pending, phone normalised, CNIC kept as digits", async () => {
    const body = form({ phone: "0300 1112223", ntn: "1234567-8" });
    const res = await apply(body);
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a).toMatchObject({
      businessName: "Lahore Lawn House",
      phone: "03001112223",
      status: "pending",
      storeId: null,
      categories: ["Women", "Home"],
    });
    const row = (
      await t.database.db.execute(
        sql`select cnic, ntn, phone from vendor_applications where id = ${a._id}`,
      )
    ).rows[0];
    expect(row).toEqual({ cnic: "3520212345671", ntn: "12345678", phone: "923001112223" });
  });

  it("answers bad fields with the §5 messages, 400, nothing stored", async () => {
    const before = await count(sql`select count(*)::int as n from vendor_applications`);
    const cases: [Record<string, unknown>, string][] = [
      [{ cnic: "12345" }, "The CNIC field must be 13 digits, like 35202-1234567-1"],
      [{ phone: "12345" }, "The mobile number value is not valid"],
      [{ email: "not-an-email" }, "The email field must be a valid email"],
      [{ businessName: "" }, "The business name field is required"],
      [{ categories: [] }, "Choose at least one category you sell"],
      [{ ntn: "12" }, "The NTN field must be 7 digits and a check digit, like 1234567-8"],
    ];
    for (const [over, message] of cases) {
      const res = await apply(form(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await count(sql`select count(*)::int as n from vendor_applications`)).toBe(before);
  });

  it("refuses a second pending application for the same phone, even sent at once", async () => {
    const phone = uniquePhone();
    const results = await Promise.all(Array.from({ length: 5 }, () => apply(form({ phone }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe(
      "An application for this mobile number is already waiting for review. We will tell you the decision by SMS.",
    );
  });

  it("limits one address to 5 applications an hour", async () => {
    const ip = "10.200.0.1";
    for (let i = 0; i < 5; i++) expect((await apply(form(), {}, ip)).statusCode).toBe(200);
    const sixth = await apply(form(), {}, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/Too many applications/);
  });

  it("a signed-in applicant sees their own applications' status, and no one else's", async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const mine = (await apply(form(), bearer(me.token))).json();
    await apply(form(), bearer(other.token));
    const res = await inject("GET", "/api/vendor-applications/mine", bearer(me.token));
    expect(res.statusCode).toBe(200);
    expect(res.json().applications.map((a: { _id: string }) => a._id)).toEqual([mine._id]);
    expect((await inject("GET", "/api/vendor-applications/mine", {})).statusCode).toBe(401);
  });
});

describe("staff decide", () => {
  it("approving a signed-in shopper's application makes them a vendor with a store, once, even approved twice at once", async () => {
    const me = await signUp(t);
    const a = (await apply(form({ businessName: "Karachi Kitchenware" }), bearer(me.token))).json();
    const [one, two] = await Promise.all([
      inject("POST", `/api/admin/vendor-applications/${a._id}/approve`, manager),
      inject("POST", `/api/admin/vendor-applications/${a._id}/approve`, admin),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const done = (one.statusCode === 200 ? one : two).json();
    expect(done).toMatchObject({ status: "approved", userId: me.id });
    expect((one.statusCode === 409 ? one : two).json().message).toMatch(
      /already approved on \d{4}-\d\d-\d\d\. Nothing was changed\./,
    );
    const stores = await t.database.db.execute(
      sql`select id, slug, name, owner_id, city from vendors where owner_id = ${me.id}`,
    );
    expect(stores.rows).toEqual([
      {
        id: done.storeId,
        slug: "karachi-kitchenware",
        name: "Karachi Kitchenware",
        owner_id: me.id,
        city: "Lahore",
      },
    ]);
    const role = (await t.database.db.execute(sql`select role from users where id = ${me.id}`))
      .rows[0];
    expect(role).toEqual({ role: "vendor" });
    // The store page is live, and the new vendor reaches the back-office's orders.
    expect((await inject("GET", `/api/vendors/${done.storeId}`, {})).statusCode).toBe(200);
    expect((await inject("GET", "/api/admin/orders", bearer(me.token))).statusCode).toBe(200);
    // Event, audit and messages, once.
    expect(
      (
        await t.database.db.execute(
          sql`select name, payload from domain_events where subject_id = ${a._id}`,
        )
      ).rows,
    ).toEqual([
      {
        name: "vendor_application.decided",
        payload: { userId: me.id, applicationId: a._id, approved: true },
      },
    ]);
    const audit = await inject("GET", `/api/admin/audit?record=vendor_application:${a._id}`, admin);
    expect(audit.json().entries).toHaveLength(1);
    expect(audit.json().entries[0]).toMatchObject({
      action: "approve",
      before: { status: "pending" },
      after: { status: "approved", storeId: done.storeId, accountCreated: false, role: "vendor" },
    });
    const sms = await lastMessage(t, `92${done.phone.slice(1)}`);
    expect(sms.body).toBe(
      `Maidan: welcome! Karachi Kitchenware is approved to sell on Maidan. Sign in with this mobile number to open your store: ${t.config.publicUrl}/account/login?redirectTo=%2Fadmin`,
    );
    const mail = await lastMessage(t, done.email);
    expect(mail.subject).toBe("Karachi Kitchenware is approved to sell on Maidan");
    // The applicant sees it approved, with the store.
    const mine = (await inject("GET", "/api/vendor-applications/mine", bearer(me.token))).json();
    expect(mine.applications[0]).toMatchObject({ status: "approved", storeId: done.storeId });
  });

  it("approving a visitor's application makes a vendor account on its number, which signs in with an SMS code", async () => {
    const phone = uniquePhone();
    const a = (await apply(form({ phone, businessName: "Peshawar Chappal" }))).json();
    const res = await inject("POST", `/api/admin/vendor-applications/${a._id}/approve`, manager);
    expect(res.statusCode).toBe(200);
    const u = (
      await t.database.db.execute(
        sql`select id, role, phone, email, first_name from users where id = ${res.json().userId}`,
      )
    ).rows[0];
    expect(u).toMatchObject({ role: "vendor", phone: `92${phone.slice(1)}`, first_name: "Sana" });
    // A store with the same name gets a slug of its own.
    const b = (await apply(form({ businessName: "Peshawar Chappal" }))).json();
    const second = await inject("POST", `/api/admin/vendor-applications/${b._id}/approve`, admin);
    const slugs = await t.database.db.execute(
      sql`select slug from vendors where id in (${res.json().storeId}, ${second.json().storeId}) order by slug`,
    );
    expect(slugs.rows).toEqual([{ slug: "peshawar-chappal" }, { slug: "peshawar-chappal-2" }]);
    // The new account signs in with a code sent to the number.
    const sent = await inject("POST", "/api/auth/otp/generate", {}, { phone });
    expect(sent.statusCode).toBe(200);
    const code = (await lastMessage(t, `92${phone.slice(1)}`)).body.match(/code is (\d+)/)?.[1];
    const login = await inject("POST", "/api/auth/otp/login", {}, { phone, otp: code });
    expect(login.json().user).toMatchObject({ _id: res.json().userId, role: "vendor" });
  });

  it("rejecting needs a reason, tells the applicant, and a decided application cannot be decided again", async () => {
    const a = (await apply(form({ businessName: "Quetta Dry Fruit" }))).json();
    const url = `/api/admin/vendor-applications/${a._id}/reject`;
    const blank = await inject("POST", url, manager, { reason: " " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/Say why the application is rejected/);
    const res = await inject("POST", url, manager, { reason: "The CNIC photo is unreadable" });
    expect(res.json()).toMatchObject({
      status: "rejected",
      reason: "The CNIC photo is unreadable",
    });
    expect(
      (await inject("POST", `/api/admin/vendor-applications/${a._id}/approve`, admin)).statusCode,
    ).toBe(409);
    expect(
      await count(sql`select count(*)::int as n from vendors where name = 'Quetta Dry Fruit'`),
    ).toBe(0);
    const sms = await lastMessage(t, `92${a.phone.slice(1)}`);
    expect(sms.body).toBe(
      `Maidan: we could not approve Quetta Dry Fruit: The CNIC photo is unreadable. You may apply again: ${t.config.publicUrl}/apply-for-vendor`,
    );
    // A rejected phone may apply again.
    expect((await apply(form({ phone: a.phone }))).statusCode).toBe(200);
  });

  it("lists the queue by status; unknown ids are 404; vendors and shoppers are refused", async () => {
    const list = await inject("GET", "/api/admin/vendor-applications?status=pending", manager);
    expect(list.statusCode).toBe(200);
    expect(list.json().applications.every((a: { status: string }) => a.status === "pending")).toBe(
      true,
    );
    expect(list.json().applications[0].cnic).toMatch(/^\d{5}-\d{7}-\d$/);
    const id = crypto.randomUUID();
    for (const path of [`/${id}`, "/not-a-uuid"])
      expect((await inject("GET", `/api/admin/vendor-applications${path}`, admin)).statusCode).toBe(
        404,
      );
    expect((await inject("GET", "/api/admin/vendor-applications", vendor)).statusCode).toBe(403);
    expect((await inject("GET", "/api/admin/vendor-applications", shopper)).statusCode).toBe(403);
    expect((await inject("GET", "/api/admin/vendor-applications", {})).statusCode).toBe(401);
  });
});

describe("call-back requests", () => {
  const callBack = (over: Record<string, unknown> = {}, ip?: string) =>
    inject(
      "POST",
      "/api/call-backs",
      {},
      {
        name: "Bilal Ahmed",
        phone: uniquePhone(),
        topic: "order",
        orderNo: "MDN-1001",
        preferredTime: "evening",
        ...over,
      },
      ip,
    );

  it("stores the request and texts the requester; staff mark it called with a note, audited", async () => {
    const phone = uniquePhone();
    const res = await callBack({ phone });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      "Thank you! We will call you at the time you chose. We have sent you an SMS with your request.",
    );
    const sms = await lastMessage(t, `92${phone.slice(1)}`);
    expect(sms.body).toBe(
      "Maidan: we have your call-back request. Our team will call you in the evening (5 pm to 9 pm).",
    );
    const queue = (await inject("GET", "/api/admin/call-backs?status=new", manager)).json();
    const mine = queue.callBacks.find((c: { _id: string }) => c._id === res.json()._id);
    expect(mine).toMatchObject({ name: "Bilal Ahmed", phone, status: "new", orderNo: "MDN-1001" });
    const upd = await inject("POST", `/api/admin/call-backs/${mine._id}`, manager, {
      status: "called",
      note: "Order is with the courier; delivery tomorrow.",
    });
    expect(upd.json()).toMatchObject({
      status: "called",
      note: "Order is with the courier; delivery tomorrow.",
    });
    const audit = (
      await inject("GET", `/api/admin/audit?record=call_back:${mine._id}`, admin)
    ).json();
    expect(audit.entries[0]).toMatchObject({
      before: { status: "new", note: null },
      after: { status: "called" },
    });
    expect(
      (await inject("POST", `/api/admin/call-backs/${mine._id}`, manager, { status: "gone" }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await inject("POST", `/api/admin/call-backs/${crypto.randomUUID()}`, manager, {
          status: "closed",
        })
      ).statusCode,
    ).toBe(404);
  });

  it("validates with the §5 messages and limits a number to 3 a day, an address to 10 an hour", async () => {
    const bad = await callBack({ name: "", phone: "999" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(
      /The name field is required|mobile number value is not valid/,
    );
    const noTime = await callBack({ preferredTime: "midnight" });
    expect(noTime.json().message).toContain("The preferred time field is required");
    const phone = uniquePhone();
    for (let i = 0; i < 3; i++) expect((await callBack({ phone })).statusCode).toBe(200);
    expect((await callBack({ phone })).statusCode).toBe(429);
    const ip = "10.201.0.1";
    for (let i = 0; i < 10; i++) expect((await callBack({}, ip)).statusCode).toBe(200);
    expect((await callBack({}, ip)).statusCode).toBe(429);
  });
});
