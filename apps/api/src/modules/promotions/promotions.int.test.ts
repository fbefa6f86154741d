import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../testing/auth-helpers.ts";
import {
  addToCart,
  guest,
  pickVariants,
  send,
  setStock,
  stockOf,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { ADDRESS, placeOrder } from "../../testing/order-helpers.ts";

let t: TestApp;
let pool: TestVariant[] = [];
beforeAll(async () => {
  t = await createTestApp({ products: 40, promotions: true });
  pool = await pickVariants(t, 30);
  for (const v of pool) await setStock(t, v.vid, 1000);
});
afterAll(() => t?.close());

/** A variant of its own for each test. */
const take = () => {
  const v = pool.shift();
  if (!v) throw new Error("out of test variants");
  return v;
};

const db = () => t.database.db;
const q = async <T>(query: ReturnType<typeof sql>) => (await db().execute(query)).rows as T[];

/** Only the given promotion is active (the demo ones are switched off after their own test). */
async function onlyPromotion(p: {
  name: string;
  kind: "percentage" | "fixed" | "buy_x_get_y" | "free_gift";
  value?: number;
  max_discount?: number;
  min_cart_value?: number;
  scope?: "all" | "category" | "product";
  scope_ids?: string[];
  buy_qty?: number;
  get_qty?: number;
  gift_variant_id?: string;
}) {
  await db().execute(sql`update promotions set active = false`);
  const c = { min_cart_value: 0, scope: "all", scope_ids: [] as string[], ...p };
  const [row] = await q<{ id: string }>(sql`insert into promotions (name, kind, value, max_discount,
    min_cart_value, scope, scope_ids, buy_qty, get_qty, gift_variant_id)
    values (${c.name}, ${c.kind}, ${c.value ?? null}, ${c.max_discount ?? null}, ${c.min_cart_value},
      ${c.scope}, ${`{${c.scope_ids.join(",")}}`}::uuid[], ${c.buy_qty ?? null}, ${c.get_qty ?? null},
      ${c.gift_variant_id ?? null})
    returning id`);
  return row?.id ?? "";
}

const cartOf = async (who: Record<string, string>) =>
  (await send(t, "GET", "/api/cart", who)).json();

async function ordersOf(masterId: string) {
  return q<{
    id: string;
    subtotal: number;
    discount: number;
    promotion_discount: number;
    promotion: string | null;
    shipping: number;
    wallet_used: number;
    total: number;
    qty: number;
  }>(sql`select id, subtotal, discount, promotion_discount, promotion, shipping, wallet_used, total, qty
    from orders where checkout_id = ${masterId}`);
}

describe("automatic promotions", () => {
  it("the demo seed's 10% off clothing shows on a cart with Rs. 5,000 of clothing", async () => {
    const [demo] = await q<{ id: string; scope_ids: string[] }>(
      sql`select id, scope_ids from promotions where kind = 'percentage' and active`,
    );
    expect(demo).toBeDefined();
    const kinds = await q<{ kind: string }>(sql`select kind from promotions order by kind`);
    expect(kinds.map((k) => k.kind)).toEqual(["buy_x_get_y", "free_gift", "percentage"]);
    const [shirt] = await q<TestVariant>(sql`
      select v.id as vid, p.id as pid, v.price, v.mrp, v.stock from variants v
      join products p on p.id = v.product_id join categories c on c.id = p.category_id
      join categories parent on parent.id = c.parent_id
      where parent.slug in ('men-clothing', 'women-clothing') and v.active and p.active
      order by v.price limit 1`);
    if (!shirt) throw new Error("the seed has no clothing");
    await setStock(t, shirt.vid, 1000);
    const qty = Math.ceil(5000 / shirt.price);
    const who = guest();
    expect((await addToCart(t, who, shirt, qty)).statusCode).toBe(200);
    const c = await cartOf(who);
    const expected = Math.min(2000, Math.floor((shirt.price * qty) / 10));
    expect(c.promotion).toMatchObject({
      name: "Sportswear Week: 10% off clothing",
      kind: "percentage",
      discount: expected,
    });
    expect(c.promotionDiscount).toBe(expected);
    expect(c.discountedSubtotal).toBe(c.subtotal - expected);
    if (qty > 1) {
      const fewer = await send(t, "PUT", `/api/cart/items/${shirt.vid}`, who, { qty: qty - 1 });
      expect(fewer.statusCode).toBe(200);
      expect(fewer.json().promotionDiscount).toBe(0);
    }
  });

  it("places an order with the promotion: stored discount, name and totals exact", async () => {
    const v = take();
    await onlyPromotion({ name: "Fixed 250 off", kind: "fixed", value: 250, min_cart_value: 1 });
    const who = guest();
    await addToCart(t, who, v, 2);
    const cart = await cartOf(who);
    expect(cart.promotionDiscount).toBe(Math.min(250, v.price * 2));
    // Client-sent discounts and totals are dropped unread.
    const res = await placeOrder(t, who, {
      address: ADDRESS,
      paymentMethod: "COD",
      discount: 999999,
      promotionDiscount: 999999,
      total: 1,
      amount: { total: 1 },
    });
    expect(res.statusCode).toBe(200);
    const placed = res.json();
    const [o] = await ordersOf(placed.masterId);
    const discount = Math.min(250, v.price * 2);
    expect(o).toMatchObject({
      subtotal: v.price * 2,
      discount,
      promotion_discount: discount,
      promotion: "Fixed 250 off",
      total: v.price * 2 - discount + (o?.shipping ?? 0),
    });
    expect(placed.amount.promotionDiscount).toBe(discount);
    expect(placed.amount.total).toBe(cart.total);
  });

  it("buy 2 get 1: the cheapest unit is free on the order", async () => {
    const [a, b] = [take(), take()];
    const id = await onlyPromotion({
      name: "Buy 2 get 1",
      kind: "buy_x_get_y",
      buy_qty: 2,
      get_qty: 1,
      scope: "product",
      scope_ids: [a.pid, b.pid],
    });
    const who = guest();
    await addToCart(t, who, a, 2);
    await addToCart(t, who, b, 1);
    const c = await cartOf(who);
    const cheapest = Math.min(a.price, b.price);
    expect(c.promotion).toEqual({
      _id: id,
      name: "Buy 2 get 1",
      kind: "buy_x_get_y",
      discount: cheapest,
    });
    const placed = (await placeOrder(t, who)).json();
    const orders = await ordersOf(placed.masterId);
    expect(orders.reduce((n, o) => n + o.promotion_discount, 0)).toBe(cheapest);
    expect(orders.reduce((n, o) => n + o.total, 0)).toBe(c.total);
  });

  it("the coupon applies after the promotion, on the promoted subtotal", async () => {
    const v = take();
    await onlyPromotion({ name: "10% off", kind: "percentage", value: 10 });
    const code = `PROMO${process.pid}`;
    await db().execute(sql`insert into vouchers (code, kind, value, min_cart_value, per_user_limit)
      values (${code}, 'percent', 10, 0, 1)`);
    const u = await signUp(t);
    const who = bearer(u.token);
    await addToCart(t, who, v, 3);
    const applied = await send(t, "POST", "/api/cart/coupon", who, { code });
    expect(applied.statusCode).toBe(200);
    const c = applied.json();
    const promo = Math.floor((v.price * 3) / 10);
    const coupon = Math.floor(((v.price * 3 - promo) * 10) / 100);
    expect([c.promotionDiscount, c.couponDiscount, c.discount]).toEqual([
      promo,
      coupon,
      promo + coupon,
    ]);
    const placed = (await placeOrder(t, who)).json();
    const [o] = await ordersOf(placed.masterId);
    expect(o).toMatchObject({ discount: promo + coupon, promotion_discount: promo });
    expect(o?.total).toBe(c.total);
  });

  it("a free gift above the threshold ships at price 0, takes stock, and comes back on cancel", async () => {
    const [v, g] = [take(), take()];
    await onlyPromotion({
      name: "Free gift",
      kind: "free_gift",
      min_cart_value: v.price * 2,
      gift_variant_id: g.vid,
    });
    await setStock(t, g.vid, 5);
    const u = await signUp(t);
    const who = bearer(u.token);
    await addToCart(t, who, v, 1);
    expect((await cartOf(who)).promo).toBeNull();
    await addToCart(t, who, v, 1);
    const c = await cartOf(who);
    expect(c.promo).toMatchObject({ name: "Free gift", item: { _id: g.vid, price: 0, qty: 1 } });
    expect(c.qty).toBe(2);
    expect(c.subtotal).toBe(v.price * 2);
    const placed = (await placeOrder(t, who)).json();
    expect(await stockOf(t, g.vid)).toBe(4);
    const items = await q<{ variant_id: string; price: number; qty: number; gift: boolean }>(
      sql`select i.variant_id, i.price, i.qty, i.gift from order_items i
        join orders o on o.id = i.order_id where o.checkout_id = ${placed.masterId}`,
    );
    expect(items).toContainEqual({ variant_id: g.vid, price: 0, qty: 1, gift: true });
    const orders = await ordersOf(placed.masterId);
    expect(orders.reduce((n, o) => n + o.subtotal, 0)).toBe(v.price * 2);
    expect(orders.reduce((n, o) => n + o.qty, 0)).toBe(3);
    expect(orders.some((o) => o.promotion === "Free gift")).toBe(true);
    for (const o of orders) {
      const detail = await send(t, "GET", `/api/orders/my/${o.id}`, who);
      expect(detail.statusCode).toBe(200);
      const cancel = await send(t, "POST", `/api/orders/my/${o.id}/cancel`, who);
      expect(cancel.statusCode).toBe(200);
    }
    expect(await stockOf(t, g.vid)).toBe(5);
  });

  it("a gift out of stock: no gift and no error", async () => {
    const [v, g] = [take(), take()];
    await onlyPromotion({ name: "Gift", kind: "free_gift", gift_variant_id: g.vid });
    await setStock(t, g.vid, 0);
    const who = guest();
    await addToCart(t, who, v, 1);
    expect((await cartOf(who)).promo).toBeNull();
    const res = await placeOrder(t, who);
    expect(res.statusCode).toBe(200);
    const items = await q<{ n: number }>(sql`select count(*)::int as n from order_items i
      join orders o on o.id = i.order_id where o.checkout_id = ${res.json().masterId}`);
    expect(items[0]?.n).toBe(1);
    expect(await stockOf(t, g.vid)).toBe(0);
  });

  it("the last gift unit goes to one of two concurrent checkouts; both are placed", async () => {
    const [v, g] = [take(), take()];
    await onlyPromotion({ name: "Last gift", kind: "free_gift", gift_variant_id: g.vid });
    await setStock(t, g.vid, 1);
    const buyers = [guest(), guest(), guest(), guest()];
    for (const who of buyers) await addToCart(t, who, v, 1);
    const results = await Promise.all(buyers.map((who) => placeOrder(t, who)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const gifts = await q<{ n: number }>(
      sql`select count(*)::int as n from order_items where variant_id = ${g.vid} and gift`,
    );
    expect(gifts[0]?.n).toBe(1);
    expect(await stockOf(t, g.vid)).toBe(0);
  });

  it("a promotion outside its window or inactive does nothing", async () => {
    const v = take();
    const id = await onlyPromotion({ name: "Later", kind: "fixed", value: 100 });
    const who = guest();
    await addToCart(t, who, v, 1);
    expect((await cartOf(who)).promotionDiscount).toBe(Math.min(100, v.price));
    await db().execute(
      sql`update promotions set starts_at = now() + interval '1 hour' where id = ${id}`,
    );
    expect((await cartOf(who)).promotionDiscount).toBe(0);
    await db().execute(
      sql`update promotions set starts_at = null, ends_at = now() - interval '1 second' where id = ${id}`,
    );
    expect((await cartOf(who)).promotion).toBeNull();
    await db().execute(sql`update promotions set ends_at = null, active = false where id = ${id}`);
    expect((await cartOf(who)).promotionDiscount).toBe(0);
  });
});
