import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, get, signUp } from "../../testing/auth-helpers.ts";
import {
  addToCart,
  pickVariants,
  send,
  setStock,
  stockOf,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { placeOrder } from "../../testing/order-helpers.ts";
import { everyRole } from "../../testing/staff-helpers.ts";

/** Freebie claims (decision 057): the claim, its unit held, the Rs. 0 line, owners and staff. */
let t: TestApp;
let free: TestVariant;
let paid: TestVariant;
beforeAll(async () => {
  t = await createTestApp({ products: 20 });
  const [a, b] = await pickVariants(t, 2);
  if (!a || !b) throw new Error("no variants");
  free = a;
  paid = b;
  await setStock(t, paid.vid, 1000);
});
afterAll(() => t?.close());

let n = 0;
/** A live campaign giving `v` away (any variant of its product unless `named`). */
async function campaign(v: TestVariant, min = 0, opts: { first?: boolean; named?: boolean } = {}) {
  const slug = `claim-test-${++n}`;
  const [row] = (
    await t.database.db.execute(sql`insert into freebies (slug, title, min_order_value,
      first_order_only) values (${slug}, ${`Claim test ${n}`}, ${min}, ${opts.first ?? false})
      returning id`)
  ).rows as { id: string }[];
  if (!row) throw new Error("insert failed");
  await t.database.db.execute(sql`insert into freebie_items (freebie_id, product_id, variant_id)
    values (${row.id}, ${v.pid}, ${opts.named ? v.vid : null})`);
  return { id: row.id, slug };
}
const shopper = async () => bearer((await signUp(t)).token);
const claim = (who: Record<string, string>, slug: string, v: TestVariant) =>
  send(t, "POST", `/api/freebies/${slug}/claim`, who, { productId: v.pid, variantId: v.vid });
const claimRows = async (freebieSlug: string) =>
  (
    await t.database.db.execute(sql`select c.status, c.order_id from freebie_claims c
      join freebies f on f.id = c.freebie_id where f.slug = ${freebieSlug}`)
  ).rows as { status: string; order_id: string | null }[];

describe("POST /api/freebies/:id/claim", () => {
  it("claims the picked variant for a shopper who meets the terms: its unit is taken at once", async () => {
    await setStock(t, free.vid, 5);
    const f = await campaign(free);
    const me = await shopper();
    const res = await claim(me, f.slug, free);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: "claimed",
      freebie: { slug: f.slug },
      product: { _id: free.pid, variantId: free.vid },
      order: null,
      cancellable: true,
    });
    expect(await stockOf(t, free.vid)).toBe(4);
    // The campaign page tells the shopper they hold it.
    const page = await get(t, `/api/freebies/${f.slug}`, me);
    expect(page.json().viewer.claim).toEqual({ _id: res.json()._id, state: "claimed" });
    // One per campaign per shopper.
    const again = await claim(me, f.slug, free);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      status: 409,
      message: "You have already claimed this freebie",
    });
    expect(await stockOf(t, free.vid)).toBe(4);
  });

  it("refuses what the terms, the offer or the input do not allow, with {message, status}", async () => {
    await setStock(t, free.vid, 5);
    const f = await campaign(free, paid.price * 3);
    const me = await shopper();
    const short = await claim(me, f.slug, free);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/^Add Rs\. [\d,]+ more to your cart/);
    await addToCart(t, me, paid, 3);
    // Not offered by this campaign: another product's variant.
    const other = await claim(me, f.slug, paid);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe("That product is not offered by this freebie");
    for (const body of [{}, { productId: "x", variantId: free.vid }, { productId: free.pid }]) {
      const bad = await send(t, "POST", `/api/freebies/${f.slug}/claim`, me, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json()).toMatchObject({ status: 400, message: expect.any(String) });
    }
    expect((await claim({}, f.slug, free)).statusCode).toBe(401);
    expect((await claim(me, "no-such-freebie", free)).statusCode).toBe(404);
    // A first-order campaign, once the shopper has ordered.
    expect((await placeOrder(t, me)).statusCode).toBe(200);
    const first = await campaign(free, 0, { first: true });
    const late = await claim(me, first.slug, free);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe("This freebie is for a first order only");
    expect(await stockOf(t, free.vid)).toBe(5);
    expect(await claimRows(f.slug)).toEqual([]);
  });

  it("20 shoppers claiming the last unit at once: one claim, stock never below zero", async () => {
    await setStock(t, free.vid, 1);
    const f = await campaign(free, 0, { named: true });
    const shoppers = await Promise.all(Array.from({ length: 20 }, shopper));
    const answers = await Promise.all(shoppers.map((who) => claim(who, f.slug, free)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(answers.find((r) => r.statusCode === 409)?.json().message).toBe(
      "Sorry, this free product has run out.",
    );
    expect(await stockOf(t, free.vid)).toBe(0);
    expect(await claimRows(f.slug)).toHaveLength(1);
  });

  it("one shopper claiming ten times at once holds one claim and one unit", async () => {
    await setStock(t, free.vid, 20);
    const f = await campaign(free);
    const me = await shopper();
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(me, f.slug, free)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await stockOf(t, free.vid)).toBe(19);
    expect(await claimRows(f.slug)).toHaveLength(1);
  });
});

describe("the next order", () => {
  it("carries the claim as a Rs. 0 line with the totals of the paid lines exactly", async () => {
    await setStock(t, free.vid, 10);
    const f = await campaign(free, paid.price);
    const me = await shopper();
    expect((await addToCart(t, me, paid, 2)).statusCode).toBe(200);
    const claimed = (await claim(me, f.slug, free)).json();
    const cart = (await get(t, "/api/cart", me)).json();
    const placed = await placeOrder(t, me);
    expect(placed.statusCode, placed.body).toBe(200);
    const { orders, amount } = placed.json();
    // The freebie adds a unit, never money: the totals are the cart's.
    expect(amount).toMatchObject({
      subtotal: cart.subtotal,
      shipping: cart.shipping,
      total: cart.total,
      qty: 3,
    });
    const lines = orders.flatMap((o: { _id: string }) => [o._id]);
    const details = await Promise.all(
      lines.map((id: string) => get(t, `/api/orders/my/${id}`, me).then((r) => r.json())),
    );
    const items = details.flatMap((d) => d.items);
    const freeLine = items.find((i: { variantId: string }) => i.variantId === free.vid);
    expect(freeLine).toMatchObject({ price: 0, total: 0, qty: 1, gift: false });
    expect(items.reduce((s: number, i: { total: number }) => s + i.total, 0)).toBe(paid.price * 2);
    // Its unit was taken when claimed, not again.
    expect(await stockOf(t, free.vid)).toBe(9);
    const now = (await get(t, `/api/freebies/my/${claimed._id}`, me)).json();
    const order = details.find((d) => d.items.includes(freeLine));
    expect(now).toMatchObject({
      state: "ordered",
      order: { _id: order._id, orderNo: order.orderNo },
      cancellable: true,
    });
  });

  it("an order below the minimum is placed without it and the claim stays open", async () => {
    await setStock(t, free.vid, 10);
    const f = await campaign(free, paid.price * 2);
    const me = await shopper();
    expect((await addToCart(t, me, paid, 2)).statusCode).toBe(200);
    const claimed = (await claim(me, f.slug, free)).json();
    expect((await send(t, "PUT", `/api/cart/items/${paid.vid}`, me, { qty: 1 })).statusCode).toBe(
      200,
    );
    const placed = await placeOrder(t, me);
    expect(placed.statusCode).toBe(200);
    expect(placed.json().amount).toMatchObject({ subtotal: paid.price, qty: 1 });
    const still = (await get(t, `/api/freebies/my/${claimed._id}`, me)).json();
    expect(still).toMatchObject({ state: "claimed", order: null });
    expect(await stockOf(t, free.vid)).toBe(9);
    // The next order that meets the minimum takes it.
    expect((await addToCart(t, me, paid, 2)).statusCode).toBe(200);
    const next = await placeOrder(t, me);
    expect(next.json().amount.qty).toBe(3);
    expect((await get(t, `/api/freebies/my/${claimed._id}`, me)).json().state).toBe("ordered");
  });

  it("cancelling the order cancels the claim, its unit back; the shopper may claim again", async () => {
    await setStock(t, free.vid, 10);
    const f = await campaign(free);
    const me = await shopper();
    const claimed = (await claim(me, f.slug, free)).json();
    expect((await addToCart(t, me, paid, 1)).statusCode).toBe(200);
    const orderId = (await placeOrder(t, me)).json().orders[0]._id;
    expect(await stockOf(t, free.vid)).toBe(9);
    const cancel = await send(t, "POST", `/api/orders/my/${orderId}/cancel`, me);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(t, free.vid)).toBe(10);
    const after = (await get(t, `/api/freebies/my/${claimed._id}`, me)).json();
    expect(after).toMatchObject({
      state: "cancelled",
      cancelReason: "Its order was cancelled",
      cancellable: false,
    });
    expect((await claim(me, f.slug, free)).statusCode).toBe(200);
    expect(await stockOf(t, free.vid)).toBe(9);
  });

  it("a claim that waited too long for an order ends: its unit back, the shopper told; one in an order stays", async () => {
    await setStock(t, free.vid, 10);
    const f = await campaign(free);
    const g = await campaign(free);
    const waiting = await shopper();
    const ordering = await shopper();
    const stale = (await claim(waiting, f.slug, free)).json();
    const carried = (await claim(ordering, g.slug, free)).json();
    expect((await addToCart(t, ordering, paid, 1)).statusCode).toBe(200);
    expect((await placeOrder(t, ordering)).statusCode).toBe(200);
    expect(await stockOf(t, free.vid)).toBe(8);
    // A fresh claim is kept; both are then dated 15 days back.
    expect(await t.app.domains.freebieClaims.expireStale(14)).toBe(0);
    await t.database.db.execute(
      sql`update freebie_claims set created_at = now() - interval '15 days' where id in (${stale._id}, ${carried._id})`,
    );
    expect(await t.app.domains.freebieClaims.expireStale(14)).toBe(1);
    expect(await stockOf(t, free.vid)).toBe(9);
    expect((await get(t, `/api/freebies/my/${stale._id}`, waiting)).json()).toMatchObject({
      state: "cancelled",
      cancelReason: "Not ordered within 14 days",
    });
    expect((await get(t, `/api/freebies/my/${carried._id}`, ordering)).json().state).not.toBe(
      "cancelled",
    );
    await t.app.domains.jobs.drain();
    const notes = (await get(t, "/api/user_notifications", waiting)).json();
    expect(notes.notifications[0]).toMatchObject({
      kind: "freebie_expired",
      link: "/myfreebies",
      body: "It waited 14 days for an order. Claim it again while the offer lasts.",
    });
    // Run again: nothing more to end.
    expect(await t.app.domains.freebieClaims.expireStale(14)).toBe(0);
  });
});

describe("the shopper's claims", () => {
  it("gives a waiting claim back, and one in an order before it ships: stock back, line off", async () => {
    await setStock(t, free.vid, 10);
    const me = await shopper();
    const waiting = (await claim(me, (await campaign(free)).slug, free)).json();
    const gaveBack = await send(t, "POST", `/api/freebies/my/${waiting._id}/cancel`, me);
    expect(gaveBack.statusCode, gaveBack.body).toBe(200);
    expect(gaveBack.json()).toMatchObject({ state: "cancelled", cancelReason: "Cancelled by you" });
    expect(await stockOf(t, free.vid)).toBe(10);
    const twice = await send(t, "POST", `/api/freebies/my/${waiting._id}/cancel`, me);
    expect(twice.statusCode).toBe(409);

    const inOrder = (await claim(me, (await campaign(free)).slug, free)).json();
    expect((await addToCart(t, me, paid, 1)).statusCode).toBe(200);
    const placed = (await placeOrder(t, me)).json();
    const orderId = placed.orders[0]._id;
    expect(await stockOf(t, free.vid)).toBe(9);
    const off = await send(t, "POST", `/api/freebies/my/${inOrder._id}/cancel`, me);
    expect(off.statusCode, off.body).toBe(200);
    expect(await stockOf(t, free.vid)).toBe(10);
    const order = (await get(t, `/api/orders/my/${orderId}`, me)).json();
    expect(order.items.map((i: { variantId: string }) => i.variantId)).toEqual([paid.vid]);
    expect(order.amount).toMatchObject({ qty: 1, total: placed.amount.total });
  });

  it("lists my claims newest first; another shopper's claim is a 404 everywhere", async () => {
    await setStock(t, free.vid, 10);
    const me = await shopper();
    const other = await shopper();
    const a = (await claim(me, (await campaign(free)).slug, free)).json();
    const b = (await claim(me, (await campaign(free)).slug, free)).json();
    const mine = await get(t, "/api/freebies/my", me);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().claims.map((c: { _id: string }) => c._id)).toEqual([b._id, a._id]);
    expect((await get(t, "/api/freebies/my", other)).json().claims).toEqual([]);
    for (const res of [
      await get(t, `/api/freebies/my/${a._id}`, other),
      await send(t, "POST", `/api/freebies/my/${a._id}/cancel`, other),
      await get(t, "/api/freebies/my/00000000-0000-4000-8000-000000000000", me),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        status: 404,
        message: "This freebie claim could not be found",
      });
    }
    expect((await get(t, `/api/freebies/my/${a._id}`, me)).json().state).toBe("claimed");
    expect((await get(t, "/api/freebies/my/not-a-uuid", me)).statusCode).toBe(400);
    expect((await get(t, "/api/freebies/my")).statusCode).toBe(401);
  });

  it("staff list every claim with its shopper: managers and admins; shoppers 403", async () => {
    await setStock(t, free.vid, 10);
    const roles = await everyRole(t);
    const u = await signUp(t);
    const c = (await claim(bearer(u.token), (await campaign(free)).slug, free)).json();
    for (const who of [roles.admin, roles.manager]) {
      const res = await get(t, "/api/admin/freebie-claims?state=claimed", who);
      expect(res.statusCode).toBe(200);
      const row = res.json().claims.find((x: { _id: string }) => x._id === c._id);
      expect(row).toMatchObject({ state: "claimed", shopper: { _id: u.id } });
    }
    expect((await get(t, "/api/admin/freebie-claims", bearer(u.token))).statusCode).toBe(403);
    expect((await get(t, "/api/admin/freebie-claims")).statusCode).toBe(401);
    expect((await get(t, "/api/admin/freebie-claims?state=lost", roles.admin)).statusCode).toBe(
      400,
    );
  });

  it("OpenAPI describes the claim routes", async () => {
    const doc = (await get(t, "/api/docs/json")).json();
    for (const [path, method] of [
      ["/api/freebies/{id}/claim", "post"],
      ["/api/freebies/my", "get"],
      ["/api/freebies/my/{id}", "get"],
      ["/api/freebies/my/{id}/cancel", "post"],
      ["/api/admin/freebie-claims", "get"],
    ] as const)
      expect(doc.paths[path]?.[method]?.responses, path).toHaveProperty("200");
  });
});
