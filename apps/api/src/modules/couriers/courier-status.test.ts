import { describe, expect, it } from "vitest";
import { latest } from "./courier.ts";
import { leopardsStatus } from "./leopards/leopards.ts";
import { postexStatus } from "./postex/postex.ts";
import { tcsStatus } from "./tcs/tcs.ts";

/** Each courier's own status words and codes, read as the shop's statuses (decision 045). */
describe("courier statuses", () => {
  it("TCS checkpoints", () => {
    expect(tcsStatus("Booked")).toBe("booked");
    expect(tcsStatus("Arrived at TCS Facility")).toBe("picked_up");
    expect(tcsStatus("Out For Delivery")).toBe("in_transit");
    expect(tcsStatus("Delivered")).toBe("delivered");
    expect(tcsStatus("Returned to Shipper")).toBe("returned");
    expect(tcsStatus("Refused by consignee")).toBe("returned");
  });

  it("Leopards statuses", () => {
    expect(leopardsStatus("Consignment Booked")).toBe("booked");
    expect(leopardsStatus("Picked By Courier")).toBe("picked_up");
    expect(leopardsStatus("Dispatched")).toBe("in_transit");
    expect(leopardsStatus("Delivered")).toBe("delivered");
    expect(leopardsStatus("Returned to shipper")).toBe("returned");
  });

  it("PostEx codes", () => {
    expect(["0001", "0003", "0004", "0005", "0007"].map(postexStatus)).toEqual([
      "booked",
      "picked_up",
      "in_transit",
      "delivered",
      "returned",
    ]);
  });

  it("a history's latest status is its furthest one", () => {
    const at = "2026-01-01";
    expect(latest([])).toBe("booked");
    expect(
      latest([
        { status: "booked", at, note: "" },
        { status: "in_transit", at, note: "" },
        { status: "picked_up", at, note: "" },
      ]),
    ).toBe("in_transit");
  });
});
