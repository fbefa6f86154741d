import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { bearer, post, signUp } from "../auth/auth-test-helpers.ts";
import {
  addToCart,
  guest,
  pickVariants,
  send,
  setStock,
  stockOf,
} from "../cart/cart-test-helpers.ts";
import { ADDRESS, buy, lastSms, placeOrder } from "./order-test-helpers.ts";
import type { OrdersServiceImpl } from "./orders.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 30 });
});
afterAll(() => t?.close());

const PHONE = "923001234567";

describe("POST /api/orders", () => {
  it("splits a cart spanning vendors into one order per vendor, with server amounts", async () => {
    const [a, b] = await pickVariants(t, 2, { distinctVendors: true });
    if (!a || !b) throw new Error("need two vendors");
    await setStock(t, a.vid, 10);
    await setStock(t, b.vid, 10);
    const who = guest();
    await addToCart(t, who, a, 1);
    await addToCart(t, who, b, 2);
    const cart = (await send(t, "GET", "/api/cart", who)).json();
    // Tampering: prices, totals, discounts, shipping and currency from the client are ignored.
    const res = await placeOrder(t, who, {
      address: { ...ADDRESS, email: "ayesha@example.com" },
      paymentMethod: "COD",
      price: 1,
      total: 1,
      discount: 99999,
      shipping: 0,
      currency: "USD",
      amount: { total: 1 },
      items: [{ vid: a.vid, price: 1 }],
    });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.orders).toHaveLength(2);
    expect(r.amount.total).toBe(cart.total);
    expect(r.amount.subtotal).toBe(a.price + 2 * b.price);
    expect(r.amount.currency).toBe("PKR");
    expect(r.orders.map((o: { amount: { shipping: number } }) => o.amount.shipping)).toEqual([
      cart.shipping,
      0,
    ]);
    for (const o of r.orders) {
      expect(o.orderNo).toMatch(/^MD-\d{6,}$/);
      expect(o.status).toBe("pending_confirmation");
    }
    expect(await stockOf(t, a.vid)).toBe(9);
    expect(await stockOf(t, b.vid)).toBe(8);
    expect((await send(t, "GET", "/api/cart", who)).json().items).toEqual([]);
    // Confirmation SMS and e-mail went through the outbox.
    expect(await lastSms(t, PHONE)).toMatch(/code \d{6}/);
    const mail = await t.database.db.execute(
      sql`select subject from dev_outbox where channel = 'email' and recipient = 'ayesha@example.com'`,
    );
    expect(mail.rows.length).toBeGreaterThan(0);
  });

  it("refuses an empty cart, online methods and Stripe with the spec's message", async () => {
    const who = guest();
    expect((await placeOrder(t, who)).statusCode).toBe(400);
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 5);
    await addToCart(t, who, v, 1);
    const stripe = await placeOrder(t, who, { address: ADDRESS, paymentMethod: "Stripe" });
    expect(stripe.json().message).toBe("Stripe not implemented yet. Proceed with COD");
    const bad = await placeOrder(t, who, { address: { ...ADDRESS, city: "Lahore" } });
    expect(bad.statusCode).toBe(400);
    const outOfStock = await setStock(t, v.vid, 0).then(() => placeOrder(t, who));
    expect(outOfStock.statusCode).toBe(409);
    expect(await stockOf(t, v.vid)).toBe(0);
  });
});

describe("confirmation, cancel and expiry", () => {
  it("confirms by SMS code (wrong code refused), then cancels with stock back", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 4);
    const user = await signUp(t);
    const r = await buy(t, bearer(user.token), v, 2);
    const id = r.orders[0]._id;
    const code = (await lastSms(t, PHONE)).match(/code (\d{6})/)?.[1] ?? "";
    const wrong = code === "000000" ? "111111" : "000000";
    const url = `/api/orders/my/${id}/confirm`;
    expect((await send(t, "POST", url, bearer(user.token), { code: wrong })).statusCode).toBe(400);
    const ok = await send(t, "POST", url, bearer(user.token), { code });
    expect(ok.json().status).toBe("confirmed");
    expect(ok.json().history.map((h: { status: string }) => h.status)).toEqual([
      "placed",
      "pending_confirmation",
      "confirmed",
    ]);
    expect(await stockOf(t, v.vid)).toBe(2);
    const list = (await send(t, "GET", "/api/orders/my", bearer(user.token))).json();
    expect(list.map((o: { _id: string }) => o._id)).toEqual([id]);
    const cancel = await send(t, "POST", `/api/orders/my/${id}/cancel`, bearer(user.token));
    expect(cancel.json().status).toBe("cancelled");
    expect(await stockOf(t, v.vid)).toBe(4);
    const again = await send(t, "POST", `/api/orders/my/${id}/cancel`, bearer(user.token));
    expect(again.statusCode).toBe(409);
    expect(await stockOf(t, v.vid)).toBe(4);
  });

  it("confirms by the signed link; a forged link is refused", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 3);
    const who = guest();
    const r = await buy(t, who, v);
    const link = (await lastSms(t, PHONE)).match(/tap (\S+)/)?.[1] ?? "";
    const u = new URL(link);
    expect(u.pathname).toBe("/api/orders/confirm-link");
    const page = await send(t, "GET", `${u.pathname}${u.search}`, {});
    expect(page.body).toContain("Confirm my order");
    const c = u.searchParams.get("c");
    const forged = await send(
      t,
      "POST",
      "/api/orders/confirm-link",
      {},
      { c, sig: "x".repeat(43) },
    );
    expect(forged.statusCode).toBe(404);
    const ok = await send(
      t,
      "POST",
      "/api/orders/confirm-link",
      {},
      { c, sig: u.searchParams.get("sig") },
    );
    expect(ok.json()).toEqual({ ids: [r.orders[0]._id], total: r.amount.total });
    expect((await send(t, "GET", `/api/orders/my/${r.orders[0]._id}`, who)).json().status).toBe(
      "confirmed",
    );
  });

  it("cancels unconfirmed COD orders after their deadline and releases the stock", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 2);
    const who = guest();
    const r = await buy(t, who, v, 2);
    expect(await stockOf(t, v.vid)).toBe(0);
    const orders = t.app.services.orders as OrdersServiceImpl;
    expect(await orders.expireUnconfirmed(new Date())).toBe(0);
    expect(
      await orders.expireUnconfirmed(new Date(Date.now() + 121 * 60_000)),
    ).toBeGreaterThanOrEqual(1);
    const d = (await send(t, "GET", `/api/orders/my/${r.orders[0]._id}`, who)).json();
    expect(d.status).toBe("cancelled");
    expect(d.cancelReason).toBe("Not confirmed in time");
    expect(await stockOf(t, v.vid)).toBe(2);
  });
});

describe("change-payment-method", () => {
  it("moves an order whose online payment failed to COD: response {_id, amount.total}", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 3);
    const user = await signUp(t);
    const r = await buy(t, bearer(user.token), v);
    const id = r.orders[0]._id;
    const url = `/api/pay/change-payment-method?paymentMethod=COD&rePayId=${id}`;
    expect((await send(t, "GET", url, bearer(user.token))).statusCode).toBe(409);
    // What the payments module does when a gateway payment fails.
    await t.database.db.execute(
      sql`update orders set status = 'awaiting_payment', payment_method = 'HBL', payment_status = 'failed' where id = ${id}`,
    );
    const waiting = (
      await send(t, "GET", "/api/orders/awaiting-payment", bearer(user.token))
    ).json();
    expect(waiting.map((o: { _id: string }) => o._id)).toEqual([id]);
    const res = (await send(t, "GET", url, bearer(user.token))).json();
    expect(res).toMatchObject({
      status: true,
      response: { _id: id, amount: { total: r.amount.total } },
    });
    const d = (await send(t, "GET", `/api/orders/my/${id}`, bearer(user.token))).json();
    expect(d.status).toBe("pending_confirmation");
    expect(d.payment).toEqual({ method: "COD", status: "pending" });
  });
});

describe("object access (IDOR)", () => {
  it("user B gets 404 for user A's order, its cancel, confirm, repayment and A's address", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 3);
    const a = await signUp(t);
    const b = await signUp(t);
    const r = await buy(t, bearer(a.token), v);
    const id = r.orders[0]._id;
    const addr = (await post(t, "/api/addresses", ADDRESS, bearer(a.token))).json();
    for (const who of [bearer(b.token), guest()]) {
      expect((await send(t, "GET", `/api/orders/my/${id}`, who)).statusCode).toBe(404);
      expect((await send(t, "POST", `/api/orders/my/${id}/cancel`, who)).statusCode).toBe(404);
      expect(
        (await send(t, "POST", `/api/orders/my/${id}/confirm`, who, { code: "123456" })).statusCode,
      ).toBe(404);
      expect(
        (
          await send(
            t,
            "GET",
            `/api/pay/change-payment-method?paymentMethod=COD&rePayId=${id}`,
            who,
          )
        ).statusCode,
      ).toBe(404);
    }
    expect((await send(t, "GET", `/api/addresses/${addr._id}`, bearer(b.token))).statusCode).toBe(
      404,
    );
    // Nor can B order to A's saved address.
    await addToCart(t, bearer(b.token), v, 1);
    const steal = await placeOrder(t, bearer(b.token), { address: addr._id, paymentMethod: "COD" });
    expect(steal.statusCode).toBe(404);
    expect((await send(t, "GET", "/api/orders/my", bearer(b.token))).json()).toEqual([]);
    expect((await send(t, "GET", `/api/orders/my/${id}`, bearer(a.token))).statusCode).toBe(200);
  });
});
