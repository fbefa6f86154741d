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
});
