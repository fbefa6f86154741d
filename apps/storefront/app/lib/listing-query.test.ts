import { describe, expect, it } from "vitest";
import { listingSearch } from "./listing-query";
import { readListingQuery } from "./listing-query.server";

const read = (qs: string) => readListingQuery(new URLSearchParams(qs));

describe("readListingQuery", () => {
  it("reads comma and repeated lists, flags, prices, sort and page", () => {
    const q = read(
      "subcategory=men-clothing,women-clothing&brand=nike&brand=gul&size=M&inStock=on&minPrice=100&maxPrice=900&sort=price-asc&page=3",
    );
    expect(q).toMatchObject({
      subcategory: ["men-clothing", "women-clothing"],
      brand: ["nike", "gul"],
      size: ["M"],
      inStock: true,
      minPrice: 100,
      maxPrice: 900,
      sort: "price-asc",
      page: 3,
      limit: 24,
    });
  });

  it("falls back to defaults for malformed values instead of failing", () => {
    const q = read(
      "page=-4&sort=cheapest&minPrice=abc&maxPrice=5&minPrice=9&brand=Bad%20Slug&inStock=maybe",
    );
    expect(q.page).toBe(1);
    expect(q.sort).toBeUndefined();
    expect(q.brand).toBeUndefined();
    expect(q.inStock).toBeUndefined();
    expect(q.minPrice).toBeUndefined();
    const swapped = read("minPrice=900&maxPrice=100");
    expect([swapped.minPrice, swapped.maxPrice]).toEqual([900, undefined]);
    expect(read("page=100000").page).toBe(1);
  });
});

describe("listingSearch", () => {
  it("writes a stable, shareable query string that reads back the same", () => {
    const s = listingSearch({ brand: ["a", "b"], onSale: true, sort: "newest", page: 2 });
    expect(s).toBe("?brand=a,b&onSale=true&sort=newest&page=2");
    expect(read(s.slice(1))).toMatchObject({ brand: ["a", "b"], onSale: true, page: 2 });
    expect(listingSearch({ page: 1 })).toBe("");
  });
});
