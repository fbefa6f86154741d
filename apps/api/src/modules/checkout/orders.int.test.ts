import { DEMO_TAX } from "@maidan/db/seed/tax";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, post, sameOrigin, signUp } from "../../testing/auth-helpers.ts";
import {
  addToCart,
  guest,
  pickVariants,
  send,
  setStock,
  stockOf,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { ADDRESS, buy, countOrders, lastSms, placeOrder } from "../../testing/order-helpers.ts";

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

describe("cash on delivery limit and the order e-mail", () => {
  it("refuses COD above Rs. 100,000 and keeps the cart and stock; below it places the order", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 5);
    await t.database.db.execute(
      sql`update variants set price = 60000, mrp = 60000 where id = ${v.vid}`,
    );
    try {
      const who = guest();
      const guestId = who.cookie.slice("guest=".length);
      await addToCart(t, who, v, 2);
      const cart = (await send(t, "GET", "/api/cart", who)).json();
      expect(cart.cod).toBe(false);
      const refused = await placeOrder(t, who);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        "Cash on delivery is available for orders up to Rs. 100,000. Please pay online for this order.",
      );
      expect(await stockOf(t, v.vid)).toBe(5);
      expect((await send(t, "GET", "/api/cart", who)).json().qty).toBe(2);
      expect(await countOrders(t, sql`guest_id = ${guestId}`)).toBe(0);
      await addToCart(t, who, v, -1);
      const placed = await placeOrder(t, who);
      expect(placed.statusCode).toBe(200);
      expect(await stockOf(t, v.vid)).toBe(4);
      const id = placed.json().orders[0]._id;
      expect((await send(t, "POST", `/api/orders/my/${id}/cancel`, who)).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(
        sql`update variants set price = ${v.price}, mrp = ${v.mrp} where id = ${v.vid}`,
      );
    }
  });

  it("e-mails a signed-in shopper's confirmation to their account's address", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 5);
    const a = await signUp(t);
    const saved = (await post(t, "/api/addresses", ADDRESS, bearer(a.token))).json();
    await addToCart(t, bearer(a.token), v, 1);
    const res = await placeOrder(t, bearer(a.token), { address: saved._id, paymentMethod: "COD" });
    expect(res.statusCode).toBe(200);
    await t.app.domains.jobs.drain();
    const mail = await t.database.db.execute(
      sql`select subject from dev_outbox where channel = 'email' and recipient = ${a.email}
        and subject like ${`%${res.json().orders[0].orderNo}%`}`,
    );
    expect(mail.rows).toHaveLength(1);
    const id = res.json().orders[0]._id;
    const cancel = await send(t, "POST", `/api/orders/my/${id}/cancel`, bearer(a.token));
    expect(cancel.statusCode).toBe(200);
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

  it("sends a new code on request: the old one stops working, one a minute, three per order", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 4);
    const who = guest();
    const r = await buy(t, who, v, 1);
    const id = r.orders[0]._id;
    const codeIn = (sms: string) => sms.match(/(?:code|is) (\d{6})/)?.[1] ?? "";
    const first = codeIn(await lastSms(t, PHONE));
    const resend = () => send(t, "POST", `/api/orders/my/${id}/resend-code`, who);

    // Another shopper cannot ask for this order's code.
    expect((await send(t, "POST", `/api/orders/my/${id}/resend-code`, guest())).statusCode).toBe(
      404,
    );
    const res = await resend();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: "A new code is on its way by SMS." });
    const sms = await lastSms(t, PHONE);
    expect(sms).toMatch(
      new RegExp(`your new code for order ${r.orders[0].orderNo} is \\d{6}, or tap http`),
    );
    const second = codeIn(sms);
    expect((await resend()).statusCode).toBe(429);

    // Two more after the minute's wait, then no more.
    for (let n = 0; n < 2; n++) {
      await t.kv.del(`cod-resend:gap:${r.masterId}`);
      expect((await resend()).statusCode).toBe(200);
    }
    await t.kv.del(`cod-resend:gap:${r.masterId}`);
    const over = await resend();
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/No more new codes/);

    // Only the newest code confirms.
    const newest = codeIn(await lastSms(t, PHONE));
    const url = `/api/orders/my/${id}/confirm`;
    for (const old of [first, second].filter((c) => c !== newest))
      expect((await send(t, "POST", url, who, { code: old })).statusCode).toBe(400);
    expect((await send(t, "POST", url, who, { code: newest })).json().status).toBe("confirmed");
    expect((await resend()).statusCode).toBe(409);
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

  it("the link's page names the order and amount, confirms only by its button, and says so afterwards in any browser", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 3);
    const who = guest();
    const r = await buy(t, who, v);
    const link = new URL((await lastSms(t, PHONE)).match(/tap (\S+)/)?.[1] ?? "");
    const path = `${link.pathname}${link.search}`;
    const orderNo = r.orders[0].orderNo as string;
    const amount = `Rs. ${r.amount.total.toLocaleString("en-US")}`;

    // Opened on the phone, which has no session: the shop, the order, the amount, one button.
    const before = await t.app.inject({ method: "GET", url: path });
    expect(before.statusCode).toBe(200);
    expect(before.headers["cache-control"]).toBe("no-store");
    expect(before.headers["referrer-policy"]).toBe("same-origin");
    expect(before.body).toContain('aria-label="Maidan home"');
    expect(before.body).toContain(`Order ${orderNo}`);
    expect(before.body).toContain(amount);
    expect(before.body).toContain("Confirm my order");
    expect(before.body).not.toMatch(/<script|<img|https?:\/\/(?!www\.w3\.org)/);
    // Opening it (a link preview, a scanner) confirmed nothing.
    await t.app.inject({ method: "GET", url: path });
    expect((await send(t, "GET", `/api/orders/my/${r.orders[0]._id}`, who)).json().status).toBe(
      "pending_confirmation",
    );

    // The button: a form post, answered with the same page, now saying it worked.
    const press = () =>
      t.app.inject({
        method: "POST",
        url: "/api/orders/confirm-link",
        headers: { ...sameOrigin(t), "content-type": "application/x-www-form-urlencoded" },
        payload: link.search.slice(1),
      });
    const pressed = await press();
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe(path);
    const after = await t.app.inject({ method: "GET", url: path });
    expect(after.body).toContain(`Order ${orderNo} is confirmed`);
    expect(after.body).toContain(amount);
    expect(after.body).not.toContain("Confirm my order");
    expect((await send(t, "GET", `/api/orders/my/${r.orders[0]._id}`, who)).json().status).toBe(
      "confirmed",
    );
    // Pressed again (a second tap, a reload): the same page, nothing else.
    expect((await press()).headers.location).toBe(path);

    // A forged or cut-off link: a page that says so, with a 404 and no order in it.
    const c = link.searchParams.get("c") ?? "";
    for (const bad of [
      `/api/orders/confirm-link?c=${c}&sig=${"x".repeat(43)}`,
      `/api/orders/confirm-link?c=${c}`,
      "/api/orders/confirm-link",
    ]) {
      const res = await t.app.inject({ method: "GET", url: bad });
      expect(res.statusCode, bad).toBe(404);
      expect(res.body, bad).toContain("This link is not valid");
      expect(res.body, bad).not.toContain(orderNo);
    }
  });

  it("cancels unconfirmed COD orders after their deadline and releases the stock", async () => {
    // A variant no earlier test ordered: the expiry cancels every overdue order in the database,
    // and the stock checked here must move with this test's order alone.
    const { rows } = await t.database.db.execute(sql`
      select v.id as vid, p.id as pid, v.price, v.mrp, v.stock from variants v
      join products p on p.id = v.product_id
      where v.active and p.active
        and not exists (select 1 from order_items i where i.variant_id = v.id)
      order by v.id limit 1`);
    const v = rows[0] as TestVariant | undefined;
    if (!v) throw new Error("no variant left that no order holds");
    await setStock(t, v.vid, 2);
    const who = guest();
    const r = await buy(t, who, v, 2);
    expect(await stockOf(t, v.vid)).toBe(0);
    const orders = t.app.domains.checkout;
    expect(await orders.expireUnconfirmed(new Date())).toBe(0);
    const later = new Date(Date.now() + 121 * 60_000);
    const overdue = await countOrders(
      t,
      sql`status = 'pending_confirmation' and confirm_by < ${later}`,
    );
    expect(await orders.expireUnconfirmed(later)).toBe(overdue);
    const d = (await send(t, "GET", `/api/orders/my/${r.orders[0]._id}`, who)).json();
    expect(d.status).toBe("cancelled");
    expect(d.cancelReason).toBe("Not confirmed in time");
    expect(await stockOf(t, v.vid)).toBe(2);
    expect(
      await countOrders(t, sql`status = 'pending_confirmation' and confirm_by < ${later}`),
    ).toBe(0);
  });
});

describe("change-payment-method", () => {
  it("refuses cash on delivery for a waiting order above Rs. 100,000; nothing changes", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 3);
    const user = await signUp(t);
    const id = (await buy(t, bearer(user.token), v)).orders[0]._id;
    // An online order that failed, for more than cash on delivery may carry.
    await t.database.db.execute(
      sql`update orders set status = 'awaiting_payment', payment_method = 'HBL', payment_status = 'failed', total = 150000 where id = ${id}`,
    );
    const url = `/api/pay/change-payment-method?paymentMethod=COD&rePayId=${id}`;
    const res = await send(t, "GET", url, bearer(user.token));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /^Cash on delivery is available for orders up to Rs\. 100,000/,
    );
    const d = (await send(t, "GET", `/api/orders/my/${id}`, bearer(user.token))).json();
    expect(d.status).toBe("awaiting_payment");
    expect(d.payment.method).toBe("HBL");
  });

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

describe("sales tax inside prices (issue #5: per category, shown as settings say)", () => {
  it("a line of the seeded taxed category carries its tax in the cart and on the order; totals are unchanged", async () => {
    const { rows } = await t.database.db.execute(sql`
      select v.id as vid, p.id as pid, v.price, tr.rate_bp from variants v
      join products p on p.id = v.product_id join categories c on c.id = p.category_id
      join category_tax_rates tr on tr.category_id = c.id
      where c.slug = ${DEMO_TAX.category} and v.active and p.active order by v.id limit 1`);
    const taxed = rows[0] as { vid: string; pid: string; price: number; rate_bp: number };
    if (!taxed) throw new Error("the seed has no product in the taxed category");
    expect(taxed.rate_bp).toBe(DEMO_TAX.rateBp);
    // A sellable variant of another category (earlier tests in this file sell some out).
    const plain = (
      await t.database.db.execute(sql`
        select v.id as vid, p.id as pid from variants v join products p on p.id = v.product_id
        where v.active and p.active and v.stock > 0
          and p.category_id <> (select category_id from products where id = ${taxed.pid})
        order by v.id limit 1`)
    ).rows[0] as { vid: string; pid: string } | undefined;
    if (!plain) throw new Error("no variant outside the taxed category");
    await t.database.db.execute(
      sql`delete from category_tax_rates where category_id = (select category_id from products where id = ${plain.pid})`,
    );
    await setStock(t, taxed.vid, 5);
    await setStock(t, plain.vid, 5);
    const who = guest();
    await addToCart(t, who, taxed, 2);
    await addToCart(t, who, plain, 1);
    // 18% inside a tax-inclusive price: price × 1800 / 11800, to the rupee.
    const tax = Math.round((taxed.price * 2 * 1800) / 11800);
    expect(tax).toBeGreaterThan(0);
    const cart = (await send(t, "GET", "/api/cart", who)).json();
    const line = (vid: string) => cart.items.find((i: { _id: string }) => i._id === vid);
    expect(line(taxed.vid).tax).toBe(tax);
    expect(line(plain.vid).tax).toBe(0);
    expect(cart.totalTaxByQty).toBe(tax);
    expect(cart.total).toBe(cart.subtotal + cart.shipping);

    const r = (await placeOrder(t, who)).json();
    expect(r.amount.tax).toBe(tax);
    expect(r.amount.total).toBe(cart.total);
    const ids = r.orders.map((o: { _id: string }) => sql`${o._id}`);
    const items = (
      await t.database.db.execute(
        sql`select variant_id, tax from order_items where order_id in (${sql.join(ids, sql`, `)})`,
      )
    ).rows as { variant_id: string; tax: number }[];
    expect(items.find((i) => i.variant_id === taxed.vid)?.tax).toBe(tax);
    expect(items.find((i) => i.variant_id === plain.vid)?.tax).toBe(0);
    const detail = (await send(t, "GET", `/api/orders/my/${r.orders[0]._id}`, who)).json();
    expect(detail.amount.tax).toBe(
      items
        .filter((i) =>
          detail.items.some((d: { variantId: string }) => d.variantId === i.variant_id),
        )
        .reduce((n, i) => n + i.tax, 0),
    );
  });
});

describe("COD_CONFIRMATION=false", () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ products: 12, env: { COD_CONFIRMATION: "false" } });
  });
  afterAll(() => off?.close());

  it("places a cash-on-delivery order at once: status placed, no code to confirm, no code SMS", async () => {
    const [v] = await pickVariants(off, 1);
    if (!v) throw new Error("no variant");
    await setStock(off, v.vid, 3);
    const who = guest();
    await addToCart(off, who, v, 1);
    const res = await placeOrder(off, who, {
      address: { ...ADDRESS, phone: "03007654321" },
      paymentMethod: "COD",
    });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.confirmationRequired).toBe(false);
    expect(r.confirmBy).toBeNull();
    expect(r.orders.map((o: { status: string }) => o.status)).toEqual(["placed"]);
    expect(await stockOf(off, v.vid)).toBe(2);
    expect(await lastSms(off, "923007654321")).not.toMatch(/code \d{6}/);
    const detail = (await send(off, "GET", `/api/orders/my/${r.orders[0]._id}`, who)).json();
    expect(detail).toMatchObject({ status: "placed", confirmBy: null });
  });
});
