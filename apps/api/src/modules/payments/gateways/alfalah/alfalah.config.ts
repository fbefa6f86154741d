import { randomDigits, randomToken, withoutSlash } from "../config-helpers.ts";
import type { GatewaySettings } from "../payment-gateway.ts";
import type { AlfalahConfig } from "./alfalah.ts";

/** Where APG sends the shopper and its IPN pings, under the shop's origin. */
export const ALFALAH_PATHS = {
  return: "/api/payments/alfalah/return",
  ipn: "/api/payments/alfalah/ipn",
};

export const ALFALAH_SANDBOX = "/sandbox/alfalah";

/** What APG's sandbox and the shop share: merchant identity, hash, login and the two keys. */
export type AlfalahSecrets = Omit<AlfalahConfig, "baseUrl">;

export const alfalahSettings: GatewaySettings<AlfalahConfig, AlfalahSecrets> = {
  live(config, check) {
    if (!config.ALFALAH_URL) return null;
    const cfg: AlfalahConfig = {
      baseUrl: withoutSlash(config.ALFALAH_URL),
      merchantId: check.need("ALFALAH_MERCHANT_ID"),
      storeId: check.need("ALFALAH_STORE_ID"),
      merchantHash: check.need("ALFALAH_MERCHANT_HASH"),
      username: check.need("ALFALAH_USERNAME"),
      password: check.need("ALFALAH_PASSWORD"),
      key1: check.need("ALFALAH_KEY1"),
      key2: check.need("ALFALAH_KEY2"),
    };
    return async () => cfg;
  },
  sandbox: {
    secrets: async () => ({
      merchantId: randomDigits(4),
      storeId: randomDigits(6),
      merchantHash: randomToken(32),
      username: "maidan",
      password: randomToken(12),
      key1: randomToken(16),
      key2: randomDigits(16),
    }),
    settings: (s) => ({ ...s, baseUrl: ALFALAH_SANDBOX }),
    legacy: (set) => (set.alfalah as AlfalahSecrets | undefined) ?? null,
  },
};
