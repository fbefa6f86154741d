import { describe, expect, it } from "vitest";
import { capFreebie } from "../../testing/fake-freebies";
import { standingText, termLines } from "./freebie-terms";

describe("freebie terms", () => {
  it("states the minimum, the choice, the first-order rule and the end", () => {
    expect(termLines(capFreebie)).toEqual([
      "On orders of Rs. 5,000 or more",
      "Choose 1 of 1 free product",
      "Ends Jan 1, 2027, 5:00 AM",
    ]);
    const open = { ...capFreebie, minOrderValue: 0, firstOrderOnly: true, endsAt: null };
    expect(termLines({ ...open, pickCount: 2, productCount: 4 })).toEqual([
      "With any order, whatever its value",
      "Choose 2 of 4 free products",
      "For your first order only",
    ]);
  });

  it("tells the shopper what is missing, or that the cart qualifies", () => {
    const base = {
      cartSubtotal: 3200,
      remaining: 1800,
      firstOrderMet: true,
      qualifies: false,
      claim: null,
    };
    expect(standingText(base)).toBe(
      "Add Rs. 1,800 more to your cart to qualify (your cart: Rs. 3,200).",
    );
    expect(standingText({ ...base, cartSubtotal: 5000, remaining: 0, qualifies: true })).toBe(
      "Your cart (Rs. 5,000) qualifies for this freebie.",
    );
    expect(standingText({ ...base, firstOrderMet: false })).toBe(
      "This freebie is for first orders, and you have ordered before.",
    );
  });
});
