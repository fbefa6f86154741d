import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../testing/auth-helpers.ts";
import {
  addToCart,
  pickVariants,
  send,
  setStock,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { ADDRESS, placeOrder } from "../../testing/order-helpers.ts";

/**
 * A category-scoped voucher over a checkout of three vendors (decision 064): it takes its percent
 * off the lines of its category only, its part goes to the orders in proportion to their lines
 * in scope (none to the order without one), and cancelling an order re-prices the rest by the
 * same rule.
 */
let t: TestApp;
let x: TestVariant;
let y: TestVariant;
let z: TestVariant;
let shoes: string;
const CODE = `SCOPED${process.pid}`;
beforeAll(async () => {
  t = await createTestApp({ products: 30 });
  const picked = await pickVariants(t, 3, { distinctVendors: true });
  [x, y, z] = picked as [TestVariant, TestVariant, TestVariant];
  if (!x || !y || !z) throw new Error("need three vendors");
  shoes = crypto.randomUUID();
  await t.database.db.execute(sql`insert into categories (id, slug, name)
    values (${shoes}, ${`shoes-${shoes}`}, 'Shoes')`);
  for (const [v, price, inScope] of [
    [x, 2000, true],
    [y, 1001, true],
    [z, 3000, false],
  ] as const) {
    await t.database.db.execute(
      sql`update variants set price = ${price}, mrp = ${price} where id = ${v.vid}`,
    );
    if (inScope)
      await t.database.db.execute(
        sql`update products set category_id = ${shoes} where id = ${v.pid}`,
      );
    await setStock(t, v.vid, 100);
  }
  await t.database.db.execute(sql`delete from promotions`);
  await t.database.db.execute(sql`insert into vouchers
    (code, kind, value, min_cart_value, per_user_limit, scope, scope_ids)
    values (${CODE}, 'percent', 10, 5500, 5, 'category', ${sql.param([shoes])}::uuid[])`);
});
afterAll(() => t?.close());

type Order = {
  _id: string;
  vendor: { _id: string };
  amount: { subtotal: number; discount: number; total: number };
};
const vendorOf = async (v: TestVariant) =>
  (
    (await t.database.db.execute(sql`select vendor_id from products where id = ${v.pid}`))
      .rows[0] as { vendor_id: string }
  ).vendor_id;

describe("a scoped voucher over several vendors' orders", () => {
  it("splits by the in-scope lines and re-prices the rest when one order is cancelled", async () => {
    const u = await signUp(t);
    const who = bearer(u.token);
    for (const v of [x, y, z]) await addToCart(t, who, v, 1);
    const applied = await send(t, "POST", "/api/cart/coupon", who, { code: CODE });
    expect(applied.statusCode, applied.body).toBe(200);
    // 10% of the shoes (2,000 + 1,001); the minimum (5,500) is met by the whole cart (6,001).
    expect(applied.json()).toMatchObject({
      subtotal: 6001,
      promotionDiscount: 0,
      couponDiscount: 300,
      coupon: { code: CODE, discount: 300 },
    });
    const res = await placeOrder(t, who, { address: ADDRESS, paymentMethod: "COD" });
    expect(res.statusCode, res.body).toBe(200);
    const placed = res.json() as { orders: Order[]; amount: { discount: number } };
    const byVendor = async (v: TestVariant) => {
      const vendor = await vendorOf(v);
      const o = placed.orders.find((p) => p.vendor._id === vendor);
      if (!o) throw new Error("no order for the vendor");
      return o;
    };
    const [ox, oy, oz] = [await byVendor(x), await byVendor(y), await byVendor(z)];
    // 300 × 2,000 / 3,001 = 199.9 and 300 × 1,001 / 3,001 = 100.1: 199 + 100, the rupee left to the first.
    expect([ox.amount.discount, oy.amount.discount, oz.amount.discount]).toEqual([200, 100, 0]);
    expect(placed.amount.discount).toBe(300);
    const redeemed = async () =>
      (
        await t.database.db.execute(
          sql`select discount from voucher_redemptions where user_id = ${u.id}`,
        )
      ).rows;
    expect(await redeemed()).toEqual([{ discount: 300 }]);

    // Cancelling x's order leaves 4,001: below the voucher's minimum, so y's 100 comes back.
    const cancel = await send(t, "POST", `/api/orders/my/${ox._id}/cancel`, who);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const answer = cancel.json();
    expect(answer.repriced).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ _id: oy._id, previousTotal: oy.amount.total }),
      ]),
    );
    expect(answer.priceChanges.join(" ")).toContain(`voucher ${CODE} no longer applies`);
    const after = (await send(t, "GET", `/api/orders/my/${oy._id}`, who)).json();
    expect(after.amount.discount).toBe(0);
    const zAfter = (await send(t, "GET", `/api/orders/my/${oz._id}`, who)).json();
    expect(zAfter.amount.discount).toBe(0);
    // The use comes back: the voucher now takes nothing.
    expect(await redeemed()).toEqual([]);
  });

  it("a cart with no line in the voucher's scope is refused on apply and at checkout", async () => {
    const who = bearer((await signUp(t)).token);
    await addToCart(t, who, z, 2);
    const refused = await send(t, "POST", "/api/cart/coupon", who, { code: CODE });
    expect(refused.json()).toMatchObject({
      status: 400,
      message: "This voucher does not apply to the items in your cart",
    });
    // Applied while a shoe was in the cart, then the shoe taken out: the checkout says why.
    await addToCart(t, who, x, 1);
    expect((await send(t, "POST", "/api/cart/coupon", who, { code: CODE })).statusCode).toBe(200);
    const cart = (await send(t, "GET", "/api/cart", who)).json();
    const line = cart.items.find((i: { _id: string }) => i._id === x.vid);
    expect(line).toBeDefined();
    expect((await send(t, "DELETE", `/api/cart/items/${x.vid}`, who)).statusCode).toBe(200);
    const placed = await placeOrder(t, who, { address: ADDRESS, paymentMethod: "COD" });
    expect(placed.json()).toMatchObject({
      status: 400,
      message: "This voucher does not apply to the items in your cart",
    });
  });

  it("a promotion that takes all of the voucher's lines leaves it nothing: refused with the reason", async () => {
    await t.database.db.execute(sql`insert into promotions (name, kind, value, scope, scope_ids)
      values ('Shoes free', 'percentage', 100, 'category', ${sql.param([shoes])}::uuid[])`);
    try {
      const who = bearer((await signUp(t)).token);
      await addToCart(t, who, x, 1);
      await addToCart(t, who, z, 2);
      expect((await send(t, "POST", "/api/cart/coupon", who, { code: CODE })).json()).toMatchObject(
        { status: 400, message: "This voucher does not apply to the items in your cart" },
      );
    } finally {
      await t.database.db.execute(sql`delete from promotions where name = 'Shoes free'`);
    }
  });
});
