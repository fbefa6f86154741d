import { type Config, ConfigError } from "@maidan/config/config";
import { randomToken } from "../payments/gateways/config-helpers.ts";
import type { CourierName, CourierSettings } from "./courier.ts";

/** Where each courier's sandbox answers (couriers-sandbox.routes.ts). */
export const sandboxBase = (name: CourierName) => `/sandbox/couriers/${name}`;

/**
 * Each courier's settings (decision 045): live when its URL is set (then its key must be set
 * too), else its sandbox, with a key made for this process, when sandboxes are allowed (not in
 * production unless PAYMENTS_SANDBOX=true); null when neither (it cannot be booked).
 */
export function courierSettings(config: Config): Record<CourierName, CourierSettings | null> {
  const sandboxes = !config.isProduction || config.PAYMENTS_SANDBOX === true;
  const one = (
    name: CourierName,
    url: string | undefined,
    key: string | undefined,
    extra: Record<string, string | undefined>,
  ): CourierSettings | null => {
    const defined = Object.fromEntries(
      Object.entries(extra).filter((e): e is [string, string] => e[1] !== undefined),
    );
    if (url) {
      if (!key)
        throw new ConfigError([
          `config: ${name.toUpperCase()}: its URL is set but not its API key`,
        ]);
      return { baseUrl: url.replace(/\/$/, ""), apiKey: key, extra: defined, live: true };
    }
    return sandboxes
      ? { baseUrl: sandboxBase(name), apiKey: randomToken(24), extra: defined, live: false }
      : null;
  };
  return {
    tcs: one("tcs", config.TCS_URL, config.TCS_API_KEY, {
      username: config.TCS_USERNAME,
      password: config.TCS_PASSWORD,
      costCenter: config.TCS_COST_CENTER,
    }),
    leopards: one("leopards", config.LEOPARDS_URL, config.LEOPARDS_API_KEY, {
      password: config.LEOPARDS_API_PASSWORD,
    }),
    postex: one("postex", config.POSTEX_URL, config.POSTEX_TOKEN, {
      pickupAddressCode: config.POSTEX_PICKUP_ADDRESS_CODE,
    }),
  };
}
