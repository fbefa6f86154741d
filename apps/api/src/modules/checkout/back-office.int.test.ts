import { users } from "@maidan/db/schema-auth";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, post, signUp } from "../../testing/auth-helpers.ts";
import {
  guest,
  pickVariants,
  send,
  setStock,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { buy } from "../../testing/order-helpers.ts";

/**
 * The back-office's overview (decision 047) on a seeded set of orders and payment attempts: the
 * dashboard's figures (Karachi days), payments and their reconciliation (JSON and CSV), the audit
 * log by record and actor, the unconfirmed COD queue, and the jobs with their queue counts.
 */
let t: TestApp;
let admin: Record<string, string>;
let adminId: string;
let manager: Record<string, string>;
let vendor: Record<string, string>;
let v: TestVariant;
let low: TestVariant;

const login = async (email: string, password: string) =>
  bearer((await post(t, "/api/auth/local", { email, password })).json().token);

async function staffAccount(role: "manager" | "vendor") {
  const u = await signUp(t);
  await t.database.db.update(users).set({ role }).where(eq(users.id, u.id));
  return login(u.email, u.password);
}

type Placed = { id: string; total: number; checkoutId: string; orderNo: string };
async function order(): Promise<Placed> {
  const o = (await buy(t, guest(), v)).orders[0];
  const row = (
    await t.database.db.execute(
      sql`select checkout_id, total, order_no from orders where id = ${o._id}`,
    )
  ).rows[0] as { checkout_id: string; total: number; order_no: string };
  return { id: o._id, total: row.total, checkoutId: row.checkout_id, orderNo: row.order_no };
}
const act = (id: string, body: unknown) =>
  send(t, "POST", `/api/admin/orders/${id}/transition`, admin, body);
const setCreated = (id: string, at: ReturnType<typeof sql>) =>
  t.database.db.execute(sql`update orders set created_at = ${at} where id = ${id}`);
/** An online order: its method, and whether it is marked paid. */
const online = (o: Placed, paid: boolean) =>
  t.database.db.execute(
    sql`update orders set payment_method = 'JazzCash', status = 'confirmed',
      payment_status = ${paid ? "paid" : "pending"}, confirm_code_hash = null
      where id = ${o.id}`,
  );
let refs = 0;
async function attempt(o: Placed, status: string, extra: { waiting?: boolean } = {}) {
  const r = (
    await t.database.db.execute(sql`insert into payment_attempts
      (reference, gateway, method, purpose, checkout_id, amount, status, expires_at, next_inquiry_at)
      values (${`T${process.pid}${++refs}`}, 'jazzcash', 'JazzCash', 'order', ${o.checkoutId},
        ${o.total}, ${status}, now() + interval '1 hour',
        ${extra.waiting ? sql`now() + interval '1 minute'` : null})
      returning id`)
  ).rows[0] as { id: string };
  return r.id;
}

// The seeded set.
let confirmed: Placed; // COD, confirmed today
let refused: Placed; // COD, cancelled today
let waiting: Placed; // COD, unconfirmed, today
let yesterday: Placed; // COD, unconfirmed, placed one second before today (Karachi)
let old: Placed; // COD, unconfirmed, 70 days ago
let paidOk: Placed; // online, marked paid, one paid attempt: matches
let paidNotMarked: Placed; // online, not marked paid, one paid attempt: mismatch
let unpaid: Placed; // online, not paid, an attempt waiting for inquiry
let mismatchAttempt = "";
let waitingAttempt = "";

const karachiDay = (d: Date) => d.toLocaleDateString("en-CA", { timeZone: "Asia/Karachi" });

beforeAll(async () => {
  t = await createTestApp({ products: 6 });
  admin = await login("admin@test.pk", "admin-pass-123");
  adminId = (
    await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, "admin@test.pk"))
  )[0]?.id as string;
  manager = await staffAccount("manager");
  vendor = await staffAccount("vendor");
  const [a, b] = await pickVariants(t, 2);
  if (!a || !b) throw new Error("two variants needed");
  [v, low] = [a, b];
  await setStock(t, v.vid, 500);
  await setStock(t, low.vid, 2);

  confirmed = await order();
  expect((await act(confirmed.id, { action: "confirm" })).statusCode).toBe(200);
  refused = await order();
  expect((await act(refused.id, { action: "cancel", reason: "customer said no" })).statusCode).toBe(
    200,
  );
  waiting = await order();
  yesterday = await order();
  await setCreated(
    yesterday.id,
    sql`date_trunc('day', now() at time zone 'Asia/Karachi') at time zone 'Asia/Karachi' - interval '1 second'`,
  );
  old = await order();
  await setCreated(old.id, sql`now() - interval '70 days'`);
  paidOk = await order();
  await online(paidOk, true);
  await attempt(paidOk, "paid");
  await attempt(paidOk, "failed");
  paidNotMarked = await order();
  await online(paidNotMarked, false);
  mismatchAttempt = await attempt(paidNotMarked, "paid");
  await t.database.db.execute(sql`insert into payment_events (attempt_id, gateway, source, accepted, reason)
    values (${mismatchAttempt}, 'jazzcash', 'callback', true, 'paid'),
           (${mismatchAttempt}, 'jazzcash', 'callback', false, 'bad signature')`);
  unpaid = await order();
  await online(unpaid, false);
  await t.database.db.execute(
    sql`update orders set status = 'awaiting_payment' where id = ${unpaid.id}`,
  );
  waitingAttempt = await attempt(unpaid, "pending", { waiting: true });
});
afterAll(() => t?.close());

describe("GET /api/admin/dashboard", () => {
  it("adds up sales by Karachi day, week and month, and counts the rest", async () => {
    const res = await send(t, "GET", "/api/admin/dashboard", manager);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    // Sold today: confirmed, waiting, and the two online orders confirmed; not the cancelled one,
    // the online one awaiting payment, the one of yesterday or the one of 70 days ago.
    const todays = [confirmed, waiting, paidOk, paidNotMarked];
    const today = { orders: 4, amount: todays.reduce((n, o) => n + o.total, 0) };
    expect(d.sales.today).toEqual(today);
    const now = new Date();
    const k = karachiDay(now);
    const isMonday = new Date(`${k}T12:00:00Z`).getUTCDay() === 1;
    const isFirst = k.endsWith("-01");
    const plusYesterday = { orders: 5, amount: today.amount + yesterday.total };
    expect(d.sales.week).toEqual(isMonday ? today : plusYesterday);
    expect(d.sales.month).toEqual(isFirst ? today : plusYesterday);

    const byStatus = Object.fromEntries(
      d.ordersByStatus.map((s: { status: string; count: number }) => [s.status, s.count]),
    );
    expect(byStatus).toMatchObject({
      confirmed: 3,
      cancelled: 1,
      pending_confirmation: 3,
      awaiting_payment: 1,
      delivered: 0,
    });
    // COD in the last 30 days: one confirmed, one refused; two still waiting (not the old one).
    // The online orders never waited for a call.
    expect(d.cod).toEqual({
      decided: 2,
      confirmed: 1,
      refused: 1,
      confirmationRate: 0.5,
      refusalRate: 0.5,
      pending: 2,
    });
    expect(d.lowStockThreshold).toBe(5);
    // Fewest first (the seed's sold-out variants before it), the well-stocked one absent.
    const stocks = d.lowStock.map((x: { stock: number }) => x.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    expect(stocks.every((n: number) => n <= 5)).toBe(true);
    expect(d.lowStock).toContainEqual(
      expect.objectContaining({ variantId: low.vid, productId: low.pid, stock: 2 }),
    );
    expect(d.lowStock.some((x: { variantId: string }) => x.variantId === v.vid)).toBe(false);
    expect(d.payments).toEqual([
      { status: "failed", count: 1, amount: paidOk.total },
      { status: "paid", count: 2, amount: paidOk.total + paidNotMarked.total },
      { status: "pending", count: 1, amount: unpaid.total },
    ]);
  });

  it("is for managers and admins: a vendor gets 403", async () => {
    expect((await send(t, "GET", "/api/admin/dashboard", admin)).statusCode).toBe(200);
    expect((await send(t, "GET", "/api/admin/dashboard", vendor)).statusCode).toBe(403);
  });
});

describe("GET /api/admin/payments", () => {
  it("lists attempts newest first with their orders and signals", async () => {
    const res = await send(t, "GET", "/api/admin/payments", admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(4);
    const m = body.payments.find((p: { _id: string }) => p._id === mismatchAttempt);
    expect(m).toMatchObject({
      gateway: "jazzcash",
      status: "paid",
      amount: paidNotMarked.total,
      orderNos: [paidNotMarked.orderNo],
      signals: { count: 2, rejected: 1 },
    });
    expect(["paid", "bad signature"]).toContain(m.signals.last);
  });

  it("filters by status, gateway, date and those waiting for inquiry", async () => {
    const q = async (qs: string) =>
      (await send(t, "GET", `/api/admin/payments?${qs}`, admin)).json();
    expect((await q("status=paid")).total).toBe(2);
    expect((await q("gateway=hbl")).total).toBe(0);
    const waitingOnes = await q("waiting=1");
    expect(waitingOnes.payments.map((p: { _id: string }) => p._id)).toEqual([waitingAttempt]);
    expect(waitingOnes.payments[0].nextInquiryAt).toEqual(expect.any(String));
    const today = karachiDay(new Date());
    expect((await q(`from=${today}&to=${today}`)).total).toBe(4);
    expect((await q("to=2020-01-01")).total).toBe(0);
  });

  it("answers a bad filter with 400 and its message", async () => {
    const res = await send(t, "GET", "/api/admin/payments?status=lost", admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: expect.stringContaining("Unknown") });
    expect((await send(t, "GET", "/api/admin/payments?from=yesterday", admin)).statusCode).toBe(
      400,
    );
  });
});

describe("the reconciliation", () => {
  it("puts the checkout paid but not marked paid first, then those that match", async () => {
    const res = await send(t, "GET", "/api/admin/payments/reconciliation", manager);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as { checkoutId: string; match: boolean }[];
    expect(rows[0]).toMatchObject({
      checkoutId: paidNotMarked.checkoutId,
      orderNos: [paidNotMarked.orderNo],
      attemptsPaid: paidNotMarked.total,
      ordersPaid: 0,
      difference: paidNotMarked.total,
      match: false,
    });
    const byCheckout = new Map(rows.map((r) => [r.checkoutId, r]));
    expect(byCheckout.get(paidOk.checkoutId)).toMatchObject({
      attemptsPaid: paidOk.total,
      ordersPaid: paidOk.total,
      difference: 0,
      match: true,
    });
    // Online, nothing paid and nothing marked paid: it matches (0 = 0).
    expect(byCheckout.get(unpaid.checkoutId)).toMatchObject({ match: true, difference: 0 });
    // COD checkouts without a paid attempt are not reconciled against gateways.
    expect(byCheckout.has(confirmed.checkoutId)).toBe(false);
  });

  it("exports CSV with a header and the mismatch first", async () => {
    const res = await send(t, "GET", "/api/admin/payments/reconciliation.csv", manager);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain("reconciliation.csv");
    const lines = res.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "checkout_id,orders,method,attempts_paid,orders_paid,difference,match,created_at",
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${paidNotMarked.checkoutId},${paidNotMarked.orderNo},JazzCash,${paidNotMarked.total},0,${paidNotMarked.total},no,`,
      ),
    );
    expect(lines.slice(2).every((l) => l.includes(",yes,"))).toBe(true);
  });
});

describe("GET /api/admin/audit", () => {
  it("filters by record and by actor, newest first, paged", async () => {
    const byRecord = await send(t, "GET", `/api/admin/audit?record=order:${confirmed.id}`, manager);
    expect(byRecord.statusCode).toBe(200);
    expect(byRecord.json()).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(byRecord.json().entries[0]).toMatchObject({
      action: "confirm",
      record: `order:${confirmed.id}`,
      actor: { _id: adminId, role: "admin" },
      before: { status: "pending_confirmation" },
      after: { status: "confirmed" },
    });
    const byActor = (await send(t, "GET", `/api/admin/audit?actor=${adminId}`, manager)).json();
    expect(byActor.entries.map((e: { action: string }) => e.action)).toEqual(["cancel", "confirm"]);
    const all = (await send(t, "GET", "/api/admin/audit?page=2", manager)).json();
    expect(all).toMatchObject({ total: 0, page: 2, entries: [] });
  });

  it("answers a bad record or actor with 400", async () => {
    for (const qs of ["record=order", "actor=someone", "page=0"]) {
      const res = await send(t, "GET", `/api/admin/audit?${qs}`, manager);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().status).toBe(400);
    }
  });
});

describe("GET /api/admin/cod-queue", () => {
  it("lists the unconfirmed COD orders, oldest first, with their deadline", async () => {
    const res = await send(t, "GET", "/api/admin/cod-queue", manager);
    expect(res.statusCode, res.body).toBe(200);
    const orders = res.json().orders as { _id: string; confirmBy: string | null }[];
    expect(orders.map((o) => o._id)).toEqual([old.id, yesterday.id, waiting.id]);
    expect(orders[2]).toMatchObject({
      orderNo: waiting.orderNo,
      total: waiting.total,
      customer: { name: "Ayesha Khan", phone: "923001234567" },
      city: "Karachi",
    });
    expect(typeof orders[2]?.confirmBy).toBe("string");
  });
});

describe("GET /api/admin/jobs", () => {
  it("lists a failed job with each queue's counts, and retries it", async () => {
    const [job] = (
      await t.database.pool.query<{ id: string }>(
        "select id from pgboss.job where name = 'messages.sms' order by created_on limit 1",
      )
    ).rows;
    if (!job) throw new Error("an SMS job expected");
    await t.database.pool.query(
      `update pgboss.job set state = 'failed', completed_on = now(),
        output = '{"message":"gateway down"}' where id = $1`,
      [job.id],
    );
    const res = await send(t, "GET", "/api/admin/jobs", manager);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.jobs[0]).toMatchObject({
      id: job.id,
      queue: "messages.sms",
      error: "gateway down",
    });
    const sms = body.queues.find((q: { queue: string }) => q.queue === "messages.sms");
    expect(sms).toMatchObject({ failed: 1, pending: expect.any(Number) });
    const retry = await send(t, "POST", `/api/admin/jobs/${job.id}/retry`, manager);
    expect(retry.statusCode).toBe(200);
    const after = (await send(t, "GET", "/api/admin/jobs", manager)).json();
    expect(after.jobs.some((j: { id: string }) => j.id === job.id)).toBe(false);
  });
});

describe("a COD checkout with a paid attempt", () => {
  it("is reconciled, and is a mismatch (money taken, nothing marked paid)", async () => {
    const cod = await order();
    await attempt(cod, "paid");
    const rows = (await send(t, "GET", "/api/admin/payments/reconciliation", admin)).json()
      .rows as { checkoutId: string; match: boolean; method: string }[];
    const mismatches = rows.filter((r) => !r.match).map((r) => r.checkoutId);
    expect(mismatches.sort()).toEqual([cod.checkoutId, paidNotMarked.checkoutId].sort());
    expect(rows.find((r) => r.checkoutId === cod.checkoutId)?.method).toBe("COD");
  });
});

describe("odd input from staff", () => {
  it("is answered below 500 on every overview endpoint", async () => {
    const urls = [
      "/api/admin/payments?gateway=%00",
      "/api/admin/payments?page=10000&from=0001-01-01&to=9999-12-31",
      "/api/admin/payments?page=1e3",
      "/api/admin/payments/reconciliation?from=9999-12-31",
      "/api/admin/payments/reconciliation.csv?to=2026-02-30",
      "/api/admin/audit?record=order:%27%3B--",
      "/api/admin/audit?record=order:x&page=10000",
      "/api/admin/dashboard?x=1",
      "/api/admin/cod-queue?page=-1",
    ];
    for (const url of urls) {
      const res = await send(t, "GET", url, admin);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});
