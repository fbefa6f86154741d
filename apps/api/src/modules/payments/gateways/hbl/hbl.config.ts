import { readFileSync } from "node:fs";
import { randomToken, rsaKeyPair } from "../config-helpers.ts";
import type { GatewaySettings } from "../payment-gateway.ts";
import type { HblConfig } from "./hbl.ts";

/** Where HBL sends the shopper back, each with the attempt's own secret token (decision 022). */
export const HBL_PATHS = {
  return: "/api/payments/hbl/return",
  cancel: "/api/payments/hbl/cancel",
};

export const HBL_SANDBOX = {
  api: "/sandbox/hbl/HBLPay/api/checkout",
  page: "/sandbox/hbl/HBLPay/Site/index.html#/checkout?data=",
};

/**
 * What HBL's sandbox holds: the merchant's login, HBL's own key pair (requests are encrypted to
 * its public half) and the merchant's pair (returns are encrypted to the merchant's public half,
 * which HBL keeps). RSA-4096 on both sides: the return is decrypted in 512-byte blocks.
 */
export type HblSecrets = {
  userId: string;
  password: string;
  channel: string;
  hblPrivate: string;
  hblPublic: string;
  merchantPrivate: string;
  merchantPublic: string;
};

export const hblSettings: GatewaySettings<HblConfig, HblSecrets> = {
  live(config, check) {
    if (!config.HBL_API_URL) return null;
    const base = {
      apiUrl: config.HBL_API_URL,
      redirectUrl: check.need("HBL_REDIRECT_URL"),
      userId: check.need("HBL_USER_ID"),
      password: check.need("HBL_PASSWORD"),
      channel: check.need("HBL_CHANNEL"),
    };
    const pub = check.pem("HBL_PUBLIC_KEY_FILE");
    const priv = check.pem("HBL_MERCHANT_PRIVATE_KEY_FILE");
    return async () => ({
      ...base,
      hblPublicKey: readFileSync(pub, "utf8"),
      merchantPrivateKey: readFileSync(priv, "utf8"),
    });
  },
  sandbox: {
    async secrets() {
      const [bank, merchant] = await Promise.all([rsaKeyPair(4096), rsaKeyPair(4096)]);
      return {
        userId: "maidan_sandbox",
        password: randomToken(16),
        channel: "HBLPay_Maidan",
        hblPrivate: bank.privateKey,
        hblPublic: bank.publicKey,
        merchantPrivate: merchant.privateKey,
        merchantPublic: merchant.publicKey,
      };
    },
    settings: (s) => ({
      apiUrl: HBL_SANDBOX.api,
      redirectUrl: HBL_SANDBOX.page,
      userId: s.userId,
      password: s.password,
      channel: s.channel,
      hblPublicKey: s.hblPublic,
      merchantPrivateKey: s.merchantPrivate,
    }),
    legacy(set) {
      const hbl = set.hbl as Pick<HblSecrets, "userId" | "password" | "channel"> | undefined;
      const keys = set.keys as Omit<HblSecrets, "userId" | "password" | "channel"> | undefined;
      return hbl && keys
        ? {
            ...hbl,
            hblPrivate: keys.hblPrivate,
            hblPublic: keys.hblPublic,
            merchantPrivate: keys.merchantPrivate,
            merchantPublic: keys.merchantPublic,
          }
        : null;
    },
  },
};
