import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, post, signUp } from "../../testing/auth-helpers.ts";
import {
  addToCart,
  guest,
  pickVariants,
  send,
  setStock,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import {
  deliver,
  GATEWAY_KEYS,
  type GatewayKey,
  locationOf,
  payAtSandbox,
  startPayment,
} from "../../testing/payment-helpers.ts";

/**
 * Cancelling an order already paid online (issue #12, item 7; decision 023): the money goes
 * back, to the wallet at once or owed to the original method (the shopper's choice; a guest has
 * no wallet), the wallet part of a mixed payment to the wallet, exactly once however often or
 * however concurrently the order is cancelled. Staff see what is owed and record it as refunded.
 */
let t: TestApp;
let variants: TestVariant[];
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ products: 16 });
  variants = await pickVariants(t, 12);
  for (const x of variants) await setStock(t, x.vid, 500);
  const login = await post(t, "/api/auth/local", {
    email: "admin@test.pk",
    password: "admin-pass-123",
  });
  admin = bearer(login.json().token);
});
afterAll(() => t?.close());

let next = 0;
const variant = () => variants[next++ % variants.length] as TestVariant;

type Who = { who: Record<string, string>; userId: string | null };
const user = async (credit = 0): Promise<Who> => {
  const u = await signUp(t);
  if (credit > 0)
    await t.database.db.transaction((tx) =>
      t.app.domains.wallet.credit(tx, u.id, {
        amount: credit,
        kind: "credit",
        reference: "test",
        remark: "Test credit",
      }),
    );
  return { who: bearer(u.token), userId: u.id };
};
const aGuest = (): Who => ({ who: guest(), userId: null });

/** `who` buys one unit through `gateway`, pays at its sandbox and comes back: the paid order. */
async function paidOrder(w: Who, gateway: GatewayKey, extra: Record<string, unknown> = {}) {
  expect((await addToCart(t, w.who, variant())).statusCode).toBe(200);
  const s = await startPayment(t, w.who, gateway, extra);
  expect(locationOf(await deliver(t, await payAtSandbox(t, s, "success")))).toMatch(
    /^\/order-success/,
  );
  const { rows } = await t.database.pool.query(
    "select id, total, wallet_used, status, payment_status from orders where checkout_id = $1",
    [s.checkoutId],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ status: "confirmed", payment_status: "paid" });
  return { ...s, order: rows[0] as { id: string; total: number; wallet_used: number } };
}

const cancel = (w: Who, id: string, body?: Record<string, unknown>) =>
  send(t, "POST", `/api/orders/my/${id}/cancel`, w.who, body);

async function walletOf(userId: string | null) {
  if (!userId) return { balance: 0, entries: 0 };
  const { rows } = await t.database.pool.query(
    `select coalesce(w.balance, 0)::int as balance,
       (select count(*)::int from wallet_entries e where e.wallet_id = w.id) as entries
     from wallets w where w.user_id = $1`,
    [userId],
  );
  return (
    (rows[0] as { balance: number; entries: number } | undefined) ?? { balance: 0, entries: 0 }
  );
}
const refundsOf = async (orderId: string) =>
  (
    await t.database.pool.query(
      "select amount, destination, status, gateway from payment_refunds where order_id = $1",
      [orderId],
    )
  ).rows;

describe("cancelling an order paid online", () => {
  for (const gateway of GATEWAY_KEYS) {
    it(`${gateway}: to the original method is owed, shown on the order and to staff; twice refunds once`, async () => {
      const w = await user();
      const p = await paidOrder(w, gateway);
      const before = await walletOf(w.userId);
      const r = await cancel(w, p.order.id, { refundTo: "original" });
      expect(r.statusCode, r.body).toBe(200);
      const detail = r.json();
      expect(detail).toMatchObject({
        status: "cancelled",
        payment: { status: "refund_due" },
        refund: { amount: p.order.total, to: "original", status: "due", refundedAt: null },
        refundChoices: [],
      });
      expect(await refundsOf(p.order.id)).toEqual([
        { amount: p.order.total, destination: "original", status: "due", gateway },
      ]);
      expect(await walletOf(w.userId)).toEqual(before);
      // Staff see it among the refunds owed.
      const owed = await send(t, "GET", "/api/payments/refunds", admin);
      expect(owed.statusCode).toBe(200);
      const mine = (owed.json().refunds as { orderId: string }[]).filter(
        (x) => x.orderId === p.order.id,
      );
      expect(mine).toMatchObject([{ amount: p.order.total, gateway, reference: p.reference }]);
      // Again: refused, nothing more owed.
      const again = await cancel(w, p.order.id, { refundTo: "wallet" });
      expect(again.statusCode).toBe(409);
      expect(await refundsOf(p.order.id)).toHaveLength(1);
      expect(await walletOf(w.userId)).toEqual(before);
    });

    it(`${gateway}: to the wallet is credited at once, exactly the amount paid`, async () => {
      const w = await user();
      const p = await paidOrder(w, gateway);
      const before = await walletOf(w.userId);
      const r = await cancel(w, p.order.id, { refundTo: "wallet" });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({
        payment: { status: "refunded" },
        refund: { amount: p.order.total, to: "wallet", status: "refunded" },
      });
      expect(await walletOf(w.userId)).toEqual({
        balance: before.balance + p.order.total,
        entries: before.entries + 1,
      });
      expect(await refundsOf(p.order.id)).toEqual([
        { amount: p.order.total, destination: "wallet", status: "refunded", gateway },
      ]);
    });
  }

  it("a shopper who sends no choice gets the original method; the order offers both choices before", async () => {
    const w = await user();
    const p = await paidOrder(w, "nift");
    const detail = await send(t, "GET", `/api/orders/my/${p.order.id}`, w.who);
    expect(detail.json()).toMatchObject({ refund: null, refundChoices: ["original", "wallet"] });
    const r = await cancel(w, p.order.id);
    expect(r.json()).toMatchObject({ refund: { to: "original", status: "due" } });
  });

  it("a guest cannot take wallet credit: refused, the order stays paid; the original method works", async () => {
    const g = aGuest();
    const p = await paidOrder(g, "keenu");
    const detail = await send(t, "GET", `/api/orders/my/${p.order.id}`, g.who);
    expect(detail.json().refundChoices).toEqual(["original"]);
    const r = await cancel(g, p.order.id, { refundTo: "wallet" });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(
      "Wallet credit needs an account. Choose a refund to your original payment method.",
    );
    const { rows } = await t.database.pool.query(
      "select status, payment_status from orders where id = $1",
      [p.order.id],
    );
    expect(rows).toEqual([{ status: "confirmed", payment_status: "paid" }]);
    expect(await refundsOf(p.order.id)).toEqual([]);
    const ok = await cancel(g, p.order.id, { refundTo: "original" });
    expect(ok.json()).toMatchObject({ refund: { to: "original", status: "due" } });
  });

  it("a mixed payment gives the wallet part back to the wallet and the gateway part where chosen", async () => {
    for (const refundTo of ["original", "wallet"] as const) {
      const w = await user(200);
      const p = await paidOrder(w, "hbl", { useWallet: true });
      expect(p.order.wallet_used).toBe(200);
      expect(await walletOf(w.userId)).toMatchObject({ balance: 0 });
      const r = await cancel(w, p.order.id, { refundTo });
      expect(r.statusCode, r.body).toBe(200);
      expect((await walletOf(w.userId)).balance).toBe(
        refundTo === "wallet" ? 200 + p.order.total : 200,
      );
      expect(await refundsOf(p.order.id)).toEqual([
        {
          amount: p.order.total,
          destination: refundTo,
          status: refundTo === "wallet" ? "refunded" : "due",
          gateway: "hbl",
        },
      ]);
    }
  });

  it("ten concurrent cancels refund once", async () => {
    const w = await user();
    const p = await paidOrder(w, "alfalah");
    const all = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        cancel(w, p.order.id, { refundTo: i % 2 ? "wallet" : "original" }),
      ),
    );
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(all.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const refunds = await refundsOf(p.order.id);
    expect(refunds).toHaveLength(1);
    const credited = (await walletOf(w.userId)).balance;
    expect(credited).toBe(refunds[0]?.destination === "wallet" ? p.order.total : 0);
  });

  it("staff record a refund made in the gateway's portal once; shoppers may not", async () => {
    const w = await user();
    const p = await paidOrder(w, "easypaisa");
    await cancel(w, p.order.id, { refundTo: "original" });
    const owed = (await send(t, "GET", "/api/payments/refunds", admin)).json().refunds as {
      id: string;
      orderId: string;
    }[];
    const id = owed.find((x) => x.orderId === p.order.id)?.id as string;
    expect((await send(t, "GET", "/api/payments/refunds", w.who)).statusCode).toBe(403);
    const url = `/api/payments/refunds/${id}/refunded`;
    expect((await send(t, "POST", url, w.who, { gatewayRefundRef: "R1" })).statusCode).toBe(403);
    const done = await send(t, "POST", url, admin, { gatewayRefundRef: "EP-REF-991" });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: "refunded", gatewayRefundRef: "EP-REF-991" });
    expect((await send(t, "POST", url, admin, { gatewayRefundRef: "X" })).statusCode).toBe(409);
    const detail = await send(t, "GET", `/api/orders/my/${p.order.id}`, w.who);
    expect(detail.json()).toMatchObject({
      payment: { status: "refunded" },
      refund: { status: "refunded", to: "original" },
    });
  });

  it("an unpaid online order and a COD order are cancelled as before, with nothing owed", async () => {
    const w = await user();
    expect((await addToCart(t, w.who, variant())).statusCode).toBe(200);
    const s = await startPayment(t, w.who, "nift");
    const { rows } = await t.database.pool.query("select id from orders where checkout_id = $1", [
      s.checkoutId,
    ]);
    const id = (rows[0] as { id: string }).id;
    const r = await cancel(w, id, { refundTo: "wallet" });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ payment: { status: "pending" }, refund: null });
    expect(await refundsOf(id)).toEqual([]);
  });
});
