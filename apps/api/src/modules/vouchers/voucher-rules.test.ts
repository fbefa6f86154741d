import { describe, expect, it } from "vitest";
import {
  couponBase,
  discountOf,
  NOT_IN_SCOPE,
  refusalOf,
  type VoucherState,
} from "./voucher-rules.ts";

const base: VoucherState = {
  id: "v",
  code: "WELCOME10",
  kind: "percent",
  value: 10,
  max_discount: 500,
  min_cart_value: 2000,
  active: true,
  starts_at: null,
  ends_at: null,
  usage_limit: null,
  used: 0,
  per_user_limit: 1,
  scope: "all",
  scope_ids: [],
};
const now = new Date("2026-06-01T12:00:00Z");

describe("voucher rules", () => {
  it("takes a percentage rounded down, capped, and nothing below the minimum", () => {
    expect(discountOf(base, 2999)).toBe(299);
    expect(discountOf(base, 9000)).toBe(500);
    expect(discountOf(base, 1999)).toBe(0);
  });

  it("never takes more than the subtotal", () => {
    expect(discountOf({ ...base, kind: "fixed", value: 300, min_cart_value: 0 }, 250)).toBe(250);
  });

  it("says why a voucher cannot be used", () => {
    const c = { now, subtotal: 1500, usedByUser: 0 };
    expect(refusalOf(base, c)?.message).toBe("Add Rs. 500 more to use this voucher");
    expect(refusalOf({ ...base, ends_at: "2026-05-31T00:00:00Z" }, c)?.message).toBe(
      "This voucher has expired",
    );
    expect(refusalOf({ ...base, active: false }, c)?.message).toBe("This voucher has expired");
    expect(refusalOf({ ...base, starts_at: "2026-06-02T00:00:00Z" }, c)?.message).toBe(
      "This voucher is not active yet",
    );
    expect(refusalOf({ ...base, usage_limit: 1, used: 1 }, c)).toEqual({
      status: 409,
      message: "This voucher has been used up",
    });
    expect(refusalOf(base, { ...c, usedByUser: 1 })?.status).toBe(409);
    expect(refusalOf(base, { ...c, subtotal: 2000 })).toBeNull();
  });

  it("a scoped voucher: percent of its base, minimum on the cart, refused with no line in scope", () => {
    const shoes = { product_id: "p1", category_id: "shoes", price: 1500, qty: 2 };
    const shirt = { product_id: "p2", category_id: "shirts", price: 1000, qty: 1 };
    const scoped: VoucherState = { ...base, scope: "category", scope_ids: ["shoes"] };
    expect(couponBase(scoped, [shoes, shirt], null)).toBe(3000);
    expect(couponBase(base, [shoes, shirt], { scope: base, discount: 400 })).toBe(3600);
    // The promotion's 400 over all 4000: the shoes' share is 300.
    expect(couponBase(scoped, [shoes, shirt], { scope: base, discount: 400 })).toBe(2700);
    // A promotion on the other lines only takes nothing of the voucher's base.
    const shirts = { scope: "category" as const, scope_ids: ["shirts"] };
    expect(couponBase(scoped, [shoes, shirt], { scope: shirts, discount: 100 })).toBe(3000);
    expect(discountOf(scoped, 3600, 2700)).toBe(270);
    expect(discountOf(scoped, 1999, 1999)).toBe(0);
    const fixed = { ...scoped, kind: "fixed" as const, value: 5000, max_discount: null };
    expect(discountOf(fixed, 3600, 2700)).toBe(2700);
    expect(discountOf(scoped, 3600, 0)).toBe(0);

    const c = { now, subtotal: 4000, usedByUser: 0 };
    expect(refusalOf(scoped, { ...c, inScope: 0 })).toEqual({ status: 400, message: NOT_IN_SCOPE });
    expect(NOT_IN_SCOPE).toBe("This voucher does not apply to the items in your cart");
    expect(refusalOf(scoped, { ...c, inScope: 3000 })).toBeNull();
    expect(refusalOf(scoped, { ...c, subtotal: 1500, inScope: 1500 })?.message).toBe(
      "Add Rs. 500 more to use this voucher",
    );
    expect(refusalOf(base, c)).toBeNull();
  });
});
