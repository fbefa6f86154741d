import { randomDigits, randomToken, withoutSlash } from "../config-helpers.ts";
import type { GatewaySettings } from "../payment-gateway.ts";
import type { EasypaisaConfig } from "./easypaisa.ts";

/** Where Easypay sends the shopper and its IPN pings, under the shop's origin. */
export const EASYPAISA_PATHS = {
  /** The first postBackURL: a storefront page that posts the token on to Confirm.jsf. */
  firstPostBack: "/pgw/easypaisa",
  secondPostBack: "/api/payments/easypaisa/return",
  ipn: "/api/payments/easypaisa/ipn",
};

export const EASYPAISA_SANDBOX = "/sandbox/easypaisa";

/** What Easypay's sandbox and the shop share: the store, its hash key and Open API login. */
export type EasypaisaSecrets = Omit<EasypaisaConfig, "baseUrl">;

export const easypaisaSettings: GatewaySettings<EasypaisaConfig, EasypaisaSecrets> = {
  live(config, check) {
    if (!config.EASYPAISA_URL) return null;
    const cfg: EasypaisaConfig = {
      baseUrl: withoutSlash(config.EASYPAISA_URL),
      storeId: check.need("EASYPAISA_STORE_ID"),
      hashKey: check.need("EASYPAISA_HASH_KEY"),
      accountNum: check.need("EASYPAISA_ACCOUNT_NUM"),
      username: check.need("EASYPAISA_USERNAME"),
      password: check.need("EASYPAISA_PASSWORD"),
    };
    return async () => cfg;
  },
  sandbox: {
    secrets: async () => ({
      storeId: randomDigits(5),
      hashKey: randomToken(16),
      accountNum: randomDigits(9),
      username: "maidan-sandbox",
      password: randomToken(16),
    }),
    settings: (s) => ({ ...s, baseUrl: EASYPAISA_SANDBOX }),
    legacy: (set) => (set.easypaisa as EasypaisaSecrets | undefined) ?? null,
  },
};
