import { SETTINGS } from "@maidan/db/seed/content";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../testing/auth-helpers.ts";
import {
  guest,
  pickVariants,
  send,
  setStock,
  stockOf,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { buy } from "../../testing/order-helpers.ts";
import { contentOps, loginAs, ownStoreOf, staffAccount } from "../../testing/staff-helpers.ts";

/**
 * The back-office's orders (decision 044): every step of the lifecycle, legal and not, two staff
 * at once, the audit log, the shopper's SMS job and timeline, vendors' own orders, and every
 * /api/admin operation as each role.
 */
let t: TestApp;
let admin: Record<string, string>;
let manager: Record<string, string>;
let vendor: Record<string, string>;
let shopper: Record<string, string>;
let mine: TestVariant; // sold by the vendor's store
let theirs: TestVariant; // sold by another store

beforeAll(async () => {
  t = await createTestApp({ products: 12 });
  admin = await loginAs(t, "admin@test.pk", "admin-pass-123");
  manager = (await staffAccount(t, "manager")).headers;
  const v = await staffAccount(t, "vendor");
  vendor = v.headers;
  shopper = bearer((await signUp(t)).token);
  const [a, b] = await pickVariants(t, 2, { distinctVendors: true });
  if (!a || !b) throw new Error("two vendors' variants needed");
  [mine, theirs] = [a, b];
  await ownStoreOf(t, v.id, mine.pid);
  await setStock(t, mine.vid, 500);
  await setStock(t, theirs.vid, 500);
});
afterAll(() => t?.close());

const act = (id: string, body: unknown, who = admin) =>
  send(t, "POST", `/api/admin/orders/${id}/transition`, who, body);
const detail = (id: string, who = admin) => send(t, "GET", `/api/admin/orders/${id}`, who);
const statusOf = async (id: string) =>
  (
    (await t.database.db.execute(sql`select status from orders where id = ${id}`)).rows[0] as {
      status: string;
    }
  ).status;
/** A fresh COD order (waiting for its SMS code), as a guest places it. */
async function order(v: TestVariant = mine, qty = 1) {
  const r = await buy(t, guest(), v, qty);
  return r.orders[0]._id as string;
}
const statusJobs = async (orderNo: string) =>
  (
    await t.database.pool.query<{ data: { message: { status: string } } }>(
      `select data from pgboss.job where name = 'messages.sms'
        and data->'message'->>'template' = 'order-status' and data->'message'->>'orderNo' = $1
        order by created_on`,
      [orderNo],
    )
  ).rows.map((r) => r.data.message.status);

describe("the lifecycle", () => {
  it("confirm → pack → ship → deliver: each a timeline row, an event, an SMS job and an audit entry", async () => {
    const id = await order();
    const ship = { action: "ship", courier: "TCS", trackingNo: "TCS-7788123" };
    for (const [body, status] of [
      [{ action: "confirm", note: "called, customer said yes" }, "confirmed"],
      [{ action: "pack" }, "packed"],
      [ship, "shipped"],
      [{ action: "deliver" }, "delivered"],
    ] as const) {
      const res = await act(id, body, body.action === "pack" ? manager : admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe(status);
    }
    const d = (await detail(id)).json();
    expect(d.history.map((h: { status: string }) => h.status)).toEqual([
      "placed",
      "pending_confirmation",
      "confirmed",
      "packed",
      "shipped",
      "delivered",
    ]);
    expect(d.history[4].note).toBe("Shipped with TCS, tracking number TCS-7788123");
    expect(d.shipment).toEqual({ courier: "TCS", trackingNo: "TCS-7788123" });
    // Cash on delivery is collected at the door.
    expect(d.payment).toEqual({ method: "COD", status: "paid" });
    expect(d.actions).toEqual(["request_return"]);
    expect(d.audit.map((a: { action: string }) => a.action)).toEqual([
      "confirm",
      "pack",
      "ship",
      "deliver",
    ]);
    expect(d.audit[2]).toMatchObject({
      actor: { name: "Maidan Admin", role: "admin" },
      record: `order:${id}`,
      before: { status: "packed", courier: null, trackingNo: null },
      after: { status: "shipped", courier: "TCS", trackingNo: "TCS-7788123" },
    });
    expect(d.audit[1].actor.role).toBe("manager");
    const events = await t.database.db.execute(
      sql`select name from domain_events where subject_id = ${id} order by created_at`,
    );
    expect(events.rows.map((e) => e.name)).toEqual([
      "order.confirmed",
      "order.packed",
      "order.shipped",
      "order.delivered",
    ]);
    expect(await statusJobs(d.orderNo)).toEqual(["confirmed", "packed", "shipped", "delivered"]);
    await t.app.domains.jobs.drain();
    const sms = await t.database.db.execute(
      sql`select body from dev_outbox where channel = 'sms' and body like ${`%${d.orderNo} is on its way%`}`,
    );
    expect(sms.rows[0]?.body).toBe(
      `Maidan: your order ${d.orderNo} is on its way with TCS, tracking number TCS-7788123. ${t.config.publicUrl}/my/orders/${id}`,
    );
    // The audit log answers by record too.
    const log = await send(t, "GET", `/api/admin/audit?record=order:${id}`, manager);
    expect(log.statusCode).toBe(200);
    expect(log.json().entries).toHaveLength(4);
  });

  it("the shopper's own order page shows each step", async () => {
    const id = (await buy(t, shopper, mine)).orders[0]._id as string;
    await act(id, { action: "confirm" });
    await act(id, { action: "pack" });
    await act(id, { action: "ship", courier: "Leopards", trackingNo: "LP123456" });
    const mineNow = (await send(t, "GET", `/api/orders/my/${id}`, shopper)).json();
    expect(mineNow.status).toBe("shipped");
    expect(mineNow.history.at(-1)).toMatchObject({
      status: "shipped",
      note: "Shipped with Leopards, tracking number LP123456",
    });
  });

  it("refuses every step the state does not allow with 409, and changes nothing", async () => {
    const id = await order();
    const cases: [unknown, string][] = [
      [{ action: "pack" }, "only confirmed orders can be packed"],
      [
        { action: "ship", courier: "TCS", trackingNo: "AB1234" },
        "only packed orders can be shipped",
      ],
      [{ action: "deliver" }, "only shipped orders can be delivered"],
    ];
    for (const [body, message] of cases) {
      const res = await act(id, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain(message);
    }
    expect(await statusOf(id)).toBe("pending_confirmation");
    await act(id, { action: "confirm" });
    expect((await act(id, { action: "confirm" })).json().message).toMatch(/is already confirmed/);
    await act(id, { action: "pack" });
    await act(id, { action: "ship", courier: "TCS", trackingNo: "AB1234" });
    const late = await act(id, { action: "cancel", reason: "customer changed their mind" });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/can no longer be cancelled/);
    const d = (await detail(id)).json();
    expect(d.status).toBe("shipped");
    expect(d.audit).toHaveLength(3);
  });

  it("ship needs a courier and a tracking number; a cancel needs a reason (400, nothing changed)", async () => {
    const id = await order();
    await act(id, { action: "confirm" });
    await act(id, { action: "pack" });
    const noTracking = await act(id, { action: "ship", courier: "TCS" });
    expect(noTracking.statusCode).toBe(400);
    expect(noTracking.json().message).toMatch(/tracking number/i);
    const noReason = await act(id, { action: "cancel", reason: "" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/Say why the order is cancelled/);
    const unknown = await act(id, { action: "refund" });
    expect(unknown.statusCode).toBe(400);
    expect(await statusOf(id)).toBe("packed");
  });

  it("a cancel returns the stock, tells the shopper and is audited; a cancelled order goes nowhere", async () => {
    const before = await stockOf(t, mine.vid);
    const id = await order(mine, 2);
    expect(await stockOf(t, mine.vid)).toBe(before - 2);
    await act(id, { action: "confirm" });
    const res = await act(id, { action: "cancel", reason: "Customer refused on the phone" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: "cancelled",
      cancelReason: "Customer refused on the phone",
    });
    expect(await stockOf(t, mine.vid)).toBe(before);
    expect(await statusJobs(res.json().orderNo)).toEqual(["confirmed", "cancelled"]);
    const again = await act(id, { action: "deliver" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/is cancelled: it cannot be delivered/);
  });

  it("staff acting at once: one wins, the others get 409 with the current state", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await order();
      await act(id, { action: "confirm" });
      const packs = await Promise.all([
        act(id, { action: "pack" }, admin),
        act(id, { action: "pack" }, manager),
        act(id, { action: "pack" }, admin),
      ]);
      expect(
        packs.filter((r) => r.statusCode === 200),
        `round ${round}`,
      ).toHaveLength(1);
      const lost = packs.filter((r) => r.statusCode === 409);
      expect(lost).toHaveLength(2);
      for (const r of lost) expect(r.json().message).toMatch(/is already packed/);
      // Ship and cancel of a packed order: whichever comes first, the other is refused.
      const [ship, cancel] = await Promise.all([
        act(id, { action: "ship", courier: "PostEx", trackingNo: `PX${round}0001` }, admin),
        act(id, { action: "cancel", reason: "duplicate order" }, manager),
      ]);
      expect([ship?.statusCode, cancel?.statusCode].sort()).toEqual([200, 409]);
      const now = await statusOf(id);
      const loser = now === "shipped" ? cancel : ship;
      expect(loser?.json().message).toMatch(
        now === "shipped" ? /is shipped: it has left the warehouse/ : /is cancelled/,
      );
      expect((await detail(id)).json().audit).toHaveLength(3);
    }
  });

  it("bulk confirm and pack: each order on its own", async () => {
    const a = await order();
    const b = await order();
    const confirmed = await send(t, "POST", "/api/admin/orders/bulk", manager, {
      action: "confirm",
      ids: [a, b],
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true]);
    await act(a, { action: "pack" });
    const packed = await send(t, "POST", "/api/admin/orders/bulk", manager, {
      action: "pack",
      ids: [a, b],
    });
    expect(packed.json().results).toEqual([
      { _id: a, ok: false, status: "packed", message: expect.stringMatching(/already packed/) },
      { _id: b, ok: true, status: "packed", message: null },
    ]);
    const tooMany = await send(t, "POST", "/api/admin/orders/bulk", manager, {
      action: "ship",
      ids: [a],
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe("the list", () => {
  it("filters by status, method, city and date, searches by order number and phone, pages with a cursor and a total", async () => {
    const id = await order();
    const no = (await detail(id)).json().orderNo as string;
    const list = async (q: string, who = admin) => {
      const res = await send(t, "GET", `/api/admin/orders?${q}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect((await list(`q=${no}`)).orders.map((o: { _id: string }) => o._id)).toEqual([id]);
    const byPhone = await list(
      "q=0300-1234567&status=pending_confirmation&method=COD&city=karachi",
    );
    expect(byPhone.orders.map((o: { _id: string }) => o._id)).toContain(id);
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Karachi" });
    const dated = await list(`from=${today}&to=${today}&pageSize=2`);
    expect(dated.orders).toHaveLength(2);
    expect(dated.total).toBeGreaterThan(2);
    // Keyset pages (decision 054; staff-order-list.int.test.ts pages through them all).
    const page2 = await list(`from=${today}&to=${today}&pageSize=2&cursor=${dated.next}`);
    expect(page2.orders[0]._id).not.toBe(dated.orders[0]._id);
    expect(page2.previous).not.toBeNull();
    expect((await list("from=2001-01-01&to=2001-01-02")).total).toBe(0);
    const bad = await send(t, "GET", "/api/admin/orders?status=lost", admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400 });
  });

  it("a vendor sees only the orders of their own store", async () => {
    const own = await order(mine);
    const other = await order(theirs);
    const res = await send(t, "GET", "/api/admin/orders?pageSize=100", vendor);
    const ids = res.json().orders.map((o: { _id: string }) => o._id);
    expect(ids).toContain(own);
    expect(ids).not.toContain(other);
    expect((await detail(own, vendor)).json()).toMatchObject({
      actions: [],
      audit: [],
      messages: [],
      payments: [],
    });
    expect((await detail(other, vendor)).statusCode).toBe(404);
    const items = (await detail(own, vendor)).json().items as { productId: string }[];
    expect(items.every((i) => i.productId === mine.pid)).toBe(true);
  });
});

/** The seed's settings as PUT /api/admin/settings takes them. */
const SEEDED_SETTINGS = {
  title: SETTINGS.title,
  description: SETTINGS.description,
  primaryColor: SETTINGS.primaryColor,
  mainTheme: SETTINGS.mainTheme,
  currencySymbol: SETTINGS.currency.symbol,
  guestLogin: SETTINGS.guestLogin,
  demo: SETTINGS.demo,
  appPromotion: { ...SETTINGS.appPromotion, link: "", android: "", ios: "" },
  analytics: { ...SETTINGS.analytics, gtm_id: "", ga4_id: "", pixel_id: "" },
};

describe("roles on every /api/admin operation", () => {
  /** Every admin operation, as the OpenAPI document lists it, with a call for an order `o`. */
  type Op = {
    url: string;
    body?: unknown;
    headers?: Record<string, string>;
    vendor: number;
    staff?: number;
    manager?: number;
  };
  const ops = (o: string): Record<string, Op> => ({
    "GET /api/admin/orders": { url: "/api/admin/orders", vendor: 200 },
    "GET /api/admin/orders/{id}": { url: `/api/admin/orders/${o}`, vendor: 200 },
    "POST /api/admin/orders/{id}/transition": {
      url: `/api/admin/orders/${o}/transition`,
      body: { action: "confirm" },
      vendor: 403,
    },
    "POST /api/admin/orders/bulk": {
      url: "/api/admin/orders/bulk",
      body: { action: "confirm", ids: [o] },
      vendor: 403,
    },
    "GET /api/admin/audit": { url: `/api/admin/audit?record=order:${o}`, vendor: 403 },
    "GET /api/admin/jobs": { url: "/api/admin/jobs", vendor: 403 },
    "GET /api/admin/freebie-claims": { url: "/api/admin/freebie-claims", vendor: 403 },
    // No such failed job: staff are let through to a 404.
    "POST /api/admin/jobs/{id}/retry": {
      url: `/api/admin/jobs/${crypto.randomUUID()}/retry`,
      vendor: 403,
      staff: 404,
    },
    // The order is not packed: staff are let through to the 409 (decision 045).
    "POST /api/admin/orders/{id}/courier-booking": {
      url: `/api/admin/orders/${o}/courier-booking`,
      body: { courier: "tcs" },
      vendor: 403,
      staff: 409,
    },
    // Not booked yet: staff are let through to the 409.
    "GET /api/admin/orders/{id}/label.pdf": {
      url: `/api/admin/orders/${o}/label.pdf`,
      vendor: 403,
      staff: 409,
    },
    "GET /api/admin/orders/{id}/slip.pdf": { url: `/api/admin/orders/${o}/slip.pdf`, vendor: 200 },
    "GET /api/admin/orders/slips.pdf": { url: `/api/admin/orders/slips.pdf?ids=${o}`, vendor: 200 },
    "GET /api/admin/orders/{id}/invoice.pdf": {
      url: `/api/admin/orders/${o}/invoice.pdf`,
      vendor: 403,
    },
    "GET /api/admin/couriers/cod-collections": {
      url: "/api/admin/couriers/cod-collections?from=2026-01-01&to=2026-01-31",
      vendor: 403,
    },
    // Refunds and customers (decision 046): managers and admins only. A fresh order is not
    // delivered (409); an unknown refund or customer lets staff through to a 404.
    "GET /api/admin/orders/{id}/refunds": { url: `/api/admin/orders/${o}/refunds`, vendor: 403 },
    "POST /api/admin/orders/{id}/refunds": {
      url: `/api/admin/orders/${o}/refunds`,
      body: { amount: 1, to: "original", reason: "role check" },
      vendor: 403,
      staff: 409,
    },
    "POST /api/admin/refunds/{id}/done": {
      url: `/api/admin/refunds/${crypto.randomUUID()}/done`,
      body: { note: "role check" },
      vendor: 403,
      staff: 404,
    },
    "GET /api/admin/customers": { url: "/api/admin/customers", vendor: 403 },
    ...Object.fromEntries(
      [
        ["GET /api/admin/customers/{id}", "", undefined],
        [
          "POST /api/admin/customers/{id}/wallet-adjustments",
          "/wallet-adjustments",
          { amount: 1, reason: "role check" },
        ],
        ["POST /api/admin/customers/{id}/block", "/block", { reason: "role check" }],
        ["POST /api/admin/customers/{id}/unblock", "/unblock", { reason: "role check" }],
      ].map(([name, tail, body]) => [
        name,
        {
          url: `/api/admin/customers/${crypto.randomUUID()}${tail}`,
          ...(body ? { body } : {}),
          vendor: 403,
          staff: 404,
        },
      ]),
    ),
    // The overview (decision 047): managers and admins only.
    "GET /api/admin/dashboard": { url: "/api/admin/dashboard", vendor: 403 },
    "GET /api/admin/payments": { url: "/api/admin/payments?waiting=1", vendor: 403 },
    "GET /api/admin/payments/reconciliation": {
      url: "/api/admin/payments/reconciliation",
      vendor: 403,
    },
    "GET /api/admin/payments/reconciliation.csv": {
      url: "/api/admin/payments/reconciliation.csv",
      vendor: 403,
    },
    "GET /api/admin/cod-queue": { url: "/api/admin/cod-queue", vendor: 403 },
    "GET /api/admin/couriers/refused-phones": {
      url: "/api/admin/couriers/refused-phones",
      vendor: 403,
    },
    // Staff notes (decision 048): managers and admins only.
    "POST /api/admin/orders/{id}/notes": {
      url: `/api/admin/orders/${o}/notes`,
      body: { text: "role check" },
      vendor: 403,
    },
    // Vendor applications and call-backs (decision 053): managers and admins; unknown ids 404.
    "GET /api/admin/vendor-applications": { url: "/api/admin/vendor-applications", vendor: 403 },
    "GET /api/admin/vendor-applications/{id}": {
      url: `/api/admin/vendor-applications/${crypto.randomUUID()}`,
      vendor: 403,
      staff: 404,
    },
    "POST /api/admin/vendor-applications/{id}/approve": {
      url: `/api/admin/vendor-applications/${crypto.randomUUID()}/approve`,
      vendor: 403,
      staff: 404,
    },
    "POST /api/admin/vendor-applications/{id}/reject": {
      url: `/api/admin/vendor-applications/${crypto.randomUUID()}/reject`,
      body: { reason: "role check" },
      vendor: 403,
      staff: 404,
    },
    "GET /api/admin/call-backs": { url: "/api/admin/call-backs", vendor: 403 },
    "POST /api/admin/call-backs/{id}": {
      url: `/api/admin/call-backs/${crypto.randomUUID()}`,
      body: { status: "called" },
      vendor: 403,
      staff: 404,
    },
    // Reviews (decision 051): vendors see their own products' reviews, so an unknown one is a
    // 404 for every staff member; the moderation setting is the admin's.
    "GET /api/admin/reviews": { url: "/api/admin/reviews", vendor: 200 },
    ...Object.fromEntries(
      [
        ["POST /api/admin/reviews/{id}/publish", "/publish", undefined],
        ["POST /api/admin/reviews/{id}/hide", "/hide", { reason: "role check" }],
        ["PUT /api/admin/reviews/{id}/reply", "/reply", { reply: "role check" }],
      ].map(([name, tail, body]) => [
        name,
        {
          url: `/api/admin/reviews/${crypto.randomUUID()}${tail}`,
          ...(body ? { body } : {}),
          vendor: 404,
          staff: 404,
        },
      ]),
    ),
    // Disputes (decision 052): managers and admins only; an unknown dispute lets staff through
    // to a 404.
    "GET /api/admin/disputes": { url: "/api/admin/disputes?status=open", vendor: 403 },
    ...Object.fromEntries(
      [
        ["GET /api/admin/disputes/{id}", "", undefined],
        ["POST /api/admin/disputes/{id}/messages", "/messages", { text: "role check" }],
        [
          "POST /api/admin/disputes/{id}/resolve",
          "/resolve",
          { action: "reject", note: "role check" },
        ],
      ].map(([name, tail, body]) => [
        name,
        {
          url: `/api/admin/disputes/${crypto.randomUUID()}${tail}`,
          ...(body ? { body } : {}),
          vendor: 403,
          staff: 404,
        },
      ]),
    ),
    "PUT /api/admin/reviews/settings": {
      url: "/api/admin/reviews/settings",
      body: { moderated: true },
      vendor: 403,
      manager: 403,
    },
    // An applicant's document (decision 058): managers and admins; an unknown application 404.
    "GET /api/admin/vendor-applications/{id}/documents/{n}": {
      url: `/api/admin/vendor-applications/${crypto.randomUUID()}/documents/1`,
      vendor: 403,
      staff: 404,
    },
    // Lucky draws (decision 056): managers and admins make and list them (each call a draw).
    "GET /api/admin/lucky-draws": { url: "/api/admin/lucky-draws", vendor: 403 },
    "POST /api/admin/lucky-draws": {
      url: "/api/admin/lucky-draws",
      body: {
        title: "Role check draw",
        prize: "Rs. 100 in the wallet",
        prizeAmount: 100,
        closesAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
      vendor: 403,
    },
    // Products and stock (decision 060): vendors act on their own stores' products only, so an
    // unknown product or variant is a 404 for every staff member; a vendor's new product goes to
    // their own store, as a draft.
    "GET /api/admin/products": { url: "/api/admin/products", vendor: 200 },
    // The voucher and promotion forms' product picker (decision 064): managers and admins.
    "GET /api/admin/product-picks": { url: "/api/admin/product-picks?q=role", vendor: 403 },
    "GET /api/admin/products/options": { url: "/api/admin/products/options", vendor: 200 },
    "POST /api/admin/products": {
      url: "/api/admin/products",
      body: (() => {
        const k = crypto.randomUUID().slice(0, 8);
        return {
          name: `Role check ${k}`,
          categoryId: "00000000-0000-4000-8000-000000000000",
          status: "draft",
          variants: [{ sku: `ROLE-${k}`, price: 100, stock: 1 }],
        };
      })(),
      // An unknown category: through the role check to the field's 400.
      vendor: 400,
      staff: 400,
    },
    ...Object.fromEntries(
      [
        ["GET /api/admin/products/{id}", "GET", "", undefined],
        [
          "PUT /api/admin/products/{id}",
          "PUT",
          "",
          {
            name: "Role check",
            categoryId: crypto.randomUUID(),
            variants: [{ sku: "ROLE-X", price: 1, stock: 1 }],
          },
        ],
        ["DELETE /api/admin/products/{id}", "DELETE", "", undefined],
        ["POST /api/admin/products/{id}/images", "POST", "/images", undefined],
        [
          "PUT /api/admin/products/{id}/images/order",
          "PUT",
          "/images/order",
          { order: [crypto.randomUUID()] },
        ],
        [
          "PUT /api/admin/products/{id}/images/{imageId}",
          "PUT",
          `/images/${crypto.randomUUID()}`,
          { alt: "role check" },
        ],
        [
          "DELETE /api/admin/products/{id}/images/{imageId}",
          "DELETE",
          `/images/${crypto.randomUUID()}`,
          undefined,
        ],
      ].map(([name, , tail, body]) => [
        name,
        {
          url: `/api/admin/products/${crypto.randomUUID()}${tail}`,
          ...(body ? { body } : {}),
          vendor: 404,
          staff: 404,
        },
      ]),
    ),
    "GET /api/admin/stock/low": { url: "/api/admin/stock/low", vendor: 200 },
    "POST /api/admin/stock/{variantId}/adjust": {
      url: `/api/admin/stock/${crypto.randomUUID()}/adjust`,
      body: { reason: "received", qty: 1 },
      vendor: 404,
      staff: 404,
    },
    "GET /api/admin/stock/{variantId}/history": {
      url: `/api/admin/stock/${crypto.randomUUID()}/history`,
      vendor: 404,
      staff: 404,
    },
    // Product CSV (decision 063): vendors import and export their own stores' products; a file
    // with wrong columns is a preview with errors (nothing written).
    "POST /api/admin/product-imports": {
      url: "/api/admin/product-imports",
      body: "slug,colour\nrole-check,red\n",
      headers: { "content-type": "text/csv" },
      vendor: 200,
    },
    "GET /api/admin/product-imports": { url: "/api/admin/product-imports", vendor: 200 },
    "GET /api/admin/product-imports/{id}": {
      url: `/api/admin/product-imports/${crypto.randomUUID()}`,
      vendor: 404,
      staff: 404,
    },
    "POST /api/admin/product-imports/{id}/start": {
      url: `/api/admin/product-imports/${crypto.randomUUID()}/start`,
      vendor: 404,
      staff: 404,
    },
    "GET /api/admin/products/export.csv": { url: "/api/admin/products/export.csv", vendor: 200 },
    // Referrals (decision 055): managers read, admins change the amounts (set to the defaults).
    "GET /api/admin/referrals": { url: "/api/admin/referrals", vendor: 403 },
    "GET /api/admin/referrals/settings": { url: "/api/admin/referrals/settings", vendor: 403 },
    "PUT /api/admin/referrals/settings": {
      url: "/api/admin/referrals/settings",
      body: { bonus: 250, welcome: 150, minOrder: 2000, monthlyCap: 10 },
      vendor: 403,
      manager: 403,
    },
    // Catalogue structure and content (decision 062): managers and admins; each caller creates
    // its own records (slugs from the order id), and changes or deletes an unknown one (404).
    ...contentOps(o),
    // Vouchers (decision 061): managers and admins; a new code per caller, unknown ids 404.
    "GET /api/admin/vouchers": { url: "/api/admin/vouchers", vendor: 403 },
    "POST /api/admin/vouchers": {
      url: "/api/admin/vouchers",
      body: { code: `ROLE-${crypto.randomUUID().slice(0, 8)}`, kind: "fixed", value: 10 },
      vendor: 403,
    },
    ...Object.fromEntries(
      [
        ["GET /api/admin/vouchers/{id}", "", undefined],
        ["PATCH /api/admin/vouchers/{id}", "", { value: 5 }],
        ["POST /api/admin/vouchers/{id}/end", "/end", undefined],
      ].map(([name, tail, body]) => [
        name,
        {
          url: `/api/admin/vouchers/${crypto.randomUUID()}${tail}`,
          ...(body ? { body } : {}),
          vendor: 403,
          staff: 404,
        },
      ]),
    ),
    // Automatic promotions (decision 061): managers and admins; made switched off, unknown ids 404.
    "GET /api/admin/promotions": { url: "/api/admin/promotions", vendor: 403 },
    "POST /api/admin/promotions": {
      url: "/api/admin/promotions",
      body: { name: "Role check", kind: "fixed", value: 10, active: false },
      vendor: 403,
    },
    "GET /api/admin/promotions/{id}": {
      url: `/api/admin/promotions/${crypto.randomUUID()}`,
      vendor: 403,
      staff: 404,
    },
    "PUT /api/admin/promotions/{id}": {
      url: `/api/admin/promotions/${crypto.randomUUID()}`,
      body: { name: "Role check", kind: "fixed", value: 10, active: false },
      vendor: 403,
      staff: 404,
    },
    "POST /api/admin/promotions/{id}/switch-off": {
      url: `/api/admin/promotions/${crypto.randomUUID()}/switch-off`,
      vendor: 403,
      staff: 404,
    },
    // Freebie campaigns (decision 061): managers and admins; a new address per caller, made
    // switched off; unknown ids 404.
    "GET /api/admin/freebies": { url: "/api/admin/freebies", vendor: 403 },
    "POST /api/admin/freebies": {
      url: "/api/admin/freebies",
      body: {
        slug: `role-${crypto.randomUUID().slice(0, 8)}`,
        title: "Role check",
        products: [mine.pid],
        active: false,
      },
      vendor: 403,
    },
    "GET /api/admin/freebies/{id}": {
      url: `/api/admin/freebies/${crypto.randomUUID()}`,
      vendor: 403,
      staff: 404,
    },
    "PUT /api/admin/freebies/{id}": {
      url: `/api/admin/freebies/${crypto.randomUUID()}`,
      body: { slug: "role-check", title: "Role check", products: [mine.pid], active: false },
      vendor: 403,
      staff: 404,
    },
    "POST /api/admin/freebies/{id}/switch-off": {
      url: `/api/admin/freebies/${crypto.randomUUID()}/switch-off`,
      vendor: 403,
      staff: 404,
    },
    // The shipping table (decision 061): admins only; an unknown method 404 (each POST one new
    // method, switched off).
    "GET /api/admin/shipping-methods": {
      url: "/api/admin/shipping-methods",
      vendor: 403,
      manager: 403,
    },
    "POST /api/admin/shipping-methods": {
      url: "/api/admin/shipping-methods",
      body: { name: "Role check", carrier: "TCS", charge: 100, etaDays: "2-3", active: false },
      vendor: 403,
      manager: 403,
    },
    "PUT /api/admin/shipping-methods/{id}": {
      url: `/api/admin/shipping-methods/${crypto.randomUUID()}`,
      body: { name: "Role check", carrier: "TCS", charge: 100, etaDays: "2-3", active: false },
      vendor: 403,
      manager: 403,
      staff: 404,
    },
    // The shop's settings (decision 061): admins only (saved as seeded).
    "GET /api/admin/settings": { url: "/api/admin/settings", vendor: 403, manager: 403 },
    "PUT /api/admin/settings": {
      url: "/api/admin/settings",
      body: SEEDED_SETTINGS,
      vendor: 403,
      manager: 403,
    },
  });

  it("anonymous 401, shopper 403, vendor 403 or own orders only, manager and admin through", async () => {
    const doc = (await send(t, "GET", "/api/docs/json", {})).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const listed = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/api/admin"))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(listed.sort()).toEqual(Object.keys(ops("x")).sort());
    for (const [who, headers] of [
      ["anonymous", guest()],
      ["shopper", shopper],
      ["vendor", vendor],
      ["manager", manager],
      ["admin", admin],
    ] as const) {
      // A fresh order of the vendor's store for each caller: each may move it once.
      const id = await order(mine);
      for (const [name, op] of Object.entries(ops(id))) {
        const method = name.split(" ")[0] as "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
        const res = await send(t, method, op.url, { ...headers, ...op.headers }, op.body);
        const expected =
          who === "anonymous"
            ? 401
            : who === "shopper"
              ? 403
              : who === "vendor"
                ? op.vendor
                : who === "manager"
                  ? (op.manager ?? op.staff ?? 200)
                  : (op.staff ?? 200);
        expect(res.statusCode, `${who}: ${name} ${res.body.slice(0, 200)}`).toBe(expected);
      }
    }
  });
});
