import { ORDER_STATUSES } from "@maidan/contracts/orders";
import { describe, expect, it } from "vitest";
import { actionsFrom, refusal } from "./order-lifecycle.ts";

describe("the order lifecycle", () => {
  it("allows each state exactly its next step, cancel before shipping, and a return after delivery", () => {
    const allowed = Object.fromEntries(ORDER_STATUSES.map((s) => [s, actionsFrom(s)]));
    expect(allowed).toEqual({
      placed: ["confirm", "cancel"],
      pending_confirmation: ["confirm", "cancel"],
      awaiting_payment: ["cancel"],
      confirmed: ["pack", "cancel"],
      packed: ["ship", "cancel"],
      shipped: ["deliver"],
      delivered: ["request_return"],
      cancelled: [],
      return_requested: ["receive_return"],
      returned: [],
    });
  });

  it("says why a step is refused", () => {
    expect(refusal("ship", "confirmed", "MD-1")).toBe(
      "Order MD-1 is confirmed: only packed orders can be shipped.",
    );
    expect(refusal("pack", "packed", "MD-1")).toBe("Order MD-1 is already packed.");
    expect(refusal("deliver", "cancelled", "MD-1")).toBe(
      "Order MD-1 is cancelled: it cannot be delivered.",
    );
    expect(refusal("cancel", "shipped", "MD-1")).toBe(
      "Order MD-1 is shipped: it has left the warehouse and can no longer be cancelled.",
    );
    expect(refusal("request_return", "shipped", "MD-1")).toBe(
      "Order MD-1 is shipped: only delivered orders can be marked for return.",
    );
    expect(refusal("receive_return", "returned", "MD-1")).toBe("Order MD-1 is already returned.");
  });
});
