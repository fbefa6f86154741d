import { describe, expect, it } from "vitest";
import { splitMoney } from "./checkout-money.ts";

describe("splitMoney", () => {
  it("splits the promotion and the coupon by subtotal; every part whole and the sums exact", () => {
    const parts = [
      { subtotal: 3001, shipping: 200 },
      { subtotal: 2000, shipping: 0 },
      { subtotal: 999, shipping: 0 },
    ];
    const shares = splitMoney(parts, { discount: 1001, promotionDiscount: 601, walletUsed: 3500 });
    const sum = (f: (s: (typeof shares)[number]) => number) => shares.reduce((n, s) => n + f(s), 0);
    expect(sum((s) => s.promotionDiscount)).toBe(601);
    expect(sum((s) => s.discount)).toBe(1001);
    expect(sum((s) => s.walletUsed)).toBe(3500);
    for (const s of shares) expect(s.promotionDiscount).toBeLessThanOrEqual(s.discount);
    expect(shares.map((s) => s.promotionDiscount)).toEqual([301, 200, 100]);
    // The wallet pays the orders in turn, up to what each still costs.
    expect(shares[0]?.walletUsed).toBe(3001 - (shares[0]?.discount ?? 0) + 200);
  });

  it("no discounts: zeros", () => {
    expect(
      splitMoney([{ subtotal: 500, shipping: 0 }], {
        discount: 0,
        promotionDiscount: 0,
        walletUsed: 0,
      }),
    ).toEqual([{ discount: 0, promotionDiscount: 0, walletUsed: 0 }]);
  });

  it("a scoped coupon goes by each order's in-scope subtotal; an order with none gets none", () => {
    const parts = [
      { subtotal: 5000, shipping: 200, scoped: 0 },
      { subtotal: 3001, shipping: 0, scoped: 2001 },
      { subtotal: 4000, shipping: 0, scoped: 4000 },
    ];
    const shares = splitMoney(parts, { discount: 1200, promotionDiscount: 599, walletUsed: 0 });
    const coupon = shares.map((s) => s.discount - s.promotionDiscount);
    expect(coupon.reduce((n, x) => n + x, 0)).toBe(601);
    expect(coupon[0]).toBe(0);
    // 601 × 2001 / 6001 = 200.4 and 601 × 4000 / 6001 = 400.6: floors, the rupee left to the first with room.
    expect(coupon).toEqual([0, 201, 400]);
    expect(shares.reduce((n, s) => n + s.promotionDiscount, 0)).toBe(599);
  });

  it("parts add up exactly even when the promotion leaves the in-scope orders no room", () => {
    // A 100% promotion earned by the second order's lines, split by subtotal, lands half on the
    // first; the coupon (on the first's lines) fills its room and the rest goes where there is room.
    const parts = [
      { subtotal: 1000, shipping: 0, scoped: 1000 },
      { subtotal: 1000, shipping: 0, scoped: 0 },
    ];
    const shares = splitMoney(parts, { discount: 2000, promotionDiscount: 1000, walletUsed: 0 });
    expect(shares.reduce((n, s) => n + s.discount, 0)).toBe(2000);
    for (const [i, s] of shares.entries())
      expect(s.discount).toBeLessThanOrEqual(parts[i]?.subtotal ?? 0);
  });

  it("random checkouts: every sum exact and no order discounted past its subtotal", () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let k = 0; k < 500; k++) {
      const parts = Array.from({ length: 1 + rnd(4) }, () => {
        const subtotal = 1 + rnd(9000);
        return { subtotal, shipping: rnd(2) * 200, scoped: rnd(3) === 0 ? 0 : rnd(subtotal + 1) };
      });
      const gross = parts.reduce((n, p) => n + p.subtotal, 0);
      const scoped = parts.reduce((n, p) => n + p.scoped, 0);
      const promotionDiscount = rnd(gross + 1);
      const coupon = Math.min(rnd(scoped + 1), gross - promotionDiscount);
      const shares = splitMoney(parts, {
        discount: promotionDiscount + coupon,
        promotionDiscount,
        walletUsed: 0,
      });
      expect(shares.reduce((n, s) => n + s.discount, 0)).toBe(promotionDiscount + coupon);
      expect(shares.reduce((n, s) => n + s.promotionDiscount, 0)).toBe(promotionDiscount);
      for (const [i, s] of shares.entries()) {
        expect(s.discount).toBeLessThanOrEqual(parts[i]?.subtotal ?? 0);
        expect(Number.isInteger(s.discount)).toBe(true);
      }
    }
  });
});
