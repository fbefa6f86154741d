import { existsSync } from "node:fs";
import { join } from "node:path";
import { type Config, ConfigError } from "@maidan/config/config";
import { AppError } from "@maidan/contracts/errors";
import { memo } from "./gateways/config-helpers.ts";
import type { GatewayRegistry } from "./gateways/gateway-registry.ts";
import type { SettingsCheck } from "./gateways/payment-gateway.ts";
import { sandboxSecretStore } from "./test-mode-secrets.ts";

/**
 * How a gateway runs: `live` (its URL is set), `sandbox` (the built-in one) or `off` (switched
 * off with PAYMENTS_DISABLED and not live: no configuration at all). `enabled` says whether new
 * payments may start; a live gateway switched off still verifies what its payments send back.
 */
export type GatewayMode = {
  mode: "live" | "sandbox" | "off";
  enabled: boolean;
  config: () => Promise<unknown>;
};

export type GatewayConfigs = {
  /** Each registered gateway's mode, in the registry's order. */
  modes: ReadonlyMap<string, GatewayMode>;
  /** What a gateway's sandbox holds in place of the bank (its routes, and tests signing as it). */
  sandboxSecrets(name: string): Promise<unknown>;
  /** Some enabled gateway takes sandbox payments: every page says so (decision 024). */
  testMode: boolean;
};

/** A switched-off gateway's payments and callbacks: 400 with the reason (decision 024). */
export const switchedOff = (label: string) =>
  new AppError(
    "GATEWAY_DISABLED",
    `${label} is switched off at this shop. Please choose another payment method.`,
  );

/**
 * Each registered gateway is live when its settings say so (then every credential must be set
 * too), off when PAYMENTS_DISABLED names it and it is not live, else it runs against its
 * built-in sandbox. Sandboxes need PAYMENTS_SANDBOX=true in production (decision 024). Throws
 * ConfigError with one line per problem.
 */
export function gatewayConfigs(config: Config, registry: GatewayRegistry): GatewayConfigs {
  const problems: string[] = [];
  const unknown = config.PAYMENTS_DISABLED.filter((g) => !registry.get(g));
  if (unknown.length > 0)
    problems.push(
      `config: PAYMENTS_DISABLED: a comma list of ${registry.names.join(", ")}; ${unknown.join(", ")} is none of them`,
    );
  const check: SettingsCheck = {
    need(name) {
      const v = config[name];
      if (typeof v !== "string" || v === "")
        problems.push(`config: ${String(name)}: required when the gateway is live`);
      return typeof v === "string" ? v : "";
    },
    pem(name) {
      const file = check.need(name);
      if (file && !existsSync(file)) problems.push(`config: ${String(name)}: no such file ${file}`);
      return file;
    },
  };
  const secrets = sandboxSecretStore(config, join(config.dataDir, "payments-sandbox"));
  const off = new Set(config.PAYMENTS_DISABLED);
  const modes = new Map<string, GatewayMode>();
  for (const g of registry.all) {
    const live = g.settings.live(config, check);
    const mode: GatewayMode = live
      ? { mode: "live", enabled: true, config: memo(live) }
      : {
          mode: "sandbox",
          enabled: true,
          config: memo(async () => g.settings.sandbox.settings(await secrets.of(g))),
        };
    if (!off.has(g.name)) modes.set(g.name, mode);
    else if (mode.mode === "live") modes.set(g.name, { ...mode, enabled: false });
    else
      modes.set(g.name, {
        mode: "off",
        enabled: false,
        config: () => Promise.reject(switchedOff(g.label)),
      });
  }
  const inSandbox = [...modes].filter(([, m]) => m.mode === "sandbox").map(([name]) => name);
  const sandboxAllowed = config.PAYMENTS_SANDBOX ?? !config.isProduction;
  if (inSandbox.length > 0 && !sandboxAllowed) {
    problems.push(
      `config: PAYMENTS_SANDBOX: ${config.isProduction ? "production" : "this start"} has gateways without live settings (${inSandbox.join(", ")}); configure them live, switch them off with PAYMENTS_DISABLED=${inSandbox.join(",")}, or set PAYMENTS_SANDBOX=true to take test payments`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    modes,
    testMode: inSandbox.length > 0,
    sandboxSecrets: async (name) => {
      const g = registry.get(name);
      if (!g) throw new Error(`payments: no gateway ${name}`);
      return secrets.of(g);
    },
  };
}

/** Gateways running against the built-in sandbox (their routes are mounted under /sandbox). */
export const sandboxGateways = (c: GatewayConfigs) =>
  [...c.modes].filter(([, m]) => m.mode === "sandbox").map(([name]) => name);

/** Gateways that take new payments (offered at checkout). */
export const enabledGateways = (c: GatewayConfigs) =>
  [...c.modes].filter(([, m]) => m.enabled).map(([name]) => name);
