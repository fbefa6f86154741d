import { describe, expect, it } from "vitest";
import { dailyPick, landingMatch, shopDay } from "./landing-products.ts";

const items = Array.from({ length: 40 }, (_, i) => ({ _id: `p${i}` }));

describe("shopDay", () => {
  it("counts days in Pakistan time (UTC+5)", () => {
    expect(shopDay(new Date("2026-03-01T18:59:00Z"))).toBe("2026-03-01");
    expect(shopDay(new Date("2026-03-01T19:00:00Z"))).toBe("2026-03-02");
  });
});

describe("dailyPick", () => {
  it("is the same for a day, whatever the input order", () => {
    const a = dailyPick(items, "2026-03-01", 8);
    const b = dailyPick([...items].reverse(), "2026-03-01", 8);
    expect(a).toHaveLength(8);
    expect(b).toEqual(a);
  });

  it("changes from one day to the next", () => {
    const days = ["2026-03-01", "2026-03-02", "2026-03-03"].map((d) =>
      dailyPick(items, d, 8).map((x) => x._id),
    );
    expect(new Set(days.map((d) => d.join())).size).toBe(3);
  });

  it("returns what there is when there are fewer items", () => {
    expect(dailyPick(items.slice(0, 3), "2026-03-01", 8)).toHaveLength(3);
  });
});

describe("landingMatch", () => {
  it("reads category slugs, tags and the sale flag, skipping malformed parts", () => {
    expect(
      landingMatch({
        landingPage: "collection",
        data: { categories: [{ slug: "women" }, 5, "kids"], tags: ["lawn", 3, ""] },
      }),
    ).toEqual({ slugs: ["women", "kids"], tags: ["lawn"], onSale: false });
    expect(landingMatch({ landingPage: "sale", data: {} }).onSale).toBe(true);
    expect(landingMatch({ landingPage: null, data: { discount: "20% off" } }).onSale).toBe(true);
  });
});
