import { describe, expect, it } from "vitest";
import type { CheckoutTerms } from "./checkout-terms.ts";
import { type RemainingOrder, reprice } from "./reprice.ts";

const NONE: CheckoutTerms = { promotion: null, gift: null, coupon: null, shipping: null };

function order(o: Partial<RemainingOrder> & { lines: RemainingOrder["lines"] }): RemainingOrder {
  const subtotal = o.lines.filter((l) => !l.gift).reduce((n, l) => n + l.price * l.qty, 0);
  const discount = o.discount ?? 0;
  const shipping = o.shipping ?? 0;
  const walletUsed = o.walletUsed ?? 0;
  return {
    id: o.id ?? "b",
    orderNo: o.orderNo ?? "MD-2",
    open: o.open ?? true,
    subtotal,
    discount,
    promotionDiscount: o.promotionDiscount ?? 0,
    shipping,
    walletUsed,
    total: subtotal - discount + shipping - walletUsed,
    lines: o.lines,
  };
}
const line = (productId: string, price: number, qty = 1, gift = false) => ({
  itemId: `i-${productId}-${gift}`,
  productId,
  variantId: `v-${productId}`,
  price,
  qty,
  gift,
});

describe("re-pricing what remains of a checkout", () => {
  it("free shipping earned by the cancelled order's value comes off the remaining order", () => {
    const terms = { ...NONE, shipping: { charge: 250, freeAbove: 5000 } };
    const r = reprice(terms, [order({ lines: [line("p2", 2000)] })], { shipping: 0 });
    expect(r.why).toEqual(["free shipping no longer applies"]);
    expect(r.changed).toEqual([
      expect.objectContaining({ id: "b", before: 2000, total: 2250, shipping: 250 }),
    ]);
    expect(r.lost).toBe(0);
  });

  it("a delivery charge carried by the cancelled order moves to what remains", () => {
    const terms = { ...NONE, shipping: { charge: 250, freeAbove: 50000 } };
    const r = reprice(terms, [order({ lines: [line("p2", 2000)] })], { shipping: 250 });
    expect(r.why).toEqual(["the delivery charge of Rs. 250 now falls on what remains"]);
    expect(r.changed[0]?.total).toBe(2250);
  });

  it("a percentage promotion below its minimum goes; the coupon is then judged on what is left", () => {
    const terms: CheckoutTerms = {
      ...NONE,
      promotion: {
        name: "10% off clothing",
        kind: "percentage",
        value: 10,
        max_discount: null,
        min_cart_value: 5000,
        buy_qty: null,
        get_qty: null,
        products: ["p1", "p2"],
      },
      coupon: {
        code: "SAVE5",
        kind: "percent",
        value: 5,
        max_discount: null,
        min_cart_value: 1000,
      },
    };
    // The checkout was 6000 + 3000: promotion 900 (600 + 300), coupon 5% of 8100 = 405 (270 + 135).
    const b = order({ lines: [line("p2", 3000)], discount: 435, promotionDiscount: 300 });
    const r = reprice(terms, [b], { shipping: 0 });
    expect(r.why).toEqual(["the promotion 10% off clothing no longer applies"]);
    // Alone: no promotion (3000 < 5000); the coupon would now take 150, but never more than the 135 it had.
    expect(r.changed).toEqual([
      expect.objectContaining({ promotionDiscount: 0, discount: 135, total: 3000 - 135 }),
    ]);
    expect(r.couponDiscount).toBe(135);
  });

  it("the free gift leaves an open order below its threshold; a paid order keeps it and its price is lost", () => {
    const terms: CheckoutTerms = {
      ...NONE,
      gift: { name: "Water bottle", min_cart_value: 15000, products: ["p1", "p2"], price: 800 },
    };
    const withGift = [line("p2", 9000), line("g", 0, 1, true)];
    const open = reprice(terms, [order({ lines: withGift })], { shipping: 0 });
    expect(open.changed[0]?.dropGift?.productId).toBe("g");
    expect(open.why).toEqual(["the free gift of Water bottle is no longer included"]);
    expect(open.lost).toBe(0);
    const paid = reprice(terms, [order({ lines: withGift, open: false })], { shipping: 0 });
    expect(paid.changed).toEqual([]);
    expect(paid.lost).toBe(800);
  });

  it("a benefit still earned stays, and a remaining order never costs less than before", () => {
    const terms: CheckoutTerms = {
      ...NONE,
      promotion: {
        name: "Buy 2 get 1",
        kind: "buy_x_get_y",
        value: null,
        max_discount: null,
        min_cart_value: 0,
        buy_qty: 2,
        get_qty: 1,
        products: ["p1", "p2"],
      },
      shipping: { charge: 250, freeAbove: 2000 },
    };
    // Four units gave one free (the cheapest, 100, on the cancelled order); three expensive ones
    // alone would give 1000 off, more than the 0 this order had: it stays at 0.
    const b = order({ lines: [line("p2", 1000, 3)] });
    const r = reprice(terms, [b], { shipping: 0 });
    expect(r.changed).toEqual([]);
    expect(r.why).toEqual([]);
    expect(r.lost).toBe(0);
  });

  it("splits what remains over several open orders to the rupee, and frozen ones keep theirs", () => {
    const terms: CheckoutTerms = {
      ...NONE,
      coupon: {
        code: "FLAT",
        kind: "fixed",
        value: 1000,
        max_discount: null,
        min_cart_value: 8000,
      },
      shipping: { charge: 199, freeAbove: 6000 },
    };
    const b = order({ id: "b", lines: [line("p2", 3333)], discount: 333 });
    const c = order({ id: "c", lines: [line("p3", 3334)], discount: 334, open: false });
    const r = reprice(terms, [b, c], { shipping: 0 });
    // 6667 is below the coupon's 8000: the coupon goes. c is paid: its 334 is lost to the refund.
    expect(r.lost).toBe(334);
    expect(r.changed).toEqual([expect.objectContaining({ id: "b", discount: 0, shipping: 0 })]);
    expect(r.couponDiscount).toBe(0);
    expect(r.why).toEqual(["voucher FLAT no longer applies"]);
  });

  it("a scoped coupon is re-priced on its remaining lines and stays on the orders that have them", () => {
    const terms: CheckoutTerms = {
      ...NONE,
      coupon: {
        code: "SHOES10",
        kind: "percent",
        value: 10,
        max_discount: null,
        min_cart_value: 3000,
        products: ["p1", "p2"],
      },
    };
    // The checkout: a (p1 2000, cancelled), b (p2 3000 + p4 1000), c (p3 2000, out of scope).
    // Coupon 10% of 5000 = 500: a 200, b 300, c 0.
    const b = order({ id: "b", lines: [line("p2", 3000), line("p4", 1000)], discount: 300 });
    const c = order({ id: "c", orderNo: "MD-3", lines: [line("p3", 2000)] });
    const kept = reprice(terms, [b, c], { shipping: 0 });
    // What remains in scope (3000) still takes 300, all on b: nothing changes.
    expect(kept.why).toEqual([]);
    expect(kept.couponDiscount).toBe(300);

    const capped = { ...terms, coupon: { ...terms.coupon, max_discount: 250 } } as CheckoutTerms;
    const r = reprice(capped, [b, c], { shipping: 0 });
    expect(r.couponDiscount).toBe(250);
    expect(r.why).toEqual(["voucher SHOES10 now takes Rs. 250"]);
    expect(r.changed).toEqual([expect.objectContaining({ id: "b", discount: 250 })]);
  });

  it("a scoped coupon whose remaining lines are all out of scope no longer applies", () => {
    const terms: CheckoutTerms = {
      ...NONE,
      coupon: {
        code: "SHOES10",
        kind: "fixed",
        value: 400,
        max_discount: null,
        min_cart_value: 0,
        products: ["p1"],
      },
    };
    const c = order({ id: "c", lines: [line("p3", 2000)] });
    const r = reprice(terms, [c], { shipping: 0 });
    expect(r.couponDiscount).toBe(0);
    expect(r.why).toEqual([]);
  });

  it("the coupon's base takes its lines' share of the promotion, as at the checkout", () => {
    const terms: CheckoutTerms = {
      ...NONE,
      promotion: {
        name: "Rs. 300 off",
        kind: "fixed",
        value: 300,
        max_discount: null,
        min_cart_value: 0,
        buy_qty: null,
        get_qty: null,
        products: ["p2", "p3"],
      },
      coupon: {
        code: "SHOES10",
        kind: "percent",
        value: 10,
        max_discount: null,
        min_cart_value: 0,
        products: ["p2"],
      },
    };
    // After the cancellation b (p2 2000) and c (p3 1000) remain with a promotion of 300: p2's
    // share is 200, the coupon 10% of 1800 = 180, down from the 250 b had.
    const b = order({ id: "b", lines: [line("p2", 2000)], discount: 450, promotionDiscount: 200 });
    const c = order({ id: "c", lines: [line("p3", 1000)], discount: 100, promotionDiscount: 100 });
    const r = reprice(terms, [b, c], { shipping: 0 });
    expect(r.couponDiscount).toBe(180);
    expect(r.changed).toEqual([
      expect.objectContaining({ id: "b", discount: 380, promotionDiscount: 200 }),
    ]);
  });
});
