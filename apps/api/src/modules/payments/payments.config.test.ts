import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "@maidan/config/config";
import { describe, expect, it } from "vitest";
import { gatewayConfigs, sandboxGateways } from "./payments.config.ts";

const env = (extra: Record<string, string>) =>
  loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), "maidan-pay-")),
    PUBLIC_URL: "https://maidan.pk",
    ...extra,
  });

describe("gateway configuration", () => {
  it("uses every sandbox in development", () => {
    expect(sandboxGateways(gatewayConfigs(env({ NODE_ENV: "development" })))).toHaveLength(5);
  });

  it("refuses sandboxes in production unless PAYMENTS_SANDBOX=true", () => {
    expect(() => gatewayConfigs(env({ NODE_ENV: "production" }))).toThrow(/PAYMENTS_SANDBOX/);
    expect(() =>
      gatewayConfigs(env({ NODE_ENV: "production", PAYMENTS_SANDBOX: "true" })),
    ).not.toThrow();
  });

  it("a live gateway needs all its credentials, named one per line", () => {
    expect(() =>
      gatewayConfigs(
        env({
          NODE_ENV: "development",
          EASYPAISA_URL: "https://easypay.easypaisa.com.pk",
          EASYPAISA_STORE_ID: "1",
        }),
      ),
    ).toThrow(/EASYPAISA_HASH_KEY[\s\S]*EASYPAISA_ACCOUNT_NUM/);
    const live = gatewayConfigs(
      env({
        NODE_ENV: "development",
        NIFT_URL: "https://merchants.niftepay.pk/CustomerPortal/transactionmanagement/merchantform",
        NIFT_MERCHANT_ID: "M",
        NIFT_PASSWORD: "p",
        NIFT_SALT: "s",
      }),
    );
    expect(live.nift.mode).toBe("live");
    expect(sandboxGateways(live)).not.toContain("nift");
  });
});
