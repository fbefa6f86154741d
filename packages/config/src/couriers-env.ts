import { z } from "zod";

const opt = () => z.string().optional();
const url = () => z.url().optional();

/**
 * Couriers (issue #14, decision 045). A courier is live when its URL is set, and then its API key
 * must be set too. With no URL it is booked against the built-in sandbox at
 * /sandbox/couriers/<courier>, which speaks the courier's API; production refuses the sandboxes
 * unless PAYMENTS_SANDBOX=true (the shop's test mode, decision 024).
 */
export const couriersEnv = {
  /** How often shipped orders' tracking is polled (0: never). */
  COURIER_TRACK_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(900_000),
  COURIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),

  /** TCS COD booking API (api.tcscourier.com): the `X-IBM-Client-Id` header and the account. */
  TCS_URL: url(),
  TCS_API_KEY: opt(),
  TCS_USERNAME: opt(),
  TCS_PASSWORD: opt(),
  TCS_COST_CENTER: opt(),

  /** Leopards (merchantapi.leopardscourier.com/api): api_key and api_password in each body. */
  LEOPARDS_URL: url(),
  LEOPARDS_API_KEY: opt(),
  LEOPARDS_API_PASSWORD: opt(),

  /** PostEx (api.postex.pk/services/integration/api): the `token` header. */
  POSTEX_URL: url(),
  POSTEX_TOKEN: opt(),
  POSTEX_PICKUP_ADDRESS_CODE: opt(),
};
