import { describe, expect, it } from "vitest";
import { discountOf, refusalOf, type VoucherState } from "./voucher-rules.ts";

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
});
