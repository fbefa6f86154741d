import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addToCart,
  guest,
  send,
  setStock,
  stockOf,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { ADDRESS, placeOrder } from "../../testing/order-helpers.ts";

/**
 * Decision 029: every checkout, hold release, cancellation and expiry locks the rows it writes
 * in one order (products, then variants, by id), so shoppers buying different sizes of one
 * product never deadlock and a last-unit race ends in clean 409s.
 */
let t: TestApp;
let product: { id: string; name: string };
/** Three sizes of one product, in no particular order. */
let sizes: TestVariant[];
beforeAll(async () => {
  t = await createTestApp({ products: 12 });
  const { rows } = await t.database.db.execute(sql`
    select p.id, p.name from products p
    where p.active and (select count(*) from variants v where v.product_id = p.id and v.active) >= 3
    order by p.id limit 1`);
  const p = rows[0] as { id: string; name: string } | undefined;
  if (!p) throw new Error("no product with three sizes");
  product = p;
  const vs = await t.database.db.execute(sql`
    select v.id as vid, v.product_id as pid, v.price, v.mrp, v.stock from variants v
    where v.product_id = ${p.id} and v.active order by v.sku limit 3`);
  sizes = vs.rows as TestVariant[];
});
afterAll(() => t?.close());

const soldCount = async () =>
  Number(
    (
      (await t.database.db.execute(sql`select sold_count from products where id = ${product.id}`))
        .rows[0] as { sold_count: number }
    ).sold_count,
  );
const ordersWith = async (vid: string) =>
  Number(
    (
      (
        await t.database.db.execute(
          sql`select count(distinct o.id)::int as n from orders o join order_items i on i.order_id = o.id
            where i.variant_id = ${vid} and o.status <> 'cancelled'`,
        )
      ).rows[0] as { n: number }
    ).n,
  );

/** A cart of these sizes (one unit each, `extra` more of the first), COD or online. */
async function shopper(lines: TestVariant[], extra = 0) {
  const who = guest();
  for (const [n, v] of lines.entries()) {
    const res = await addToCart(t, who, v, n === 0 ? 1 + extra : 1);
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  return who;
}
const checkout = (who: Record<string, string>, online: boolean) =>
  online
    ? send(t, "POST", "/api/pay/nift_pay", who, { address: ADDRESS, paymentMethod: "NiftPayBank" })
    : placeOrder(t, who);

const failures = (results: { statusCode: number; body: string }[], ok: number[]) =>
  results.filter((r) => !ok.includes(r.statusCode)).map((r) => `${r.statusCode} ${r.body}`);

describe("one product, many sizes, many shoppers at once", () => {
  it("50 buyers of mixed sizes, COD and online: every checkout placed, no 5xx, every unit counted", async () => {
    const [a, b, c] = sizes as [TestVariant, TestVariant, TestVariant];
    for (const v of sizes) await setStock(t, v.vid, 1000);
    const mixes = [[a, b], [b], [c, a], [b, c], [a], [a, b, c], [c, b, a], [c]];
    const carts = await Promise.all(
      Array.from({ length: 50 }, async (_, n) => {
        const lines = mixes[n % mixes.length] as TestVariant[];
        return { who: await shopper(lines, n % 3), lines, extra: n % 3, online: n % 2 === 1 };
      }),
    );
    const sold = await soldCount();
    const results = await Promise.all(carts.map((c) => checkout(c.who, c.online)));
    expect(failures(results, [200])).toEqual([]);
    const units = new Map(sizes.map((v) => [v.vid, 0]));
    for (const c of carts)
      for (const [n, v] of c.lines.entries())
        units.set(v.vid, (units.get(v.vid) ?? 0) + (n === 0 ? 1 + c.extra : 1));
    for (const v of sizes) expect(await stockOf(t, v.vid)).toBe(1000 - (units.get(v.vid) ?? 0));
    expect(await soldCount()).toBe(sold + [...units.values()].reduce((x, y) => x + y, 0));
  });

  for (const k of [1, 5]) {
    it(`the last ${k} unit(s) of one size, 30 racers, 20 buyers of the other sizes at once: exactly ${k} racers win, every other racer gets the 409 out of stock`, async () => {
      const [scarce, b, c] = sizes as [TestVariant, TestVariant, TestVariant];
      await setStock(t, scarce.vid, 30);
      await setStock(t, b.vid, 1000);
      await setStock(t, c.vid, 1000);
      const racing = [[scarce, b], [c, scarce], [scarce], [b, scarce, c], [scarce, c]];
      const others = [[b], [c, b], [c], [b, c]];
      const cart = async (lines: TestVariant[], n: number) => ({
        who: await shopper(lines),
        lines,
        online: n % 2 === 0,
      });
      const racers = await Promise.all(
        Array.from({ length: 30 }, (_, n) => cart(racing[n % racing.length] as TestVariant[], n)),
      );
      const rest = await Promise.all(
        Array.from({ length: 20 }, (_, n) => cart(others[n % others.length] as TestVariant[], n)),
      );
      await setStock(t, scarce.vid, k);
      const before = await ordersWith(scarce.vid);
      const bBefore = await stockOf(t, b.vid);
      const all = [...racers, ...rest];
      const results = await Promise.all(all.map((x) => checkout(x.who, x.online)));
      const raced = results.slice(0, racers.length);
      expect(failures(raced, [200, 409])).toEqual([]);
      expect(failures(results.slice(racers.length), [200])).toEqual([]);
      expect(raced.filter((r) => r.statusCode === 200)).toHaveLength(k);
      const refused = raced.filter((r) => r.statusCode === 409);
      expect(refused).toHaveLength(30 - k);
      for (const r of refused)
        expect(r.json()).toMatchObject({
          status: 409,
          message: `Sorry, ${product.name} is out of stock. Please remove it from your cart.`,
        });
      expect(await stockOf(t, scarce.vid)).toBe(0);
      expect(await ordersWith(scarce.vid)).toBe(before + k);
      // The refused racers took nothing of the sizes they could have had.
      const bTaken = all.filter((x, n) => results[n]?.statusCode === 200 && x.lines.includes(b));
      expect(await stockOf(t, b.vid)).toBe(bBefore - bTaken.length);
    });
  }

  it("cancellations, expiries and new checkouts of mixed sizes at once: no 5xx, stock exact", async () => {
    const [a, b, c] = sizes as [TestVariant, TestVariant, TestVariant];
    // Earlier tests' orders are out of the way: confirmed, so the expiry below leaves them be.
    await t.database.db.execute(
      sql`update orders set status = 'confirmed' where status = 'pending_confirmation'`,
    );
    const earlier = await t.database.db.execute(sql`select array_agg(id) as ids from orders`);
    const before = ((earlier.rows[0] as { ids: string[] | null }).ids ?? []) as string[];
    for (const v of sizes) await setStock(t, v.vid, 1000);
    const mixes = [
      [a, b, c],
      [c, a],
      [b, a],
      [c, b],
    ];
    const orders = t.app.domains.checkout;
    const later = new Date(Date.now() + 24 * 3600_000);
    for (let round = 0; round < 3; round++) {
      // Orders to cancel or expire, each holding two or three sizes.
      const placed: { who: Record<string, string>; id: string }[] = [];
      for (let n = 0; n < 16; n++) {
        const who = await shopper(mixes[n % mixes.length] as TestVariant[]);
        const res = await checkout(who, false);
        if (res.statusCode !== 200) throw new Error(res.body);
        placed.push({ who, id: res.json().orders[0]._id });
      }
      const buyers = await Promise.all(
        Array.from({ length: 24 }, (_, n) =>
          shopper(mixes[(n + 1) % mixes.length] as TestVariant[]),
        ),
      );
      // The expiry (two sweeps, as two processes would run them) meets the shoppers' cancels.
      const sweep = () =>
        orders.expireUnconfirmed(later).then(
          () => ({ statusCode: 200, body: "expiry" }),
          (e: Error) => ({ statusCode: 500, body: `expiry: ${e.message}` }),
        );
      const results = await Promise.all([
        ...placed.slice(0, 12).map((p) => send(t, "POST", `/api/orders/my/${p.id}/cancel`, p.who)),
        ...buyers.map((who, n) => checkout(who, n % 2 === 0)),
        sweep(),
        sweep(),
      ]);
      // A cancel that lost to the expiry finds its order cancelled already (409).
      expect(failures(results, [200, 409]), `round ${round}`).toEqual([]);
      for (const r of results.filter((x) => x.statusCode === 409))
        expect(r.body).toMatch(/already cancelled|can no longer be cancelled/);
    }
    // What is still taken is exactly what this test's orders that are not cancelled hold.
    const { rows } = await t.database.db.execute(sql`
      select i.variant_id, sum(i.qty)::int as n from order_items i
      join orders o on o.id = i.order_id
      where o.status <> 'cancelled' and not (o.id = any(${`{${before.join(",")}}`}::uuid[]))
      group by i.variant_id`);
    const held = new Map(
      (rows as { variant_id: string; n: number }[]).map((r) => [r.variant_id, r.n]),
    );
    for (const v of sizes) expect(await stockOf(t, v.vid)).toBe(1000 - (held.get(v.vid) ?? 0));
    expect(held.size).toBeGreaterThan(0);
  });
});
