import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAME_ORIGIN } from "../../testing/auth-helpers.ts";
import {
  addToCart,
  guest,
  pickVariants,
  setStock,
  stockOf,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { ADDRESS } from "../../testing/order-helpers.ts";

/**
 * Unconfirmed cash-on-delivery orders hold stock for up to COD_CONFIRM_MINUTES and cost an SMS
 * each: limits per phone, per shopper and per IP address, on orders, units and SMS (decision 029).
 */
let t: TestApp;
let v: TestVariant;
beforeAll(async () => {
  t = await createTestApp({
    products: 8,
    env: {
      COD_HOLD_ORDERS: "2",
      COD_HOLD_UNITS: "4",
      COD_HOLD_IP_ORDERS: "3",
      COD_HOLD_IP_UNITS: "6",
      COD_SMS_PER_HOUR: "4",
      COD_SMS_IP_PER_HOUR: "6",
    },
  });
  const [first] = await pickVariants(t, 1);
  if (!first) throw new Error("no variant");
  v = first;
  await setStock(t, v.vid, 1000);
});
afterAll(() => t?.close());

let n = 0;
/** A phone number and an IP address no other test uses. */
const phone = () => `0301${String(1_000_000 + ++n)}`;
const ip = () => `10.0.${Math.floor(++n / 200)}.${n % 200}`;
const intl = (p: string) => `92${p.slice(1)}`;

/** A COD checkout of `who`'s cart to `to`, sent from `from`. */
const place = (who: Record<string, string>, to: string, from: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/orders",
    remoteAddress: from,
    headers: { ...SAME_ORIGIN, ...who },
    payload: { address: { ...ADDRESS, phone: to }, paymentMethod: "COD" },
  });
async function cart(qty = 1) {
  const who = guest();
  const res = await addToCart(t, who, v, qty);
  if (res.statusCode !== 200) throw new Error(res.body);
  return who;
}
/** Confirms an order with the code of the SMS that names it. */
const confirm = async (who: Record<string, string>, id: string, to: string) => {
  await t.app.domains.jobs.drain();
  const { rows } = await t.database.db.execute(
    sql`select d.body from dev_outbox d, orders o where o.id = ${id} and d.channel = 'sms'
      and d.recipient = ${intl(to)} and d.body like '%' || o.order_no || '%'
      order by d.created_at desc limit 1`,
  );
  const code = (rows[0] as { body: string } | undefined)?.body.match(/code (\d{6})/)?.[1] ?? "";
  return t.app.inject({
    method: "POST",
    url: `/api/orders/my/${id}/confirm`,
    headers: { ...SAME_ORIGIN, ...who },
    payload: { code },
  });
};
const FIRST = "Please confirm the orders waiting with the code we sent by SMS, or pay online.";

describe("unconfirmed COD orders", () => {
  it("per phone: of 10 concurrent checkouts to one number (other shoppers, other networks) 2 are placed, 8 get 429; confirming one frees its place", async () => {
    const to = phone();
    const stock = await stockOf(t, v.vid);
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => cart()));
    const results = await Promise.all(shoppers.map((who) => place(who, to, ip())));
    const placed = results.flatMap((r, i) => (r.statusCode === 200 ? [i] : []));
    expect(placed).toHaveLength(2);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(8);
    for (const r of refused)
      expect(r.json()).toMatchObject({
        status: 429,
        message: `This phone number already has 2 cash-on-delivery orders waiting for confirmation. ${FIRST}`,
      });
    expect(await stockOf(t, v.vid)).toBe(stock - 2);
    const [i] = placed as [number];
    const id = results[i]?.json().orders[0]._id;
    expect((await confirm(shoppers[i] as Record<string, string>, id, to)).json().status).toBe(
      "confirmed",
    );
    const next = shoppers.find((_, k) => !placed.includes(k)) as Record<string, string>;
    expect((await place(next, to, ip())).statusCode).toBe(200);
    expect((await place(await cart(), to, ip())).statusCode).toBe(429);
  });

  it("per shopper: units held are capped; the expiry gives them back", async () => {
    const who = await cart(3);
    expect((await place(who, phone(), ip())).statusCode).toBe(200);
    await addToCart(t, who, v, 2);
    const over = await place(who, phone(), ip());
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(
      `Your cash-on-delivery orders waiting for confirmation may hold up to 4 items. ${FIRST}`,
    );
    const orders = t.app.domains.checkout;
    expect(await orders.expireUnconfirmed(new Date(Date.now() + 24 * 3600_000))).toBeGreaterThan(0);
    expect((await place(who, phone(), ip())).statusCode).toBe(200);
  });

  it("per IP: 30 guests ordering to 30 numbers from one address at once get 3 orders and 3 SMS", async () => {
    const from = ip();
    const phones = Array.from({ length: 30 }, () => phone());
    const shoppers = await Promise.all(phones.map(() => cart()));
    const results = await Promise.all(shoppers.map((who, k) => place(who, phones[k] ?? "", from)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(27);
    for (const r of refused)
      expect(r.json().message).toBe(
        `Too many cash-on-delivery orders from your network are waiting for confirmation. ${FIRST}`,
      );
    await t.app.domains.jobs.drain();
    const sms = await t.database.db.execute(
      sql`select count(*)::int as n from dev_outbox where channel = 'sms'
        and recipient = any(${`{${phones.map(intl).join(",")}}`}::text[])`,
    );
    expect((sms.rows[0] as { n: number }).n).toBe(3);
  });

  it("a switch from online payment to COD counts too; cancelling a waiting order frees its place", async () => {
    const to = phone();
    const waiting: { who: Record<string, string>; id: string }[] = [];
    for (let k = 0; k < 2; k++) {
      const who = await cart();
      const res = await place(who, to, ip());
      expect(res.statusCode).toBe(200);
      waiting.push({ who, id: res.json().orders[0]._id });
    }
    const buyer = await cart();
    const online = await t.app.inject({
      method: "POST",
      url: "/api/pay/nift_pay",
      remoteAddress: ip(),
      headers: { ...SAME_ORIGIN, ...buyer },
      payload: { address: { ...ADDRESS, phone: to }, paymentMethod: "NiftPayBank" },
    });
    expect(online.statusCode).toBe(200);
    const [order] = (
      await t.database.db.execute(
        sql`select o.id from orders o where o.guest_id = ${buyer.cookie.slice(6)}`,
      )
    ).rows as { id: string }[];
    const url = `/api/pay/change-payment-method?paymentMethod=COD&rePayId=${order?.id}`;
    const sw = () => t.app.inject({ method: "GET", url, headers: { ...SAME_ORIGIN, ...buyer } });
    const refused = await sw();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      `This phone number already has 2 cash-on-delivery orders waiting for confirmation. ${FIRST}`,
    );
    const first = waiting[0] as { who: Record<string, string>; id: string };
    const cancel = await t.app.inject({
      method: "POST",
      url: `/api/orders/my/${first.id}/cancel`,
      headers: { ...SAME_ORIGIN, ...first.who },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await sw()).statusCode).toBe(200);
  });
});

describe("confirmation SMS", () => {
  it("per phone and hour: the fifth code to one number is refused, for a new order and for a new code", async () => {
    const to = phone();
    let last: { who: Record<string, string>; id: string } | null = null;
    for (let k = 0; k < 4; k++) {
      if (last) await confirm(last.who, last.id, to);
      const who = await cart();
      const res = await place(who, to, ip());
      expect(res.statusCode).toBe(200);
      last = { who, id: res.json().orders[0]._id };
    }
    if (!last) throw new Error("no order");
    const resend = await t.app.inject({
      method: "POST",
      url: `/api/orders/my/${last.id}/resend-code`,
      remoteAddress: ip(),
      headers: { ...SAME_ORIGIN, ...last.who },
    });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().message).toBe(
      "Too many confirmation codes were sent to this phone number. Please try again in an hour, or use the link in the SMS.",
    );
    await confirm(last.who, last.id, to);
    const fifth = await place(await cart(), to, ip());
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({
      status: 429,
      message:
        "Too many confirmation codes were sent to this phone number. Please try again in an hour, or pay online.",
    });
  });
});
