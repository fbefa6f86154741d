import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addToCart,
  guest,
  pickVariants,
  setStock,
  stockOf,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { ADDRESS, countOrders, placeOrder } from "../../testing/order-helpers.ts";
import { lockIdOf } from "./place-order.ts";

let t: TestApp;
let v: TestVariant;
beforeAll(async () => {
  t = await createTestApp({ products: 8 });
  const [first] = await pickVariants(t, 1);
  if (!first) throw new Error("no variant");
  v = first;
});
afterAll(() => t?.close());

const ordersOf = (vid: string) =>
  countOrders(t, sql`id in (select order_id from order_items where variant_id = ${vid})`);

/** `n` guests, each with one unit of the variant in their own cart. */
async function buyers(n: number) {
  const list = Array.from({ length: n }, () => guest());
  for (const who of list) {
    const res = await addToCart(t, who, v, 1);
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  return list;
}

describe("the last unit", () => {
  it("50 concurrent buyers of 1 unit → 1 order, 49 clean 409s, stock 0; 20 rounds", async () => {
    await setStock(t, v.vid, 1);
    let list = await buyers(50);
    for (let round = 0; round < 20; round++) {
      await setStock(t, v.vid, 1);
      const before = await ordersOf(v.vid);
      const results = await Promise.all(list.map((who) => placeOrder(t, who)));
      const ok = results.filter((r) => r.statusCode === 200);
      const refused = results.filter((r) => r.statusCode === 409);
      expect(ok, `round ${round}`).toHaveLength(1);
      expect(refused).toHaveLength(49);
      for (const r of refused) expect(r.json().message).toMatch(/is out of stock/);
      expect(await stockOf(t, v.vid)).toBe(0);
      expect(await ordersOf(v.vid)).toBe(before + 1);
      // The winner's cart is gone; a fresh buyer takes their place for the next round.
      const winner = list[results.indexOf(ok[0] as (typeof results)[number])];
      await setStock(t, v.vid, 1);
      const [fresh] = await buyers(1);
      list = list.map((who) => (who === winner && fresh ? fresh : who));
    }
  });

  it("stock K with more than K buyers → exactly K orders", async () => {
    await setStock(t, v.vid, 1);
    const list = await buyers(30);
    await setStock(t, v.vid, 7);
    const before = await ordersOf(v.vid);
    const results = await Promise.all(list.map((who) => placeOrder(t, who)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(7);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(23);
    expect(await stockOf(t, v.vid)).toBe(0);
    expect(await ordersOf(v.vid)).toBe(before + 7);
  });
});

describe("idempotent place-order", () => {
  it("10 concurrent calls for one cart → 1 order; the others replay it or answer 409", async () => {
    await setStock(t, v.vid, 100);
    const who = guest();
    const guestId = who.cookie.slice("guest=".length);
    await addToCart(t, who, v, 2);
    const results = await Promise.all(Array.from({ length: 10 }, () => placeOrder(t, who)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(new Set(ok.map((r) => r.json().masterId)).size).toBe(1);
    expect(await countOrders(t, sql`guest_id = ${guestId}`)).toBe(1);
    // A later retry (the cart is gone now) still answers the first result.
    const retry = await placeOrder(t, who);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().masterId).toBe(ok[0]?.json().masterId);
    expect(await stockOf(t, v.vid)).toBe(98);
  });

  it("10 concurrent calls with one Idempotency-Key → 1 order; another body with it → 422", async () => {
    await setStock(t, v.vid, 100);
    const who = guest();
    const guestId = who.cookie.slice("guest=".length);
    await addToCart(t, who, v, 1);
    const key = { ...who, "idempotency-key": "checkout-key-0001" };
    const results = await Promise.all(Array.from({ length: 10 }, () => placeOrder(t, key)));
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await countOrders(t, sql`guest_id = ${guestId}`)).toBe(1);
    const other = await placeOrder(t, key, {
      address: { ...ADDRESS, city: "Hyderabad" },
      paymentMethod: "COD",
    });
    expect(other.statusCode).toBe(422);
    const same = await placeOrder(t, key);
    expect(same.statusCode).toBe(200);
  });

  it("answers 409 while the first request with the key is still in flight", async () => {
    await setStock(t, v.vid, 100);
    const who = guest();
    const guestId = who.cookie.slice("guest=".length);
    await addToCart(t, who, v, 1);
    // Hold the key's lock from another session, as a running first request would.
    const client = new pg.Client({ connectionString: t.database.url });
    await client.connect();
    try {
      const id = lockIdOf(`k:g:${guestId}:inflight-key-1`);
      await client.query("select pg_advisory_lock($1::bigint)", [id.toString()]);
      const res = await placeOrder(t, { ...who, "idempotency-key": "inflight-key-1" });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/already being placed/);
      await client.query("select pg_advisory_unlock($1::bigint)", [id.toString()]);
      const after = await placeOrder(t, { ...who, "idempotency-key": "inflight-key-1" });
      expect(after.statusCode).toBe(200);
    } finally {
      await client.end();
    }
  });
});
