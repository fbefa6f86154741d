import { describe, expect, it } from "vitest";
import { holderOf, maskedName } from "./lucky-draw.service.ts";

describe("what the lucky draw shows of a shopper", () => {
  it("a winner's name masked to initials", () => {
    expect(maskedName("Hina", "Aslam")).toBe("H*** A.");
    expect(maskedName(" ali ", "")).toBe("A***");
    expect(maskedName("", "Khan")).toBe("K.");
    expect(maskedName("", " ")).toBe("A Maidan shopper");
  });

  it("a holder code per draw: the same for one shopper in one draw, another in another draw", () => {
    const user = "6f1d2c3b-0000-4000-8000-000000000001";
    const a = holderOf("d1", user);
    expect(a).toMatch(/^[0-9a-f]{12}$/);
    expect(holderOf("d1", user)).toBe(a);
    expect(holderOf("d2", user)).not.toBe(a);
    expect(holderOf("d1", "6f1d2c3b-0000-4000-8000-000000000002")).not.toBe(a);
  });
});
