import { describe, expect, it } from "vitest";
import { code128Values, code128Widths } from "./code128.ts";

describe("Code 128 (set B)", () => {
  it("frames the data with start B, the check symbol and stop", () => {
    // "A" is 33 in set B; the check is (104 + 33 × 1) mod 103 = 34.
    expect(code128Values("A")).toEqual([104, 33, 34, 106]);
    expect(code128Values("LE12")).toEqual([
      104,
      44,
      37,
      17,
      18,
      (104 + 44 + 74 + 51 + 72) % 103,
      106,
    ]);
  });

  it("draws eleven modules a symbol and thirteen for the stop, starting and ending with a bar", () => {
    const w = code128Widths("778674111575");
    expect(w.reduce((a, b) => a + b, 0)).toBe(11 * (12 + 2) + 13);
    expect(w).toHaveLength(6 * 14 + 7);
    expect(w.slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4]);
    expect(w.slice(-7)).toEqual([2, 3, 3, 1, 1, 1, 2]);
  });

  it("refuses what set B cannot say", () => {
    expect(() => code128Values("é")).toThrow(/cannot encode/);
  });
});
