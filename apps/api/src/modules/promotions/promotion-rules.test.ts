import { describe, expect, it } from "vitest";
import type { LineRow } from "../../lib/sellable-line.ts";
import { priceCart, type ShippingRow } from "../cart/cart-pricing.ts";
import type { VoucherTerms } from "../vouchers/voucher-rules.ts";
import { choosePromotions, discountOf, type PromoLine, type Promotion } from "./promotion-rules.ts";

const now = new Date("2026-06-01T12:00:00Z");
const SHOES = "cat-shoes";
const SHIRTS = "cat-shirts";

const promo = (over: Partial<Promotion> = {}): Promotion => ({
  id: "p1",
  name: "10% off",
  kind: "percentage",
  value: 10,
  max_discount: null,
  min_cart_value: 0,
  scope: "all",
  scope_ids: [],
  buy_qty: null,
  get_qty: null,
  starts_at: null,
  ends_at: null,
  active: true,
  gift: null,
  ...over,
});

let n = 0;
const line = (price: number, qty: number, over: Partial<LineRow> = {}): LineRow => {
  n += 1;
  return {
    variant_id: `v${n}`,
    product_id: `p${n}`,
    category_id: SHIRTS,
    qty,
    sku: `SKU${n}`,
    size: null,
    color: null,
    price,
    mrp: price,
    stock: 10,
    sellable: true,
    name: `Item ${n}`,
    slug: `item-${n}`,
    img: null,
    vendor_id: "vendor",
    vendor_name: "Maidan",
    tax_bp: 0,
    ...over,
  };
};
const gift = (stock: number, price = 900) => line(price, 1, { stock, name: "Water bottle" });

describe("promotion discounts", () => {
  it("percentage: rounded down on the in-scope lines, capped by maxDiscount", () => {
    const lines = [line(3333, 1), line(2000, 1, { category_id: SHOES })];
    expect(discountOf(promo({ value: 10 }), lines)).toBe(533);
    expect(discountOf(promo({ value: 10, scope: "category", scope_ids: [SHIRTS] }), lines)).toBe(
      333,
    );
    expect(discountOf(promo({ value: 50, max_discount: 1000 }), lines)).toBe(1000);
  });

  it("fixed: never more than the in-scope subtotal", () => {
    expect(discountOf(promo({ kind: "fixed", value: 500 }), [line(1200, 2)])).toBe(500);
    expect(discountOf(promo({ kind: "fixed", value: 500 }), [line(300, 1)])).toBe(300);
  });

  it("minimum cart value counts the in-scope subtotal and is inclusive", () => {
    const p = promo({ min_cart_value: 5000, scope: "product", scope_ids: ["only"] });
    const inScope = line(2500, 2, { product_id: "only" });
    expect(discountOf(p, [inScope])).toBe(500);
    expect(discountOf(p, [line(2499, 2, { product_id: "only" })])).toBe(0);
    // Other lines do not help reach it.
    expect(discountOf(p, [line(2499, 2, { product_id: "only" }), line(9000, 1)])).toBe(0);
  });

  it("buy X get Y: Y of the cheapest in-scope units free for every X + Y", () => {
    const p = promo({ kind: "buy_x_get_y", value: null, buy_qty: 2, get_qty: 1 });
    expect(discountOf(p, [line(1000, 2)])).toBe(0);
    expect(discountOf(p, [line(1000, 3)])).toBe(1000);
    expect(discountOf(p, [line(1000, 5)])).toBe(1000);
    expect(discountOf(p, [line(1000, 6)])).toBe(2000);
    // The cheapest units across lines are the free ones.
    expect(discountOf(p, [line(2000, 2), line(700, 1), line(500, 1), line(1500, 2)])).toBe(1200);
    // Buy 1 get 2: 2 free of every 3.
    const b1g2 = promo({ kind: "buy_x_get_y", value: null, buy_qty: 1, get_qty: 2 });
    expect(discountOf(b1g2, [line(300, 1), line(200, 1), line(100, 1)])).toBe(300);
    expect(discountOf({ ...p, max_discount: 800 }, [line(1000, 3)])).toBe(800);
    // Out-of-scope units neither count nor go free.
    const shoes = { ...p, scope: "category" as const, scope_ids: [SHOES] };
    expect(discountOf(shoes, [line(100, 5), line(4000, 2, { category_id: SHOES })])).toBe(0);
  });

  it("a free gift takes nothing off", () => {
    expect(discountOf(promo({ kind: "free_gift", value: null }), [line(9000, 1)])).toBe(0);
  });
});

describe("choosing the cart's promotions", () => {
  const lines: PromoLine[] = [line(6000, 1)];

  it("the live window starts inclusive and ends exclusive", () => {
    const at = (starts: string | null, ends: string | null) =>
      choosePromotions([promo({ starts_at: starts, ends_at: ends })], lines, now).discount?.value ??
      0;
    expect(at(now.toISOString(), null)).toBe(600);
    expect(at(new Date(now.getTime() + 1).toISOString(), null)).toBe(0);
    expect(at(null, now.toISOString())).toBe(0);
    expect(at(null, new Date(now.getTime() + 1).toISOString())).toBe(600);
    expect(choosePromotions([promo({ active: false })], lines, now).discount).toBeNull();
  });

  it("one discount promotion: the one that takes the most", () => {
    const list = [
      promo({ id: "a", value: 5 }),
      promo({ id: "b", kind: "fixed", value: 700 }),
      promo({ id: "c", value: 20, max_discount: 650 }),
    ];
    const best = choosePromotions(list, lines, now).discount;
    expect(best?.promotion.id).toBe("b");
    expect(best?.value).toBe(700);
  });

  it("a free gift besides the discount, above its threshold, only while in stock", () => {
    const g = (id: string, min: number, stock: number, price = 900) =>
      promo({
        id,
        name: `Gift ${id}`,
        kind: "free_gift",
        value: null,
        min_cart_value: min,
        gift: gift(stock, price),
      });
    const chosen = choosePromotions([promo(), g("g1", 5000, 3)], lines, now);
    expect(chosen.discount?.value).toBe(600);
    expect(chosen.gift?.promotion.id).toBe("g1");
    expect(choosePromotions([g("g1", 6000, 3)], lines, now).gift?.promotion.id).toBe("g1");
    expect(choosePromotions([g("g1", 6001, 3)], lines, now).gift).toBeNull();
    expect(choosePromotions([g("g1", 5000, 0)], lines, now).gift).toBeNull();
    // The more valuable gift wins; an out-of-stock one is passed over.
    expect(
      choosePromotions([g("g1", 0, 5, 500), g("g2", 0, 5, 800)], lines, now).gift?.promotion.id,
    ).toBe("g2");
    expect(
      choosePromotions([g("g1", 0, 5, 500), g("g2", 0, 0, 800)], lines, now).gift?.promotion.id,
    ).toBe("g1");
  });

  it("a gift whose units are all in the cart already is not given", () => {
    const bottle = gift(2);
    const p = promo({ kind: "free_gift", value: null, gift: bottle });
    const withOne = [...lines, { ...bottle, qty: 1 }];
    const withTwo = [...lines, { ...bottle, qty: 2 }];
    expect(choosePromotions([p], withOne, now).gift).not.toBeNull();
    expect(choosePromotions([p], withTwo, now).gift).toBeNull();
  });
});

describe("priceCart with promotions", () => {
  const methods: ShippingRow[] = [
    {
      id: "std",
      name: "Standard",
      carrier: "TCS",
      charge: 200,
      free_above: null,
      min_order_value: 0,
      cities: null,
      eta_days: "3-5",
      is_default: true,
    },
  ];
  const price = (over: Partial<Parameters<typeof priceCart>[0]>) =>
    priceCart({ cartId: "c", lines: [], methods, chosenMethodId: null, city: null, now, ...over });
  const coupon: VoucherTerms = {
    id: "v",
    code: "WELCOME10",
    kind: "percent",
    value: 10,
    max_discount: null,
    min_cart_value: 5000,
    scope: "all",
    scope_ids: [],
  };

  it("the coupon applies to the promoted subtotal; every total adds up", () => {
    const cart = price({
      lines: [line(3000, 2)],
      coupon,
      promotions: [promo({ name: "Sportswear Week", value: 10 })],
      wallet: { balance: 1000, use: true },
    });
    expect(cart.subtotal).toBe(6000);
    expect(cart.promotionDiscount).toBe(600);
    expect(cart.promotion).toEqual({
      _id: "p1",
      name: "Sportswear Week",
      kind: "percentage",
      discount: 600,
    });
    expect(cart.couponDiscount).toBe(540);
    expect(cart.discount).toBe(1140);
    expect(cart.discountedSubtotal).toBe(4860);
    expect(cart.total).toBe(5060);
    expect(cart.walletUsed).toBe(1000);
    expect(cart.payable).toBe(4060);
  });

  it("a coupon whose minimum the promoted subtotal misses takes nothing", () => {
    const cart = price({
      lines: [line(5000, 1)],
      coupon,
      promotions: [promo({ kind: "fixed", value: 1 })],
    });
    expect(cart.promotionDiscount).toBe(1);
    expect(cart.couponDiscount).toBe(0);
    expect(cart.coupon).toBeNull();
  });

  it("the free gift comes as promo: a line at price 0 outside qty and subtotal", () => {
    const bottle = gift(4);
    const cart = price({
      lines: [line(16000, 1)],
      promotions: [
        promo({
          id: "g",
          name: "Free bottle",
          kind: "free_gift",
          value: null,
          min_cart_value: 15000,
          gift: bottle,
        }),
      ],
    });
    expect(cart.promotion).toBeNull();
    expect(cart.promotionDiscount).toBe(0);
    expect(cart.qty).toBe(1);
    expect(cart.subtotal).toBe(16000);
    expect(cart.total).toBe(16200);
    expect(cart.promo?.name).toBe("Free bottle");
    expect(cart.promo?.item).toMatchObject({
      _id: bottle.variant_id,
      qty: 1,
      price: 0,
      subtotal: 0,
      tax: 0,
      mrp: 900,
    });
  });

  it("a scoped coupon takes its percent off its lines, less their share of the promotion", () => {
    const shoes = line(4000, 1, { category_id: SHOES });
    const shirt = line(3000, 1);
    const scoped: VoucherTerms = { ...coupon, scope: "category", scope_ids: [SHOES] };
    // No promotion: 10% of the shoes only; the minimum is on the whole cart (7000).
    expect(price({ lines: [shoes, shirt], coupon: scoped }).couponDiscount).toBe(400);
    // A 10% promotion on every line (700): the shoes' share is 700 × 4000 / 7000 = 400.
    const both = price({
      lines: [shoes, shirt],
      coupon: scoped,
      promotions: [promo({ value: 10 })],
    });
    expect([both.promotionDiscount, both.couponDiscount, both.discount]).toEqual([700, 360, 1060]);
    // A promotion on shirts only leaves the shoes whole; one of 333 on both shares it by amount.
    const shirtsOnly = promo({ value: 10, scope: "category", scope_ids: [SHIRTS] });
    expect(
      price({ lines: [shoes, shirt], coupon: scoped, promotions: [shirtsOnly] }).couponDiscount,
    ).toBe(400);
    const odd = promo({ kind: "fixed", value: 333 });
    // share = floor(333 × 4000 / 7000) = 190; 10% of 3810 = 381.
    expect(price({ lines: [shoes, shirt], coupon: scoped, promotions: [odd] }).couponDiscount).toBe(
      381,
    );
    // A fixed one takes at most its lines' amount; none in scope takes nothing.
    const fixed: VoucherTerms = { ...scoped, kind: "fixed", value: 5000, min_cart_value: 0 };
    expect(price({ lines: [shoes, shirt], coupon: fixed }).couponDiscount).toBe(4000);
    const none = price({ lines: [shirt, line(2500, 1)], coupon: { ...scoped, min_cart_value: 0 } });
    expect([none.couponDiscount, none.coupon]).toEqual([0, null]);
  });

  it("a product-scoped coupon's minimum stays on the cart", () => {
    const shoes = line(1000, 1, { category_id: SHOES });
    const shirt = line(4500, 1);
    const scoped: VoucherTerms = { ...coupon, scope: "product", scope_ids: [shoes.product_id] };
    expect(price({ lines: [shoes, shirt], coupon: scoped }).couponDiscount).toBe(100);
    expect(price({ lines: [shoes, line(3000, 1)], coupon: scoped }).couponDiscount).toBe(0);
  });

  it("no promotions: the defaults", () => {
    const cart = price({
      lines: [line(1000, 1)],
    });
    expect([cart.promotionDiscount, cart.promotion, cart.promo]).toEqual([0, null, null]);
  });
});
