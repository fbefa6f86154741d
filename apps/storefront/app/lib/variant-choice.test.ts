import type { Variant } from "@maidan/contracts/catalog";
import { describe, expect, it } from "vitest";
import {
  chooseColor,
  colorOptions,
  findVariant,
  initialChoice,
  sizeOptions,
  stockLabel,
} from "./variant-choice";

const v = (size: string | null, color: string | null, stock: number): Variant => ({
  _id: `${size}-${color}`,
  sku: `sku-${size}-${color}`,
  size,
  color,
  price: 1000,
  mrp: 1500,
  stock,
});

const variants = [
  v("S", "Red", 0),
  v("M", "Red", 2),
  v("L", "Red", 9),
  v("S", "Blue", 1),
  v("M", "Blue", 0),
];

describe("stockLabel", () => {
  it("says Sold out at 0, Only n left for 1–3, nothing above", () => {
    expect(stockLabel(0)).toBe("Sold out");
    expect(stockLabel(1)).toBe("Only 1 left");
    expect(stockLabel(2)).toBe("Only 2 left");
    expect(stockLabel(3)).toBe("Only 3 left");
    expect(stockLabel(4)).toBeNull();
  });
});

describe("variant choice", () => {
  it("opens on the first variant in stock", () => {
    expect(initialChoice(variants)).toEqual({ size: "M", color: "Red" });
    expect(initialChoice([v("S", null, 0)])).toEqual({ size: "S", color: null });
  });

  it("gives each size its stock in the chosen colour", () => {
    expect(sizeOptions(variants, "Red")).toEqual([
      { value: "S", stock: 0 },
      { value: "M", stock: 2 },
      { value: "L", stock: 9 },
    ]);
    expect(sizeOptions(variants, "Blue")).toEqual([
      { value: "S", stock: 1 },
      { value: "M", stock: 0 },
      { value: "L", stock: 0 },
    ]);
  });

  it("sums colours over sizes", () => {
    expect(colorOptions(variants)).toEqual([
      { value: "Red", stock: 11 },
      { value: "Blue", stock: 1 },
    ]);
  });

  it("moves to a size in stock when the new colour lacks the current one", () => {
    expect(chooseColor(variants, { size: "M", color: "Red" }, "Blue")).toEqual({
      size: "S",
      color: "Blue",
    });
    expect(chooseColor(variants, { size: "S", color: "Blue" }, "Red")).toEqual({
      size: "M",
      color: "Red",
    });
    expect(findVariant(variants, { size: "L", color: "Red" })?.stock).toBe(9);
  });
});
