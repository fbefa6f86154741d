import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");
const opt = () => z.string().optional();
const url = () => z.url().optional();
/** A value NIFT signs in its '&'-joined list: it must not hold '&' or '=' (decision 022). */
const niftValue = () =>
  z
    .string()
    .refine((v) => !/[&=]/.test(v), "may not contain '&' or '='")
    .optional();

/**
 * "hbl, Keenu" → ["hbl", "keenu"]. Which names exist is the payments' registry's to say: it
 * refuses an unknown one at start, naming the gateways it has.
 */
const gatewayList = z.string().transform((v) => [
  ...new Set(
    v
      .split(",")
      .map((g) => g.trim().toLowerCase())
      .filter(Boolean),
  ),
]);

/**
 * Payment gateways (issue #6). A gateway is live when its URL is set, and then its credentials
 * must be set too (checked by the gateway's own settings, gateways/<name>/<name>.config.ts in
 * the payments module). With no URL it runs against the built-in sandbox at /sandbox/<gateway>,
 * which production refuses unless PAYMENTS_SANDBOX=true (test mode, shown on every page;
 * decision 024). PAYMENTS_DISABLED switches gateways off. Every variable is described in the
 * README and docs/operations.md; a new gateway adds its block here (decision 033).
 */
export const paymentsEnv = {
  PAYMENTS_SANDBOX: bool.optional(),
  PAYMENTS_DISABLED: gatewayList.default([]),
  PAYMENT_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  PAYMENT_INQUIRY_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  PAYMENT_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  PAYMENT_CALLBACK_MAX_AGE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  /** Smallest and largest wallet top-up (POST /api/pay/easypaisa_wallet), whole rupees. */
  WALLET_TOPUP_MIN: z.coerce.number().int().min(1).max(1_000_000).default(100),
  WALLET_TOPUP_MAX: z.coerce.number().int().min(1).max(1_000_000).default(50_000),
  SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  SANDBOX_FAIL: z.enum(["none", "error", "timeout"]).default("none"),

  EASYPAISA_URL: url(),
  EASYPAISA_STORE_ID: opt(),
  EASYPAISA_HASH_KEY: opt(),
  EASYPAISA_ACCOUNT_NUM: opt(),
  EASYPAISA_USERNAME: opt(),
  EASYPAISA_PASSWORD: opt(),

  ALFALAH_URL: url(),
  ALFALAH_MERCHANT_ID: opt(),
  ALFALAH_STORE_ID: opt(),
  ALFALAH_MERCHANT_HASH: opt(),
  ALFALAH_USERNAME: opt(),
  ALFALAH_PASSWORD: opt(),
  ALFALAH_KEY1: opt(),
  ALFALAH_KEY2: opt(),

  HBL_API_URL: url(),
  HBL_REDIRECT_URL: url(),
  HBL_USER_ID: opt(),
  HBL_PASSWORD: opt(),
  HBL_CHANNEL: opt(),
  HBL_PUBLIC_KEY_FILE: opt(),
  HBL_MERCHANT_PRIVATE_KEY_FILE: opt(),

  KEENU_REDIRECT_URL: url(),
  KEENU_BANKS_URL: url(),
  KEENU_MERCHANT_ID: opt(),
  KEENU_CLIENT_ID: opt(),
  KEENU_PASSWORD: opt(),
  KEENU_SECRET: opt(),
  KEENU_PRIVATE_KEY_FILE: opt(),

  NIFT_URL: url(),
  NIFT_INQUIRY_URL: url(),
  NIFT_MERCHANT_ID: niftValue(),
  NIFT_SUB_MERCHANT_ID: niftValue(),
  NIFT_PASSWORD: niftValue(),
  NIFT_SALT: opt(),
};
