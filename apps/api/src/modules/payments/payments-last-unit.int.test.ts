import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addToCart,
  guest,
  pickVariants,
  send,
  setStock,
  stockOf,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { ADDRESS } from "../../testing/order-helpers.ts";

/**
 * The quality bar's last unit, for online checkouts: fifty shoppers pay for the one unit left
 * at the same moment; exactly one checkout holds it (awaiting payment), the other 49 get a clean
 * 409 and nothing of theirs is placed or charged. (COD: orders-concurrency.int.test.ts.)
 */
let t: TestApp;
let variants: TestVariant[];
beforeAll(async () => {
  t = await createTestApp({ products: 8 });
  variants = await pickVariants(t, 2);
});
afterAll(() => t?.close());

const count = async (q: string, p: unknown[]) =>
  Number((await t.database.pool.query(q, p)).rows[0]?.n);

const GATEWAYS = [
  ["/api/pay/nift_pay", { paymentMethod: "NiftPayBank" }],
  // HBL calls its checkout API while the order is being paid: the winner's hand-off is slower.
  ["/api/pay/hbl", { paymentMethod: "HBL" }],
] as const;

describe("the last unit, bought online by fifty shoppers at once", () => {
  for (const [i, [url, body]] of GATEWAYS.entries()) {
    it(`${url}: one awaiting-payment order holds it, 49 clean 409s, stock 0`, async () => {
      const v = variants[i] as TestVariant;
      await setStock(t, v.vid, 1);
      const shoppers = Array.from({ length: 50 }, () => guest());
      for (const who of shoppers) expect((await addToCart(t, who, v)).statusCode).toBe(200);

      const results = await Promise.all(
        shoppers.map((who) => send(t, "POST", url, who, { address: ADDRESS, ...body })),
      );
      const won = results.filter((r) => r.statusCode === 200);
      const refused = results.filter((r) => r.statusCode === 409);
      expect(won).toHaveLength(1);
      expect(refused).toHaveLength(49);
      for (const r of refused) {
        expect(r.json()).toMatchObject({
          status: 409,
          message: expect.stringMatching(/out of stock/),
        });
      }
      const answer = won[0]?.json() as Record<string, unknown>;
      expect(answer.status === true || answer.hbl_success === "yes").toBe(true);
      expect(await stockOf(t, v.vid)).toBe(0);

      const orders = `select count(*)::int as n from orders o
        join order_items i on i.order_id = o.id where i.variant_id = $1`;
      expect(await count(orders, [v.vid])).toBe(1);
      expect(await count(`${orders} and o.status = 'awaiting_payment'`, [v.vid])).toBe(1);
      // One payment attempt, for the winner's checkout; none for the refused shoppers.
      expect(
        await count(
          `select count(*)::int as n from payment_attempts a
             where a.checkout_id in (select o.checkout_id from orders o
               join order_items i on i.order_id = o.id where i.variant_id = $1)`,
          [v.vid],
        ),
      ).toBe(1);
      const guests = shoppers.map((s) => s.cookie.slice("guest=".length));
      expect(
        await count("select count(*)::int as n from payment_attempts where guest_id = any($1)", [
          guests,
        ]),
      ).toBe(1);
    });
  }
});
