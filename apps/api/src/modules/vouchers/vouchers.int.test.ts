import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../testing/auth-helpers.ts";
import { addToCart, guest, pickVariants, send, setStock } from "../../testing/cart-helpers.ts";
import { ADDRESS, placeOrder } from "../../testing/order-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 30 });
});
afterAll(() => t?.close());

let n = 0;
/** A fresh voucher; codes are unique per test. */
async function voucher(v: Record<string, unknown>) {
  const code = `T${process.pid}X${++n}`;
  const cols: Record<string, unknown> = {
    kind: "fixed",
    value: 100,
    min_cart_value: 0,
    per_user_limit: 1,
    ...v,
  };
  await t.database.db.execute(sql`insert into vouchers (code, kind, value, max_discount, min_cart_value,
    per_user_limit, usage_limit, starts_at, ends_at)
    values (${code}, ${cols.kind}, ${cols.value}, ${cols.max_discount ?? null}, ${cols.min_cart_value},
      ${cols.per_user_limit}, ${cols.usage_limit ?? null}, ${cols.starts_at ?? null}, ${cols.ends_at ?? null})`);
  return code;
}
const usedOf = async (code: string) =>
  (
    (await t.database.db.execute(sql`select used from vouchers where code = ${code}`)).rows[0] as {
      used: number;
    }
  ).used;

/** A signed-in shopper whose cart holds `qty` of a variant worth at least `min` in total. */
async function shopperWithCart(qty = 1) {
  const u = await signUp(t);
  const who = bearer(u.token);
  const [v] = await pickVariants(t, 1);
  if (!v) throw new Error("no variant");
  await setStock(t, v.vid, 1000);
  expect((await addToCart(t, who, v, qty)).statusCode).toBe(200);
  return { u, who, v };
}

const apply = (who: Record<string, string>, code: string) =>
  send(t, "POST", "/api/cart/coupon", who, { code });

describe("vouchers", () => {
  it("prices a percentage coupon with its cap on the server, and removes it", async () => {
    const { who, v } = await shopperWithCart(3);
    const code = await voucher({ kind: "percent", value: 50, max_discount: 250 });
    const res = await apply(who, code.toLowerCase());
    expect(res.statusCode).toBe(200);
    const c = res.json();
    const expected = Math.min(Math.floor((v.price * 3 * 50) / 100), 250);
    expect(c.couponDiscount).toBe(expected);
    expect(c.coupon).toEqual({ code, discount: expected });
    expect(c.discount).toBe(expected);
    expect(c.total).toBe(c.subtotal - expected + c.shipping);
    const off = (await send(t, "DELETE", "/api/cart/coupon", who)).json();
    expect(off.couponDiscount).toBe(0);
    expect(off.coupon).toBeNull();
  });

  it("answers clear 4xx messages: unknown, expired, not yet, below minimum, guest", async () => {
    const { who, v } = await shopperWithCart(1);
    const unknown = await apply(who, "NO-SUCH-CODE");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("This voucher code does not exist");
    const old = await voucher({ ends_at: new Date(Date.now() - 60_000).toISOString() });
    expect((await apply(who, old)).json()).toMatchObject({
      status: 400,
      message: "This voucher has expired",
    });
    const soon = await voucher({ starts_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await apply(who, soon)).json().message).toBe("This voucher is not active yet");
    const big = await voucher({ min_cart_value: v.price + 1234 });
    const below = await apply(who, big);
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe("Add Rs. 1,234 more to use this voucher");
    const g = guest();
    await addToCart(t, g, v, 1);
    expect((await apply(g, big)).json().message).toBe("Sign in to use a voucher");
    expect((await send(t, "POST", "/api/cart/coupon", who, { code: "" })).statusCode).toBe(400);
  });

  it("ignores a client-sent discount and charges the server's coupon price", async () => {
    const { who } = await shopperWithCart(2);
    const code = await voucher({ kind: "fixed", value: 120 });
    const cart = (await apply(who, code)).json();
    const res = await placeOrder(t, who, {
      address: ADDRESS,
      paymentMethod: "COD",
      discount: 99_999,
      couponDiscount: 99_999,
      coupon: { code, discount: 99_999 },
      total: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().amount.discount).toBe(120);
    expect(res.json().amount.total).toBe(cart.total);
    expect(await usedOf(code)).toBe(1);
  });

  it("a single-use voucher under 20 concurrent checkouts of 20 users is redeemed exactly once", async () => {
    const code = await voucher({ kind: "fixed", value: 300, usage_limit: 1 });
    const buyers = [];
    for (let i = 0; i < 20; i++) buyers.push(await shopperWithCart(1));
    for (const b of buyers) expect((await apply(b.who, code)).statusCode).toBe(200);
    const results = await Promise.all(buyers.map((b) => placeOrder(t, b.who)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.json().amount.discount).toBe(300);
    for (const r of results.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe("This voucher has been used up");
    }
    expect(await usedOf(code)).toBe(1);
    const { rows } = await t.database.db.execute(
      sql`select count(*)::int as n from voucher_redemptions r join vouchers v on v.id = r.voucher_id where v.code = ${code}`,
    );
    expect((rows[0] as { n: number }).n).toBe(1);
    // The losers' carts are untouched: the coupon simply no longer applies.
    const loser = buyers.find((_, i) => results[i]?.statusCode !== 200);
    if (!loser) throw new Error("no loser");
    expect((await send(t, "GET", "/api/cart", loser.who)).json().couponDiscount).toBe(0);
  });

  it("a cancelled checkout gives the use back once, and the shopper may use it again", async () => {
    const { who, v } = await shopperWithCart(1);
    const code = await voucher({ kind: "fixed", value: 50, usage_limit: 1 });
    expect((await apply(who, code)).statusCode).toBe(200);
    const placed = await placeOrder(t, who);
    expect(placed.statusCode).toBe(200);
    expect(await usedOf(code)).toBe(1);
    const mine = await send(t, "GET", "/api/vouchers/mine", who);
    expect(mine.json().vouchers.map((x: { code: string }) => x.code)).not.toContain(code);
    const id = placed.json().orders[0]._id;
    expect((await send(t, "POST", `/api/orders/my/${id}/cancel`, who)).statusCode).toBe(200);
    expect((await send(t, "POST", `/api/orders/my/${id}/cancel`, who)).statusCode).toBe(409);
    expect(await usedOf(code)).toBe(0);
    const again = await send(t, "GET", "/api/vouchers/mine", who);
    expect(again.json().vouchers.map((x: { code: string }) => x.code)).toContain(code);
    await addToCart(t, who, v, 1);
    expect((await apply(who, code)).statusCode).toBe(200);
    expect((await placeOrder(t, who)).statusCode).toBe(200);
    expect(await usedOf(code)).toBe(1);
  });

  it("the per-user limit holds and the seeded demo vouchers are there", async () => {
    const { who, v } = await shopperWithCart(1);
    const code = await voucher({ kind: "fixed", value: 10 });
    await apply(who, code);
    expect((await placeOrder(t, who)).statusCode).toBe(200);
    await addToCart(t, who, v, 1);
    const again = await apply(who, code);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You have already used this voucher");
    const codes = (await send(t, "GET", "/api/vouchers/mine", who))
      .json()
      .vouchers.map((x: { code: string }) => x.code);
    expect(codes).toEqual(expect.arrayContaining(["WELCOME10", "SINGLE1"]));
    expect((await send(t, "GET", "/api/vouchers/mine", {})).statusCode).toBe(401);
  });
});
