import { gatewayOf, ONLINE_METHODS, TOP_UP_METHOD } from "@maidan/contracts/payment-methods";
import { describe, expect, it } from "vitest";
import { createRegistry } from "./gateway-registry.ts";
import { defineGateway, type SignalRoute } from "./payment-gateway.ts";
import { GATEWAYS } from "./registry.ts";
import { refundInPortal } from "./route-kit.ts";

const gateway = (name: string, methods: string[], signals: SignalRoute[] = []) =>
  defineGateway<unknown, unknown>({
    name,
    label: name,
    methods,
    settings: { live: () => null, sandbox: { secrets: async () => ({}), settings: () => ({}) } },
    sandbox: async () => {},
    start: async () => ({ ok: false, message: "no" }),
    refund: refundInPortal,
    routes: { start: [], signals },
  });

const callback = (path: string): SignalRoute => ({
  method: "POST",
  path,
  summary: "",
  kind: "callback",
});

describe("the gateway registry", () => {
  it("holds the five in their order, with their labels; an unknown name reads as itself", () => {
    const r = createRegistry(GATEWAYS);
    expect(r.names).toEqual(["easypaisa", "alfalah", "hbl", "keenu", "nift"]);
    expect(r.labelOf("hbl")).toBe("HBL Pay");
    expect(r.labelOf("gone")).toBe("gone");
  });

  it("serves every online method the storefront offers (contracts) by the gateway it names, and no other", () => {
    const r = createRegistry(GATEWAYS);
    const known = [...ONLINE_METHODS, TOP_UP_METHOD];
    for (const m of known) expect(r.get(gatewayOf(m) ?? "")?.methods, m).toContain(m);
    for (const g of r.all) for (const m of g.methods) expect(known, `${g.name}: ${m}`).toContain(m);
  });

  it("refuses a name, method or route claimed twice, cash on delivery, and a route nobody verifies", () => {
    expect(() => createRegistry([...GATEWAYS, gateway("hbl", ["x"])])).toThrow(
      "gateway hbl is claimed twice",
    );
    expect(() => createRegistry([gateway("a", ["m"]), gateway("b", ["m"])])).toThrow(
      "payment method m is claimed twice",
    );
    expect(() => createRegistry([gateway("a", ["COD"])])).toThrow("COD is not a gateway's method");
    expect(() => createRegistry([gateway("Bad-Name", ["m"])])).toThrow("is not [a-z][a-z0-9_]*");
    expect(() => createRegistry([gateway("a", ["m"], [callback("/payments/a")])])).toThrow(
      "a: /payments/a has no verifyCallback",
    );
    expect(() =>
      createRegistry([
        ...GATEWAYS,
        {
          ...gateway("a", ["m"], [callback("/payments/keenu/callback")]),
          verifyCallback: async () => ({ hint: null }),
        },
      ]),
    ).toThrow("route POST /payments/keenu/callback is claimed twice");
  });
});
