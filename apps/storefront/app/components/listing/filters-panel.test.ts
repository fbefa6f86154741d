import type { ProductListQuery } from "@maidan/contracts/catalog";
import { describe, expect, it } from "vitest";
import { activeFilterCount } from "./filters-panel";

const base: ProductListQuery = { page: 1, limit: 24 };

describe("activeFilterCount", () => {
  it("counts each chosen value, price bound and flag", () => {
    expect(activeFilterCount(base)).toBe(0);
    expect(
      activeFilterCount({
        ...base,
        brand: ["a", "b"],
        vendor: ["lahore-sports"],
        size: ["M"],
        minPrice: 0,
        onSale: true,
        sort: "newest",
      }),
    ).toBe(6);
  });

  it("leaves out what the page fixes (a store page's own vendor)", () => {
    const q = { ...base, vendor: ["lahore-sports"], brand: ["a"] };
    expect(activeFilterCount(q, { vendor: true })).toBe(1);
    expect(activeFilterCount(q, { brand: true, vendor: true })).toBe(0);
  });
});
