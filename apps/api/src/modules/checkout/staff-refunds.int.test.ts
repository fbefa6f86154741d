import { BLOCKED_MESSAGE } from "@maidan/contracts/admin-customers";
import { users } from "@maidan/db/schema-auth";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  codeIn,
  lastMessage,
  post,
  signUp,
  uniquePhone,
} from "../../testing/auth-helpers.ts";
import {
  addToCart,
  guest,
  pickVariants,
  send,
  setStock,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { ADDRESS, buy, countOrders, placeOrder } from "../../testing/order-helpers.ts";
import {
  deliver as deliverPayment,
  locationOf,
  payAtSandbox,
  startPayment,
} from "../../testing/payment-helpers.ts";
import { deliveredOrder } from "../../testing/staff-helpers.ts";

/**
 * The back-office's refunds and customers (decision 046): partial refunds to the wallet, the
 * refusal of more than was paid, two refunds at once, a refund owed to the original method and
 * recorded paid back, wallet adjustments, and a blocked account that can neither sign in nor
 * order.
 */
let t: TestApp;
let admin: Record<string, string>;
let manager: Record<string, string>;
let v: TestVariant;

const login = (email: string, password: string) => post(t, "/api/auth/local", { email, password });

beforeAll(async () => {
  t = await createTestApp({ products: 6 });
  admin = bearer((await login("admin@test.pk", "admin-pass-123")).json().token);
  const m = await signUp(t);
  await t.database.db.update(users).set({ role: "manager" }).where(eq(users.id, m.id));
  manager = bearer((await login(m.email, m.password)).json().token);
  const [a] = await pickVariants(t, 1);
  if (!a) throw new Error("a variant needed");
  v = a;
  await setStock(t, v.vid, 1000);
});
afterAll(() => t?.close());

const act = (id: string, body: unknown) =>
  send(t, "POST", `/api/admin/orders/${id}/transition`, admin, body);
const refund = (id: string, body: unknown, who = admin) =>
  send(t, "POST", `/api/admin/orders/${id}/refunds`, who, body);
const refundsOf = (id: string) => send(t, "GET", `/api/admin/orders/${id}/refunds`, admin);

/** A shopper's COD order of `qty` units moved to delivered (paid at the door). */
const delivered = (who: Record<string, string>, qty = 3) => deliveredOrder(t, who, v, qty, admin);

async function walletOf(userId: string) {
  const { rows } = await t.database.db.execute(
    sql`select w.balance, coalesce((select sum(amount) from wallet_entries e where e.wallet_id = w.id), 0)::int as ledger
      from wallets w where w.user_id = ${userId}`,
  );
  return (rows[0] as { balance: number; ledger: number } | undefined) ?? { balance: 0, ledger: 0 };
}

async function refundsInDb(orderId: string) {
  const { rows } = await t.database.db.execute(
    sql`select coalesce(sum(amount), 0)::int as sum, count(*)::int as n from order_refunds where order_id = ${orderId}`,
  );
  return rows[0] as { sum: number; n: number };
}

describe("refunds", () => {
  it("refunds one line's units to the wallet, then the rest, and never more than was paid", async () => {
    const shopper = await signUp(t);
    const who = bearer(shopper.token);
    const id = await delivered(who, 3);
    const before = (await refundsOf(id)).json();
    expect(before).toMatchObject({ refundable: true, refunded: 0, walletAllowed: true });
    const line = before.lines[0];
    expect(line).toMatchObject({ qty: 3, refundedQty: 0 });

    const one = await refund(id, {
      lines: [{ itemId: line.itemId, qty: 1 }],
      to: "wallet",
      reason: "one arrived broken",
    });
    expect(one.statusCode, one.body).toBe(200);
    const first = one.json();
    expect(first.refunded).toBe(Math.floor(v.price));
    expect(first.lines[0].refundedQty).toBe(1);
    expect(first.refunds[0]).toMatchObject({ to: "wallet", status: "refunded", manualStep: null });
    expect(await walletOf(shopper.id)).toEqual({ balance: first.refunded, ledger: first.refunded });

    // The shopper's wallet shows it; the order's timeline, event, SMS and audit say it.
    const mine = (await send(t, "GET", `/api/wallet/user/${shopper.id}`, who)).json();
    expect(mine.myWallet.entries[0]).toMatchObject({
      kind: "order_refund",
      amount: first.refunded,
    });
    const d = (await send(t, "GET", `/api/admin/orders/${id}`, admin)).json();
    expect(d.history.at(-1).note).toContain("to the wallet: one arrived broken");
    expect(d.audit.at(-1)).toMatchObject({ action: "refund", after: { refunded: first.refunded } });
    const events = await t.database.db.execute(
      sql`select payload from domain_events where subject_id = ${id} and name = 'order.refunded'`,
    );
    expect(events.rows).toHaveLength(1);
    await t.app.domains.jobs.drain();
    const sms = await t.database.db.execute(
      sql`select body from dev_outbox where channel = 'sms' and body like ${`%${d.orderNo} is refunded to your Maidan wallet%`}`,
    );
    expect(sms.rows).toHaveLength(1);

    // More units than are left: 409, nothing written.
    const tooMany = await refund(id, {
      lines: [{ itemId: line.itemId, qty: 3 }],
      to: "wallet",
      reason: "all of them",
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toMatch(/Only 2 of .* are left to refund/);

    // The remaining units, then the rest (shipping) by amount, then nothing is left.
    const rest = await refund(id, {
      lines: [{ itemId: line.itemId, qty: 2 }],
      to: "wallet",
      reason: "returned",
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const left = rest.json().left as number;
    if (left > 0) {
      const over = await refund(id, { amount: left + 1, to: "wallet", reason: "too much" });
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toContain("is more than the");
      const last = await refund(id, { amount: left, to: "wallet", reason: "shipping back" });
      expect(last.statusCode, last.body).toBe(200);
    }
    const done = (await refundsOf(id)).json();
    expect(done).toMatchObject({ left: 0, refundable: false });
    expect(done.refunded).toBe(done.paid);
    const over = await refund(id, { amount: 1, to: "wallet", reason: "one more rupee" });
    expect(over.statusCode).toBe(409);
    expect(await refundsInDb(id)).toEqual({ sum: done.paid, n: left > 0 ? 3 : 2 });
    expect(await walletOf(shopper.id)).toEqual({ balance: done.paid, ledger: done.paid });
    const pay = await t.database.db.execute(
      sql`select payment_status from orders where id = ${id}`,
    );
    expect(pay.rows[0]).toEqual({ payment_status: "refunded" });
  });

  it("two refunds at once never pass what was paid", async () => {
    const shopper = await signUp(t);
    const id = await delivered(bearer(shopper.token), 2);
    const { paid } = (await refundsOf(id)).json();
    const part = Math.ceil(paid * 0.6);
    const results = await Promise.all([
      refund(id, { amount: part, to: "wallet", reason: "first desk" }),
      refund(id, { amount: part, to: "wallet", reason: "second desk" }, manager),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await refundsInDb(id)).toEqual({ sum: part, n: 1 });
    expect(await walletOf(shopper.id)).toEqual({ balance: part, ledger: part });
  });

  it("a cash order refunded to its original method is owed until staff record it paid back", async () => {
    const id = await delivered(guest(), 1);
    const wallet = await refund(id, { amount: 10, to: "wallet", reason: "guest wallet" });
    expect(wallet.statusCode).toBe(400);
    expect(wallet.json().message).toContain("guest");
    const res = await refund(id, { amount: 10, to: "original", reason: "price matched" });
    expect(res.statusCode, res.body).toBe(200);
    const owed = res.json().refunds[0];
    expect(owed).toMatchObject({ status: "owed", to: "original", amount: 10 });
    expect(owed.manualStep).toContain("by bank transfer or cash");
    let status = await t.database.db.execute(
      sql`select payment_status from orders where id = ${id}`,
    );
    expect(status.rows[0]).toEqual({ payment_status: "refund_due" });

    const bad = await send(t, "POST", `/api/admin/refunds/${owed._id}/done`, admin, { note: "" });
    expect(bad.statusCode).toBe(400);
    const done = await send(t, "POST", `/api/admin/refunds/${owed._id}/done`, admin, {
      note: "IBFT 55821",
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().refunds[0]).toMatchObject({ status: "refunded", doneNote: "IBFT 55821" });
    status = await t.database.db.execute(sql`select payment_status from orders where id = ${id}`);
    expect(status.rows[0]).toEqual({ payment_status: "paid" });
    const again = await send(t, "POST", `/api/admin/refunds/${owed._id}/done`, admin, {
      note: "IBFT 55821",
    });
    expect(again.statusCode).toBe(409);
  });

  it("an online payment refunded to its method goes to the gateway, and is owed while it has no refund API", async () => {
    const shopper = await signUp(t);
    const who = bearer(shopper.token);
    expect((await addToCart(t, who, v, 1)).statusCode).toBe(200);
    const s = await startPayment(t, who, "easypaisa");
    expect(locationOf(await deliverPayment(t, await payAtSandbox(t, s, "success")))).toMatch(
      /^\/order-success/,
    );
    const { rows } = await t.database.pool.query<{ id: string }>(
      "select id from orders where checkout_id = $1",
      [s.checkoutId],
    );
    const id = rows[0]?.id as string;
    for (const body of [
      { action: "pack" },
      { action: "ship", courier: "TCS", trackingNo: "TCS-7654321" },
      { action: "deliver" },
    ])
      expect((await act(id, body)).statusCode).toBe(200);
    const res = await refund(id, { amount: 100, to: "original", reason: "late delivery" });
    expect(res.statusCode, res.body).toBe(200);
    const owed = res.json().refunds[0];
    expect(owed).toMatchObject({ status: "owed", to: "original", amount: 100 });
    expect(owed.manualStep).toContain("Easypaisa portal");
    expect(owed.manualStep).toContain(s.reference);
    // The order page, read later, shows the same step.
    expect((await refundsOf(id)).json().refunds[0].manualStep).toBe(owed.manualStep);
    const status = await t.database.db.execute(
      sql`select payment_status from orders where id = ${id}`,
    );
    expect(status.rows[0]).toEqual({ payment_status: "refund_due" });
    // The rest may still go to the wallet; together never more than was paid.
    const { left } = (await refundsOf(id)).json();
    expect((await refund(id, { amount: left, to: "wallet", reason: "rest" })).statusCode).toBe(200);
    expect(await walletOf(shopper.id)).toEqual({ balance: left, ledger: left });
    expect(await refundsInDb(id)).toEqual({ sum: left + 100, n: 2 });
  });

  it("refuses orders not delivered, bad bodies, and vendors", async () => {
    const shopper = await signUp(t);
    const id = (await buy(t, bearer(shopper.token), v, 1)).orders[0]._id as string;
    const notYet = await refund(id, { amount: 10, to: "wallet", reason: "early" });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toContain("Only delivered orders");
    for (const [body, message] of [
      [{ to: "wallet", reason: "no amount" }, "Choose the units to refund, or enter an amount"],
      [{ amount: 5, to: "bank", reason: "where" }, "Choose where the money goes"],
      [{ amount: 5, to: "wallet", reason: "" }, "Say why the order is refunded"],
      [{ amount: -5, to: "wallet", reason: "negative" }, "at least Rs. 1"],
    ] as const) {
      const res = await refund(id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400 });
      expect(res.json().message).toContain(message);
    }
    expect(await refundsInDb(id)).toEqual({ sum: 0, n: 0 });
  });
});

describe("customers", () => {
  it("finds a customer by name, phone or e-mail and shows their orders, addresses and wallet", async () => {
    const c = await signUp(t, { firstName: "Zarmeena", lastName: "Qureshi" });
    await buy(t, bearer(c.token), v, 1);
    for (const q of ["zarmeena", c.email.slice(0, 12)]) {
      const list = await send(t, "GET", `/api/admin/customers?q=${encodeURIComponent(q)}`, manager);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().customers.map((x: { _id: string }) => x._id)).toContain(c.id);
    }
    const page = (await send(t, "GET", "/api/admin/customers?pageSize=1&page=2", manager)).json();
    expect(page.customers).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
    const d = (await send(t, "GET", `/api/admin/customers/${c.id}`, manager)).json();
    expect(d).toMatchObject({ name: "Zarmeena Qureshi", email: c.email, blocked: null });
    expect(d.orders).toHaveLength(1);
    expect(d.wallet.balance).toBe(0);
    expect(
      (await send(t, "GET", `/api/admin/customers/${crypto.randomUUID()}`, manager)).statusCode,
    ).toBe(404);
  });

  it("a blocked account cannot sign in with an SMS code either", async () => {
    const phone = uniquePhone();
    const c = await signUp(t);
    // The account proved this number (decision 027): SMS codes to it sign it in.
    await t.database.db
      .update(users)
      .set({ phone: `92${phone.slice(1)}` })
      .where(eq(users.id, c.id));
    const blocked = await send(t, "POST", `/api/admin/customers/${c.id}/block`, manager, {
      reason: "fake orders",
    });
    expect(blocked.statusCode).toBe(200);
    await post(t, "/api/auth/otp/generate", { phone });
    const otp = codeIn((await lastMessage(t, `92${phone.slice(1)}`)).body);
    const login = await post(t, "/api/auth/otp/login", { phone, otp });
    expect(login.statusCode, login.body).toBe(403);
    expect(login.json().message).toBe(BLOCKED_MESSAGE);
  });

  it("adjusts a wallet with a reason, never below zero, and the ledger agrees", async () => {
    const c = await signUp(t);
    const url = `/api/admin/customers/${c.id}/wallet-adjustments`;
    const noReason = await send(t, "POST", url, manager, { amount: 500 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain("Say why the balance changes");
    const zero = await send(t, "POST", url, manager, { amount: 0, reason: "nothing" });
    expect(zero.statusCode).toBe(400);
    const up = await send(t, "POST", url, manager, {
      amount: 500,
      reason: "goodwill for a late parcel",
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().wallet.balance).toBe(500);
    expect(up.json().wallet.entries[0]).toMatchObject({
      kind: "adjustment",
      amount: 500,
      remark: "goodwill for a late parcel",
    });
    const below = await send(t, "POST", url, manager, { amount: -501, reason: "take back" });
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toContain("never goes below Rs. 0");
    const down = await send(t, "POST", url, manager, { amount: -200, reason: "credited twice" });
    expect(down.json().wallet.balance).toBe(300);
    expect(await walletOf(c.id)).toEqual({ balance: 300, ledger: 300 });
    const log = (await send(t, "GET", `/api/admin/audit?record=customer:${c.id}`, manager)).json();
    expect(log.entries.map((e: { action: string }) => e.action)).toEqual([
      "wallet_adjustment",
      "wallet_adjustment",
    ]);
  });

  it("a blocked account cannot sign in, refresh or order, and its sessions end; unblocked it can", async () => {
    const c = await signUp(t);
    const who = bearer(c.token);
    expect((await addToCart(t, who, v, 1)).statusCode).toBe(200);
    const noReason = await send(t, "POST", `/api/admin/customers/${c.id}/block`, admin, {});
    expect(noReason.statusCode).toBe(400);
    const blocked = await send(t, "POST", `/api/admin/customers/${c.id}/block`, admin, {
      reason: "chargeback fraud",
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().blocked).toMatchObject({ reason: "chargeback fraud" });
    const again = await send(t, "POST", `/api/admin/customers/${c.id}/block`, admin, {
      reason: "chargeback fraud",
    });
    expect(again.statusCode).toBe(409);

    const signIn = await login(c.email, c.password);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(BLOCKED_MESSAGE);
    const refresh = await post(t, "/api/auth/local/refreshToken", {}, who);
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json().message).toBe(BLOCKED_MESSAGE);
    // The refusal clears the session cookie, so the storefront stops refreshing on every page.
    expect(String(refresh.headers["set-cookie"])).toMatch(/Expires=Thu, 01 Jan 1970/);
    // The old session is over: the account's calls are refused; its token is nobody's, so it
    // orders nothing of the account's cart, and the account itself is refused an order.
    expect((await send(t, "GET", "/api/users/me", who)).statusCode).toBe(401);
    const order = await placeOrder(t, who);
    expect(order.statusCode, order.body).toBe(400);
    await expect(
      t.app.domains.checkout.place(
        { userId: c.id, guestId: null },
        { address: ADDRESS, paymentMethod: "COD" },
      ),
    ).rejects.toThrow(BLOCKED_MESSAGE);
    expect(await countOrders(t, sql`user_id = ${c.id}`)).toBe(0);

    const un = await send(t, "POST", `/api/admin/customers/${c.id}/unblock`, admin, {
      reason: "bank confirmed the payment",
    });
    expect(un.statusCode).toBe(200);
    expect(un.json().blocked).toBeNull();
    expect((await login(c.email, c.password)).statusCode).toBe(200);
    const log = (await send(t, "GET", `/api/admin/audit?record=customer:${c.id}`, admin)).json();
    // Newest first, as the audit screen lists them.
    expect(log.entries.map((e: { action: string }) => e.action)).toEqual(["unblock", "block"]);
  });
});
