import type { PaymentGateway } from "./payment-gateway.ts";

/** The gateways a shop runs with, in their order, and how to find one. */
export type GatewayRegistry = {
  readonly all: readonly PaymentGateway[];
  readonly names: readonly string[];
  get(name: string): PaymentGateway | undefined;
  /** Who a gateway is to the shopper; a name no longer registered reads as itself. */
  labelOf(name: string): string;
};

const NAME = /^[a-z][a-z0-9_]*$/;

/**
 * A registry of `gateways`, checked once at start: names unique and URL-safe, no method or
 * route claimed twice (cash on delivery is the orders' own), a verifier for every kind of
 * signal route. A mistake here is a programming error and stops the start.
 */
export function createRegistry(gateways: readonly PaymentGateway[]): GatewayRegistry {
  const problems: string[] = [];
  const seen = { names: new Set<string>(), methods: new Set<string>(), paths: new Set<string>() };
  const once = (set: Set<string>, value: string, what: string) => {
    if (set.has(value)) problems.push(`${what} ${value} is claimed twice`);
    set.add(value);
  };
  for (const g of gateways) {
    if (!NAME.test(g.name)) problems.push(`gateway name ${g.name} is not [a-z][a-z0-9_]*`);
    once(seen.names, g.name, "gateway");
    for (const m of g.methods) once(seen.methods, m, "payment method");
    if (g.methods.includes("COD")) problems.push(`${g.name}: COD is not a gateway's method`);
    const routes = [...g.routes.start, ...g.routes.signals, ...(g.routes.pages ?? [])];
    for (const r of routes)
      once(seen.paths, `${"method" in r ? r.method : "POST"} ${r.path}`, "route");
    for (const s of g.routes.signals) {
      const verifier = s.kind === "return" ? g.verifyReturn : g.verifyCallback;
      if (!verifier)
        problems.push(
          `${g.name}: ${s.path} has no verify${s.kind === "return" ? "Return" : "Callback"}`,
        );
    }
  }
  if (problems.length > 0) throw new Error(`payment gateways: ${problems.join("; ")}`);
  const byName = new Map(gateways.map((g) => [g.name, g]));
  return {
    all: gateways,
    names: gateways.map((g) => g.name),
    get: (name) => byName.get(name),
    labelOf: (name) => byName.get(name)?.label ?? name,
  };
}
