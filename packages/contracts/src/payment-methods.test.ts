import { describe, expect, it } from "vitest";
import {
  CHECKOUT_ONLINE_METHODS,
  gatewayOf,
  isOnlineMethod,
  methodName,
  ONLINE_METHODS,
} from "./payment-methods.ts";

describe("payment methods (spec §9)", () => {
  it("puts every online method behind a gateway, and COD behind none", () => {
    for (const m of ONLINE_METHODS) expect(gatewayOf(m), m).toMatch(/^[a-z]+$/);
    expect(gatewayOf("COD")).toBeNull();
    expect(isOnlineMethod("COD")).toBe(false);
    expect(isOnlineMethod("Stripe")).toBe(false);
    expect(gatewayOf("easypaisa_wallet")).toBe("easypaisa");
  });

  it("offers NIFT at checkout by the spec's method names, and knows the API's names on orders", () => {
    expect(CHECKOUT_ONLINE_METHODS.map(([m]) => m)).toEqual([
      "HBL",
      "Keenu",
      "nift_pay_bank",
      "nift_pay_card",
      "alfalah_pay",
      "easypaisa",
    ]);
    expect(isOnlineMethod("NiftPayCard")).toBe(true);
    expect(methodName("NiftPayCard")).toBe(methodName("nift_pay_card"));
  });

  it("names a method for the shopper, an unknown one as it is", () => {
    expect(methodName("COD")).toBe("cash on delivery");
    expect(methodName("HBL")).toBe("HBL Pay (credit / debit card)");
    expect(methodName("Bitcoin")).toBe("Bitcoin");
  });
});
