import { describe, expect, it } from "vitest";
import { priceSide } from "./listing-sql.ts";

// Decision 068: a price range's facets read the products on its small side, or scan.
describe("priceSide", () => {
  const stats = {
    values: [999, 1999],
    freqs: [0.2, 0.1],
    // The other 70% of products, in ten equal shares.
    bounds: [100, 500, 1000, 1500, 2500, 3000, 4000, 5000, 7000, 9000, 20000],
  };

  it("reads the products outside a wide range", () => {
    expect(priceSide({ minPrice: 500, maxPrice: 9000 }, stats)).toBe("outside");
    expect(priceSide({ minPrice: 100 }, stats)).toBe("outside");
  });

  it("reads the products inside a narrow range", () => {
    expect(priceSide({ minPrice: 5000, maxPrice: 7000 }, stats)).toBe("inside");
    expect(priceSide({ minPrice: 9500 }, stats)).toBe("inside");
  });

  it("counts the common prices by their share", () => {
    // 20% at 999 and 1/11 of the other 70%: 26%.
    expect(priceSide({ minPrice: 900, maxPrice: 1200 }, stats)).toBe("inside");
    // 30% at 999 and 1999, and 4/11 of the other 70%: 55%.
    expect(priceSide({ minPrice: 900, maxPrice: 3000 }, stats)).toBe("scan");
  });

  it("scans a range in the middle, where neither side is small", () => {
    // 6/11 of 70%: 38% inside, 62% outside.
    expect(priceSide({ minPrice: 2000, maxPrice: 9000 }, stats)).toBe("scan");
  });

  it("scans when there are no statistics yet", () => {
    expect(priceSide({ minPrice: 5000, maxPrice: 5100 }, null)).toBe("scan");
    expect(priceSide({ maxPrice: 10 }, { values: [], freqs: [], bounds: [] })).toBe("scan");
  });
});
