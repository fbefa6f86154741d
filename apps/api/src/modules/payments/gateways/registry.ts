import { alfalahGateway } from "./alfalah/alfalah.gateway.ts";
import { easypaisaGateway } from "./easypaisa/easypaisa.gateway.ts";
import { createRegistry } from "./gateway-registry.ts";
import { hblGateway } from "./hbl/hbl.gateway.ts";
import { keenuGateway } from "./keenu/keenu.gateway.ts";
import { niftGateway } from "./nift/nift.gateway.ts";
import type { PaymentGateway } from "./payment-gateway.ts";

/**
 * The gateways the shop takes money through, in the order the configuration checks, test mode,
 * availability and the sandboxes list them. A new gateway is a folder beside these and a line
 * here (decision 033).
 */
export const GATEWAYS: readonly PaymentGateway[] = [
  easypaisaGateway,
  alfalahGateway,
  hblGateway,
  keenuGateway,
  niftGateway,
];

/** The shop's gateways, and `extra` ones after them (a test adds its own). */
export const gatewayRegistry = (extra: readonly PaymentGateway[] = []) =>
  createRegistry([...GATEWAYS, ...extra]);
