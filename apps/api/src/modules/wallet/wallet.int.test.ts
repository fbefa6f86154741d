import { DEFAULT_SHOPPER } from "@maidan/db/seed/index";
import { WELCOME_CREDIT } from "@maidan/db/seed/wallet";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../testing/auth-helpers.ts";
import { addToCart, pickVariants, send, setStock, stockOf } from "../../testing/cart-helpers.ts";
import { ADDRESS, placeOrder } from "../../testing/order-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 30 });
});
afterAll(() => t?.close());

/** Credits a wallet through the service, as a top-up or welcome credit would. */
const credit = (userId: string, amount: number, reference: string) =>
  t.database.db.transaction((tx) =>
    t.app.domains.wallet.credit(tx, userId, {
      amount,
      kind: "credit",
      reference,
      remark: "Test credit",
    }),
  );

async function ledger(userId: string) {
  const { rows } = await t.database.db.execute(sql`select w.balance,
      (select coalesce(sum(amount), 0)::int from wallet_entries e where e.wallet_id = w.id) as sum,
      (select count(*)::int from wallet_entries e where e.wallet_id = w.id and amount < 0) as spends
    from wallets w where w.user_id = ${userId}`);
  return rows[0] as { balance: number; sum: number; spends: number };
}

describe("wallet", () => {
  it("answers only the user's own wallet (another id is 404)", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await credit(a.id, 700, "welcome");
    // The same credit twice is written once.
    expect(await credit(a.id, 700, "welcome")).toBe(false);
    const mine = await send(t, "GET", `/api/wallet/user/${a.id}`, bearer(a.token));
    expect(mine.statusCode).toBe(200);
    expect(mine.json().myWallet.balance).toBe(700);
    expect(mine.json().myWallet._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(mine.json().myWallet.entries).toHaveLength(1);
    const theirs = await send(t, "GET", `/api/wallet/user/${a.id}`, bearer(b.token));
    expect(theirs.statusCode).toBe(404);
    expect((await send(t, "GET", `/api/wallet/user/${a.id}`, {})).statusCode).toBe(401);
  });

  it("gives the seeded demo shopper a welcome credit", async () => {
    const { rows } = await t.database.db.execute(sql`select w.balance, e.remark from wallets w
      join users u on u.id = w.user_id join wallet_entries e on e.wallet_id = w.id
      where u.email = ${DEFAULT_SHOPPER.email}`);
    expect(rows).toEqual([{ balance: WELCOME_CREDIT, remark: "Welcome credit" }]);
  });

  it("pays part of a COD order, shows it in the cart, and refunds it once on cancel", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 5);
    const u = await signUp(t);
    const who = bearer(u.token);
    const small = Math.max(1, Math.floor(v.price / 2));
    await credit(u.id, small, "gift");
    await addToCart(t, who, v, 1);
    const on = await send(t, "PUT", "/api/cart/wallet", who, { useWallet: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().checkoutWallet).toBe(true);
    expect(on.json().walletUsed).toBe(small);
    expect(on.json().payable).toBe(on.json().total - small);
    const wallet = (await send(t, "GET", `/api/wallet/user/${u.id}`, who)).json().myWallet;
    const res = await placeOrder(t, who, {
      address: ADDRESS,
      paymentMethod: "COD",
      walletId: wallet._id,
      useWallet: true,
    });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.amount.walletUsed).toBe(small);
    expect(r.amount.total).toBe(on.json().total - small);
    expect(await ledger(u.id)).toEqual({ balance: 0, sum: 0, spends: 1 });

    const id = r.orders[0]._id;
    const cancel = await send(t, "POST", `/api/orders/my/${id}/cancel`, who);
    expect(cancel.statusCode).toBe(200);
    expect(await stockOf(t, v.vid)).toBe(5);
    expect((await ledger(u.id)).balance).toBe(small);
    // A second cancel changes nothing.
    expect((await send(t, "POST", `/api/orders/my/${id}/cancel`, who)).statusCode).toBe(409);
    expect(await ledger(u.id)).toEqual({ balance: small, sum: small, spends: 1 });
  });

  it("refuses a wallet that is not the shopper's, and the wallet for guests", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 5);
    const u = await signUp(t);
    const other = await signUp(t);
    const otherWallet = (
      await send(t, "GET", `/api/wallet/user/${other.id}`, bearer(other.token))
    ).json().myWallet;
    await addToCart(t, bearer(u.token), v, 1);
    const res = await placeOrder(t, bearer(u.token), {
      address: ADDRESS,
      walletId: otherWallet._id,
      useWallet: true,
    });
    expect(res.statusCode).toBe(400);
    expect(await stockOf(t, v.vid)).toBe(5);
  });

  it("never goes below 0 under concurrent spends; the ledger sums to the balance", async () => {
    const variants = await pickVariants(t, 10);
    const u = await signUp(t);
    await credit(u.id, 1000, "concurrency");
    // Ten checkouts at once from ten sessions of one user would share one cart; instead each
    // spends through the service in its own transaction, as ten orders would.
    const spends = await Promise.allSettled(
      variants.map((_, i) =>
        t.database.db.transaction((tx) =>
          t.app.domains.wallet.spend(tx, u.id, {
            max: 300,
            reference: `checkout-${i}`,
            remark: "Spent on an order",
          }),
        ),
      ),
    );
    const taken = spends.map((s) => (s.status === "fulfilled" ? s.value : -1));
    expect(taken.every((n) => n >= 0)).toBe(true);
    expect(taken.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(taken.filter((n) => n === 300)).toHaveLength(3);
    const l = await ledger(u.id);
    expect(l.balance).toBe(0);
    expect(l.sum).toBe(0);
  });
});
