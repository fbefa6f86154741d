import { describe, expect, it } from "vitest";
import { rupees } from "./money.ts";

describe("rupees", () => {
  it("prints rupees with western grouping and no decimals", () => {
    expect(rupees(12499)).toBe("Rs. 12,499");
    expect(rupees(1_234_567)).toBe("Rs. 1,234,567");
    expect(rupees(999)).toBe("Rs. 999");
  });

  it("uses the configured symbol", () => {
    expect(rupees(2500, "PKR")).toBe("PKR 2,500");
  });

  it("rounds half away from zero", () => {
    expect(rupees(12498.5)).toBe("Rs. 12,499");
    expect(rupees(12498.4)).toBe("Rs. 12,498");
    expect(rupees(-0.5)).toBe("-Rs. 1");
  });

  it("handles zero, negatives and numeric strings", () => {
    expect(rupees(0)).toBe("Rs. 0");
    expect(rupees(-0.2)).toBe("Rs. 0");
    expect(rupees(-1500)).toBe("-Rs. 1,500");
    expect(rupees("4999")).toBe("Rs. 4,999");
  });

  it("prints nothing for missing or non-numeric values", () => {
    expect(rupees(null)).toBe("");
    expect(rupees(undefined)).toBe("");
    expect(rupees("")).toBe("");
    expect(rupees("abc")).toBe("");
    expect(rupees(Number.NaN)).toBe("");
    expect(rupees(Number.POSITIVE_INFINITY)).toBe("");
  });
});
