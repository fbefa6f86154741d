import type { Db } from "@maidan/db/database";
import type { GatewayRegistry } from "./gateways/gateway-registry.ts";
import type { GatewayHttp } from "./gateways/http.ts";
import type { GatewayContext, PaymentGateway } from "./gateways/payment-gateway.ts";
import { type GatewayConfigs, switchedOff } from "./payments.config.ts";
import type { OrderPayments, PaymentSettled, WalletTopUps } from "./payments.ports.ts";

/** What the parts of the payments service share. */
export type PaymentsCore = {
  db: Db;
  registry: GatewayRegistry;
  gateways: GatewayConfigs;
  http: GatewayHttp;
  /**
   * The shop's public origin from configuration (PUBLIC_URL, else http://localhost:PORT): every
   * URL a gateway sends the shopper or its server back to, and so every value we sign, is built
   * from it, never from a request's headers (decision 022).
   */
  origin: string;
  callbackMaxAgeMinutes: number;
  log: (msg: string) => void;
  /** The checkout's side of an order's payment, the wallet, and who hears of settled attempts (compose.ts). */
  ports: { orders: OrderPayments; wallet: WalletTopUps; settled?: PaymentSettled };
};

/** A registered gateway; an attempt naming another is a programming or data error. */
export function gatewayOf(core: PaymentsCore, name: string): PaymentGateway {
  const g = core.registry.get(name);
  if (!g) throw new Error(`payments: no gateway ${name}`);
  return g;
}

/**
 * What a call to `g` gets: its settings (a switched-off sandbox has none, and refuses with the
 * switched-off 400), the way to reach it and the shop's origin. `newPayment` refuses a gateway
 * that is switched off even when it is live.
 */
export async function contextOf(
  core: PaymentsCore,
  g: PaymentGateway,
  opts: { newPayment?: boolean; http?: GatewayHttp } = {},
): Promise<GatewayContext<unknown>> {
  const mode = core.gateways.modes.get(g.name);
  if (!mode) throw new Error(`payments: ${g.name} has no configuration`);
  if (opts.newPayment && !mode.enabled) throw switchedOff(g.label);
  return { config: await mode.config(), http: opts.http ?? core.http, origin: core.origin };
}
