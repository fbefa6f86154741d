import { describe, expect, it } from "vitest";
import { scopeText } from "../components/admin/scope-fields";
import { categoryNames, choicesOf } from "./scope-picks";

const kurta = {
  _id: "p1",
  name: "Cotton Kurta",
  vendor: "Faisalabad Cotton Outlet",
  variants: [
    { _id: "v1", sku: "K-M", label: "M / White", price: 1999 },
    { _id: "v2", sku: "K-L", label: "", price: 2500 },
  ],
};

describe("the scope pickers (decision 064)", () => {
  it("offers a product, or each of its variants, by name", () => {
    expect(choicesOf(kurta, "product")).toEqual([
      { id: "p1", name: "Cotton Kurta", detail: "Faisalabad Cotton Outlet" },
    ]);
    expect(choicesOf(kurta, "variant")).toEqual([
      { id: "v1", name: "Cotton Kurta", detail: "M / White · K-M" },
      { id: "v2", name: "Cotton Kurta", detail: "K-L" },
    ]);
  });

  it("says what a scope covers: names when known and few, else how many", () => {
    const names = categoryNames([
      {
        _id: "c1",
        name: "Footwear",
        slug: "footwear",
        children: [{ _id: "c2", name: "Sandals", slug: "sandals", children: [] }],
      },
    ] as never);
    expect(scopeText("all", [], names)).toBe("everything");
    expect(scopeText("category", ["c2"], names)).toBe("Sandals");
    expect(scopeText("category", ["c1", "c2"], names)).toBe("Footwear, Sandals");
    expect(scopeText("category", ["c1", "gone"], names)).toBe("2 categories");
    expect(scopeText("product", ["p1"])).toBe("1 product");
    expect(scopeText("product", ["p1", "p2"])).toBe("2 products");
  });
});
