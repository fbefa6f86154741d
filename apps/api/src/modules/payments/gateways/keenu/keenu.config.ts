import { readFileSync } from "node:fs";
import { randomDigits, randomToken, rsaKeyPair } from "../config-helpers.ts";
import type { GatewaySettings } from "../payment-gateway.ts";
import type { KeenuConfig } from "./keenu.ts";

/** Where the merchant portal points Keenu's signed callback (browser and server alike). */
export const KEENU_CALLBACK = "/api/payments/keenu/callback";

export const KEENU_SANDBOX = {
  redirect: "/sandbox/keenu/redirect",
  banks: "/sandbox/keenu/banks",
};

/**
 * What Keenu's sandbox holds: the merchant's identity, the GetBanks password, the callback's
 * shared secret, and the merchant's RSA key pair (Keenu verifies requests with the public half).
 */
export type KeenuSecrets = {
  merchantId: string;
  clientId: string;
  password: string;
  secret: string;
  merchantPrivate: string;
  merchantPublic: string;
};

export const keenuSettings: GatewaySettings<KeenuConfig, KeenuSecrets> = {
  live(config, check) {
    if (!config.KEENU_REDIRECT_URL) return null;
    const base = {
      redirectUrl: config.KEENU_REDIRECT_URL,
      banksUrl: check.need("KEENU_BANKS_URL"),
      merchantId: check.need("KEENU_MERCHANT_ID"),
      clientId: check.need("KEENU_CLIENT_ID"),
      password: check.need("KEENU_PASSWORD"),
      secret: check.need("KEENU_SECRET"),
    };
    const priv = check.pem("KEENU_PRIVATE_KEY_FILE");
    return async () => ({ ...base, merchantPrivateKey: readFileSync(priv, "utf8") });
  },
  sandbox: {
    async secrets() {
      const merchant = await rsaKeyPair(2048);
      return {
        merchantId: randomDigits(6),
        clientId: randomDigits(4),
        password: randomToken(12),
        secret: randomToken(24),
        merchantPrivate: merchant.privateKey,
        merchantPublic: merchant.publicKey,
      };
    },
    settings: (s) => ({
      redirectUrl: KEENU_SANDBOX.redirect,
      banksUrl: KEENU_SANDBOX.banks,
      merchantId: s.merchantId,
      clientId: s.clientId,
      password: s.password,
      secret: s.secret,
      merchantPrivateKey: s.merchantPrivate,
    }),
    legacy(set) {
      const k = set.keenu as Omit<KeenuSecrets, "merchantPrivate" | "merchantPublic"> | undefined;
      const keys = set.keys as { keenuPrivate: string; keenuPublic: string } | undefined;
      return k && keys
        ? { ...k, merchantPrivate: keys.keenuPrivate, merchantPublic: keys.keenuPublic }
        : null;
    },
  },
};
