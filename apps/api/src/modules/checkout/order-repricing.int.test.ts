import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../testing/auth-helpers.ts";
import {
  addToCart,
  send,
  setStock,
  stockOf,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { ADDRESS, placeOrder } from "../../testing/order-helpers.ts";
import {
  deliver,
  type GatewayKey,
  payAtSandbox,
  startPayment,
} from "../../testing/payment-helpers.ts";

/**
 * A checkout splits into one order per vendor; a free gift, discount or free shipping that the
 * whole checkout earned must not stay on what remains when the order that earned it is
 * cancelled (decision 029).
 */
let t: TestApp;
let a: TestVariant;
let b: TestVariant;
let gift: TestVariant;
beforeAll(async () => {
  t = await createTestApp({ products: 30 });
  // b and the gift come from one vendor with two products or more, a from another vendor.
  const variantsOf = async (where: ReturnType<typeof sql>) =>
    (
      await t.database.db.execute(sql`
        select distinct on (p.id) v.id as vid, p.id as pid, v.price, v.mrp, v.stock
        from variants v join products p on p.id = v.product_id
        where v.active and p.active and ${where} order by p.id, v.id limit 2`)
    ).rows as TestVariant[];
  const { rows: vendors } = await t.database.db.execute(sql`
    select vendor_id from products where active group by vendor_id having count(*) >= 2
    order by vendor_id limit 1`);
  const vendor = (vendors[0] as { vendor_id: string } | undefined)?.vendor_id;
  if (!vendor) throw new Error("need a vendor with two products");
  const [x] = await variantsOf(sql`p.vendor_id <> ${vendor}`);
  const [y, z] = await variantsOf(sql`p.vendor_id = ${vendor}`);
  if (!x || !y || !z) throw new Error("need two vendors");
  a = x;
  b = y;
  gift = z;
  // Prices the arithmetic below is written for.
  for (const [v, price] of [
    [a, 4000],
    [b, 1000],
    [gift, 300],
  ] as const) {
    await t.database.db.execute(
      sql`update variants set price = ${price}, mrp = ${price} where id = ${v.vid}`,
    );
    await setStock(t, v.vid, 100);
  }
  await t.database.db.execute(sql`
    insert into promotions (name, kind, value, min_cart_value, scope, scope_ids)
    values ('10% off from Rs. 4,500', 'percentage', 10, 4500, 'all', '{}')`);
  await t.database.db.execute(sql`
    insert into promotions (name, kind, min_cart_value, scope, scope_ids, gift_variant_id)
    values ('A cap from Rs. 4,500', 'free_gift', 4500, 'all', '{}', ${gift.vid})`);
  await t.database.db.execute(sql`insert into vouchers (code, kind, value, min_cart_value, per_user_limit)
    values ('SAVE5', 'percent', 5, 4000, 1)`);
});
afterAll(() => t?.close());

type Amount = {
  subtotal: number;
  discount: number;
  shipping: number;
  walletUsed: number;
  total: number;
};
type Placed = { orders: { _id: string; vendor: { _id: string }; amount: Amount }[] };

/**
 * A signed-in shopper's checkout of a (Rs. 4,000, vendor 1) and b (Rs. 1,000, vendor 2) with
 * SAVE5: cash on delivery, or paid in full at `gateway`'s sandbox.
 */
async function checkout(wallet = 0, gateway?: GatewayKey) {
  const u = await signUp(t);
  const who = bearer(u.token);
  if (wallet > 0)
    await t.app.domains.wallet.credit(t.database.db, u.id, {
      amount: wallet,
      kind: "topup",
      reference: `test-${u.id}`,
      remark: "test top-up",
    });
  await addToCart(t, who, a, 1);
  await addToCart(t, who, b, 1);
  expect((await send(t, "POST", "/api/cart/coupon", who, { code: "SAVE5" })).statusCode).toBe(200);
  const cart = (await send(t, "GET", "/api/cart", who)).json();
  // 5,000: the promotion takes 500, the coupon 5% of 4,500 = 225, shipping is free above 3,000,
  // and the cap comes free.
  expect(cart).toMatchObject({ subtotal: 5000, promotionDiscount: 500, couponDiscount: 225 });
  expect(cart.shipping).toBe(0);
  expect(cart.promo?.item?._id).toBe(gift.vid);
  const placed = gateway ? await paidOnline(who, gateway) : await cashOnDelivery(who, wallet > 0);
  const vendorOf = async (v: TestVariant) =>
    (
      (await t.database.db.execute(sql`select vendor_id from products where id = ${v.pid}`))
        .rows[0] as { vendor_id: string }
    ).vendor_id;
  const va = await vendorOf(a);
  const first = placed.orders.find((o) => o.vendor._id === va);
  const second = placed.orders.find((o) => o.vendor._id !== va);
  if (!first || !second) throw new Error("expected two orders");
  return { who, user: u, a: first, b: second };
}

async function cashOnDelivery(who: Record<string, string>, useWallet: boolean) {
  const res = await placeOrder(t, who, { address: ADDRESS, paymentMethod: "COD", useWallet });
  expect(res.statusCode).toBe(200);
  return res.json() as Placed;
}

async function paidOnline(who: Record<string, string>, gateway: GatewayKey): Promise<Placed> {
  const s = await startPayment(t, who, gateway);
  await deliver(t, await payAtSandbox(t, s, "success"));
  const { rows } = await t.database.db.execute(sql`
    select o.id as "_id", o.vendor_id, o.subtotal, o.discount, o.shipping, o.wallet_used,
      o.total, o.payment_status from orders o where o.checkout_id = ${s.checkoutId}`);
  expect(rows.map((r) => r.payment_status)).toEqual(["paid", "paid"]);
  return {
    orders: rows.map((r) => ({
      _id: String(r._id),
      vendor: { _id: String(r.vendor_id) },
      amount: {
        subtotal: Number(r.subtotal),
        discount: Number(r.discount),
        shipping: Number(r.shipping),
        walletUsed: Number(r.wallet_used),
        total: Number(r.total),
      },
    })),
  };
}

const voucherUses = async () =>
  Number(
    (
      (await t.database.db.execute(sql`select used from vouchers where code = 'SAVE5'`))
        .rows[0] as { used: number }
    ).used,
  );
const balance = async (userId: string) =>
  Number(
    (
      (await t.database.db.execute(sql`select balance from wallets where user_id = ${userId}`))
        .rows[0] as { balance: number } | undefined
    )?.balance ?? 0,
  );

describe("cancelling the order that earned the checkout's benefits", () => {
  it("re-prices the order that remains: promotion, coupon, free gift and free shipping taken back, exact to the rupee", async () => {
    const usesBefore = await voucherUses();
    const giftStock = await stockOf(t, gift.vid);
    const c = await checkout();
    // b's order: 1,000 less its promotion share 100 and coupon share 45, the gift on it.
    expect(c.b.amount).toMatchObject({ subtotal: 1000, discount: 145, shipping: 0, total: 855 });
    expect(await stockOf(t, gift.vid)).toBe(giftStock - 1);
    expect(await voucherUses()).toBe(usesBefore + 1);

    const cancel = await send(t, "POST", `/api/orders/my/${c.a._id}/cancel`, c.who);
    expect(cancel.statusCode).toBe(200);
    const answer = cancel.json();
    expect(answer.status).toBe("cancelled");
    // Alone, b is below every threshold: no promotion, no coupon, no gift, Rs. 200 shipping.
    expect(answer.repriced).toEqual([
      { _id: c.b._id, orderNo: expect.any(String), previousTotal: 855, total: 1200 },
    ]);
    const why =
      "the promotion 10% off from Rs. 4,500 no longer applies; voucher SAVE5 no longer applies; free shipping no longer applies; the free gift of A cap from Rs. 4,500 is no longer included";
    expect(answer.priceChanges).toEqual([
      `Re-priced order ${answer.repriced[0].orderNo}: ${why}. Total Rs. 855 → Rs. 1,200.`,
    ]);
    const d = (await send(t, "GET", `/api/orders/my/${c.b._id}`, c.who)).json();
    expect(d.amount).toMatchObject({
      subtotal: 1000,
      discount: 0,
      promotionDiscount: 0,
      shipping: 200,
      total: 1200,
      qty: 1,
    });
    expect(d.promotion).toBeNull();
    expect(d.items.map((i: { variantId: string }) => i.variantId)).toEqual([b.vid]);
    expect(d.priceChanges).toEqual([
      `Re-priced after order ${answer.orderNo} was cancelled: ${why}. Total Rs. 855 → Rs. 1,200.`,
    ]);
    // The gift's unit is back, and the voucher's use with it (it now takes nothing).
    expect(await stockOf(t, gift.vid)).toBe(giftStock);
    expect(await voucherUses()).toBe(usesBefore);
    const redemptions = await t.database.db.execute(
      sql`select 1 from voucher_redemptions where user_id = ${c.user.id}`,
    );
    expect(redemptions.rows).toHaveLength(0);
  });

  it("an order already on its way keeps its amounts; the benefit it keeps comes off the cancelled order's wallet refund", async () => {
    const c = await checkout(10_000);
    // The wallet paid both orders in full.
    expect(c.a.amount).toMatchObject({ subtotal: 4000, discount: 580, walletUsed: 3420, total: 0 });
    expect(c.b.amount).toMatchObject({ subtotal: 1000, discount: 145, walletUsed: 855, total: 0 });
    expect(await balance(c.user.id)).toBe(10_000 - 4275);
    await t.database.db.execute(sql`update orders set status = 'shipped' where id = ${c.b._id}`);

    const cancel = await send(t, "POST", `/api/orders/my/${c.a._id}/cancel`, c.who);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().repriced).toBeUndefined();
    // b keeps 100 + 45 off, free shipping (200) and the cap (300): 645 of a's 3,420 stays back.
    expect(await balance(c.user.id)).toBe(10_000 - 4275 + 3420 - 645);
    expect(cancel.json().priceChanges).toEqual([
      "Re-priced: Rs. 645 kept back from the refund, as orders already paid or on their way keep what this one earned them: the promotion 10% off from Rs. 4,500 no longer applies; voucher SAVE5 no longer applies; free shipping no longer applies; the free gift of A cap from Rs. 4,500 is no longer included.",
    ]);
    const d = (await send(t, "GET", `/api/orders/my/${c.b._id}`, c.who)).json();
    expect(d.amount).toMatchObject({ discount: 145, shipping: 0, total: 0 });
    expect(d.priceChanges).toEqual([]);
  });

  it("an order paid online refunds what it paid less what the order on its way keeps", async () => {
    const c = await checkout(0, "easypaisa");
    expect(c.a.amount).toMatchObject({ discount: 580, walletUsed: 0, total: 3420 });
    await t.database.db.execute(sql`update orders set status = 'shipped' where id = ${c.b._id}`);

    const cancel = await send(t, "POST", `/api/orders/my/${c.a._id}/cancel`, c.who, {
      refundTo: "original",
    });
    expect(cancel.statusCode).toBe(200);
    // b keeps 645 of what a earned it (as above); the bank gets back 3,420 - 645.
    expect(cancel.json().refund).toMatchObject({ amount: 2775, to: "original", status: "due" });
    const { rows } = await t.database.db.execute(sql`
      select o.kept_back, o.payment_status, r.amount from orders o
      join payment_refunds r on r.order_id = o.id where o.id = ${c.a._id}`);
    expect(rows).toEqual([{ kept_back: 645, payment_status: "refund_due", amount: 2775 }]);
  });
});
