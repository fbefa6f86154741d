import { createPool, type Db } from "@maidan/db/database";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, post, signUp } from "../../testing/auth-helpers.ts";
import { addToCart, guest, pickVariants, send, setStock } from "../../testing/cart-helpers.ts";
import { createCartService } from "./cart.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 12 });
});
afterAll(() => t?.close());

describe("/api/cart", () => {
  it("answers an empty cart with every §3 field for a new visitor", async () => {
    const res = await send(t, "GET", "/api/cart", guest());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      cart_id: null,
      items: [],
      qty: 0,
      subtotal: 0,
      discountedSubtotal: 0,
      oldSubtotal: 0,
      discount: 0,
      total: 0,
      cod: false,
      offer_total: 0,
      offer: null,
      totalTaxByQty: 0,
      couponDiscount: 0,
      promotionDiscount: 0,
      promotion: null,
      coupon: null,
      shippingMethod: null,
      shipping: 0,
      promo: null,
      checkoutWallet: false,
    });
  });

  it("adds by delta, prices from the catalogue and charges default shipping below the threshold", async () => {
    const who = guest();
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 10);
    // A price in the body is not part of the contract and changes nothing.
    const res = await send(t, "POST", "/api/cart/v2/add", who, {
      pid: v.pid,
      vid: v.vid,
      qty: 2,
      price: 1,
      total: 1,
    });
    expect(res.statusCode).toBe(200);
    const { items, cart } = res.json();
    expect(items).toHaveLength(1);
    expect(items[0].product._id).toBe(v.pid);
    expect(items[0].variant._id).toBe(v.vid);
    expect(cart.qty).toBe(2);
    expect(cart.subtotal).toBe(v.price * 2);
    expect(cart.oldSubtotal).toBe(v.mrp * 2);
    expect(cart.offer_total).toBe((v.mrp - v.price) * 2);
    const expectShip = v.price * 2 >= 3000 ? 0 : 200;
    expect(cart.shipping).toBe(expectShip);
    expect(cart.shippingString).toBe(expectShip ? "Rs. 200" : "Free");
    expect(cart.shippingMethod.name).toBe("Standard Delivery");
    expect(cart.total).toBe(v.price * 2 + expectShip);
    expect(cart.cart_id).toMatch(/^[0-9a-f-]{36}$/);

    const more = (await addToCart(t, who, v, 3)).json().cart;
    expect(more.qty).toBe(5);
    const less = (await addToCart(t, who, v, -1)).json().cart;
    expect(less.qty).toBe(4);
    const contains = (
      await send(t, "GET", `/api/cart/contains?pid=${v.pid}&vid=${v.vid}`, who)
    ).json();
    expect(contains).toEqual({ inCart: true, qty: 4 });
    const removed = (await addToCart(t, who, v, -100000)).json().cart;
    expect(removed.items).toEqual([]);
    expect((await send(t, "GET", `/api/cart/contains?pid=${v.pid}`, who)).json().inCart).toBe(
      false,
    );
  });

  it("never lets quantity exceed stock and says how many are left", async () => {
    const who = guest();
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 3);
    expect((await addToCart(t, who, v, 2)).statusCode).toBe(200);
    const over = await addToCart(t, who, v, 2);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe("Only 3 left in stock (you already have 2 in your cart)");
    const set = await send(t, "PUT", `/api/cart/items/${v.vid}`, who, { qty: 4 });
    expect(set.statusCode).toBe(409);
    expect(set.json().message).toBe("Only 3 left in stock");
    expect((await send(t, "PUT", `/api/cart/items/${v.vid}`, who, { qty: 3 })).json().qty).toBe(3);
    await setStock(t, v.vid, 0);
    const gone = await addToCart(t, who, v, 1);
    expect(gone.json().message).toBe("Sorry, this item is out of stock");
    const cart = (await send(t, "GET", "/api/cart", who)).json();
    expect(cart.items[0].available).toBe(false);
  });

  it("loses no tap: concurrent first adds make one cart and count every unit, up to stock", async () => {
    const id = `guest-tap-${Date.now()}`;
    const who = guest(id);
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 8);
    const codes = (
      await Promise.all(Array.from({ length: 10 }, () => addToCart(t, who, v, 1)))
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(8);
    expect(codes.filter((c) => c === 409)).toHaveLength(2);
    const cart = (await send(t, "GET", "/api/cart", who)).json();
    expect(cart.qty).toBe(8);
    const carts = await t.database.pool.query(
      "select count(*)::int as n from carts where guest_id = $1",
      [id],
    );
    expect(carts.rows[0].n).toBe(1);
  });

  it("a refused add writes nothing; a negative delta lowers the line and removes it at 0", async () => {
    const id = `guest-refused-${Date.now()}`;
    const who = guest(id);
    const [v, other] = await pickVariants(t, 2);
    if (!v || !other) throw new Error("no variants");
    const cartsOfGuest = async () =>
      (
        await t.database.pool.query("select count(*)::int as n from carts where guest_id = $1", [
          id,
        ])
      ).rows[0].n;
    const unknown = { ...v, vid: "00000000-0000-4000-8000-000000000000" };
    expect((await addToCart(t, who, unknown, 1)).statusCode).toBe(404);
    // A variant named with another product's id is not that product's.
    expect((await addToCart(t, who, { ...v, pid: other.pid }, 1)).statusCode).toBe(404);
    await setStock(t, v.vid, 0);
    const soldOut = await addToCart(t, who, v, 1);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe("Sorry, this item is out of stock");
    expect(await cartsOfGuest()).toBe(0);

    await setStock(t, v.vid, 5);
    expect((await addToCart(t, who, v, 3)).json().cart.qty).toBe(3);
    expect((await addToCart(t, who, v, -1)).json().cart.qty).toBe(2);
    const gone = (await addToCart(t, who, v, -100000)).json();
    expect(gone.items).toEqual([]);
    expect(await cartsOfGuest()).toBe(1);
  });

  it("prices inside a transaction with a cold cache without asking the pool for another connection", async () => {
    // One connection, held by the transaction: a cache filled through the pool would wait for it.
    const pool = createPool(t.database.url, 1);
    const db = drizzle(pool) as Db;
    const carts = createCartService(db, { cacheTtlMs: 60_000 });
    const who = guest();
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 5);
    const cartId = (await addToCart(t, who, v, 2)).json().cart.cart_id;
    const { rows: methods } = await t.database.pool.query(
      "select id, charge, free_above from shipping_methods",
    );
    try {
      const priced = await db.transaction((tx) => carts.priced(tx, cartId, "Karachi", null));
      expect(priced.qty).toBe(2);
      // Outside a transaction the pool fills the cache; the answer is the same.
      expect((await carts.priced(db, cartId, "Karachi", null)).subtotal).toBe(priced.subtotal);
      // The cold read in the transaction also started filling the cache on the pool, so the
      // next transaction prices from it: a change it has not been told of does not show yet.
      await t.database.pool.query(
        "update shipping_methods set charge = charge + 7, free_above = null",
      );
      const cached = await db.transaction((tx) => carts.priced(tx, cartId, "Karachi", null));
      expect(cached.shipping).toBe(priced.shipping);
      carts.invalidatePricing();
      const fresh = await db.transaction((tx) => carts.priced(tx, cartId, "Karachi", null));
      expect(fresh.shipping).not.toBe(priced.shipping);
    } finally {
      await t.database.pool.query(
        `update shipping_methods s set charge = x.charge, free_above = x.free_above
         from json_to_recordset($1) as x(id uuid, charge int, free_above int) where s.id = x.id`,
        [JSON.stringify(methods)],
      );
      await pool.end();
    }
  });

  it("rejects zero, negative sets, fractions and strings with 400", async () => {
    const who = guest();
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    for (const qty of [0, 1.5, "2", null, 100001]) {
      const res = await send(t, "POST", "/api/cart/v2/add", who, { pid: v.pid, vid: v.vid, qty });
      expect(res.statusCode, `qty ${qty}`).toBe(400);
    }
    for (const qty of [0, -1, 2.5]) {
      const res = await send(t, "PUT", `/api/cart/items/${v.vid}`, who, { qty });
      expect(res.statusCode, `set ${qty}`).toBe(400);
    }
    const wrongProduct = await send(t, "POST", "/api/cart/v2/add", who, {
      pid: "00000000-0000-4000-8000-000000000000",
      vid: v.vid,
      qty: 1,
    });
    expect(wrongProduct.statusCode).toBe(404);
  });

  it("merges the guest cart into the user's cart at login, capped at stock", async () => {
    const [a, b] = await pickVariants(t, 2);
    if (!a || !b) throw new Error("no variants");
    await setStock(t, a.vid, 5);
    await setStock(t, b.vid, 5);
    const user = await signUp(t);
    await addToCart(t, bearer(user.token), a, 4);
    const who = guest();
    await addToCart(t, who, a, 3);
    await addToCart(t, who, b, 1);
    const login = await post(
      t,
      "/api/auth/login",
      { email: user.email, password: user.password },
      who,
    );
    expect(login.statusCode).toBe(200);
    const cart = login.json().cart;
    const qtyOf = (vid: string) => cart.items.find((i: { _id: string }) => i._id === vid)?.qty ?? 0;
    expect(qtyOf(a.vid)).toBe(5);
    expect(qtyOf(b.vid)).toBe(1);
    // The guest cart is gone; the user's cart holds the merge.
    expect((await send(t, "GET", "/api/cart", who)).json().items).toEqual([]);
    expect((await send(t, "GET", "/api/cart", bearer(user.token))).json().qty).toBe(6);
  });

  it("keeps one user's cart invisible to another", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 5);
    const a = await signUp(t);
    const b = await signUp(t);
    await addToCart(t, bearer(a.token), v, 1);
    const bCart = (await send(t, "GET", "/api/cart", bearer(b.token))).json();
    expect(bCart.items).toEqual([]);
    const bRemove = await send(t, "DELETE", `/api/cart/items/${v.vid}`, bearer(b.token));
    expect(bRemove.statusCode).toBe(200);
    expect((await send(t, "GET", "/api/cart", bearer(a.token))).json().qty).toBe(1);
  });

  it("charges by city: express only where it delivers, free above the threshold", async () => {
    const who = guest();
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 50);
    await addToCart(t, who, v, 1);
    const quetta = (await send(t, "GET", "/api/cart/shippings?city=Quetta", who)).json();
    expect(quetta.map((m: { name: string }) => m.name)).toEqual(["Standard Delivery"]);
    const karachi = (await send(t, "GET", "/api/cart/shippings?city=Karachi", who)).json();
    expect(karachi.map((m: { name: string }) => m.name)).toEqual([
      "Standard Delivery",
      "Express Delivery",
      "Same Day Karachi",
    ]);
    const express = karachi[1];
    const bad = await send(t, "PUT", "/api/cart/shipping", who, {
      city: "Quetta",
      methodId: express._id,
    });
    expect(bad.statusCode).toBe(400);
    const ok = (
      await send(t, "PUT", "/api/cart/shipping", who, { city: "Karachi", methodId: express._id })
    ).json();
    expect(ok.shippingMethod.name).toBe("Express Delivery");
    expect(ok.shipping).toBe(450);
    // Standard delivery is free from Rs. 3,000.
    const n = Math.ceil(3000 / v.price);
    await send(t, "PUT", "/api/cart/shipping", who, { city: "Quetta", methodId: null });
    const big = (await send(t, "PUT", `/api/cart/items/${v.vid}`, who, { qty: n })).json();
    expect(big.shippingMethod.name).toBe("Standard Delivery");
    expect(big.shipping).toBe(0);
    expect(big.shippingString).toBe("Free");
  });
});
