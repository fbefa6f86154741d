import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Config, loadConfig } from "@maidan/config/config";
import { describe, expect, it } from "vitest";
import { gatewayRegistry } from "./gateways/registry.ts";
import {
  gatewayConfigs as configsOf,
  enabledGateways,
  sandboxGateways,
} from "./payments.config.ts";

const env = (extra: Record<string, string>) =>
  loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), "maidan-pay-")),
    PUBLIC_URL: "https://maidan.pk",
    ...extra,
  });

const gatewayConfigs = (config: Config) => configsOf(config, gatewayRegistry());

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

  it("is in test mode whenever an enabled gateway is a sandbox (decision 024)", () => {
    expect(gatewayConfigs(env({ NODE_ENV: "development" })).testMode).toBe(true);
    expect(gatewayConfigs(env({ NODE_ENV: "production", PAYMENTS_SANDBOX: "true" })).testMode).toBe(
      true,
    );
    // PAYMENTS_SANDBOX=false is as strict as production, in any environment.
    expect(() =>
      gatewayConfigs(env({ NODE_ENV: "development", PAYMENTS_SANDBOX: "false" })),
    ).toThrow(/this start has gateways without live settings/);
  });

  it("PAYMENTS_DISABLED switches gateways off: production starts with the rest live, out of test mode", () => {
    const all = "easypaisa,alfalah,hbl,keenu,nift";
    const off = gatewayConfigs(env({ NODE_ENV: "production", PAYMENTS_DISABLED: all }));
    expect(off.testMode).toBe(false);
    expect(enabledGateways(off)).toEqual([]);
    expect(sandboxGateways(off)).toEqual([]);
    expect(off.modes.get("hbl")?.mode).toBe("off");
    // Only the enabled gateways without live settings are named.
    expect(() =>
      gatewayConfigs(env({ NODE_ENV: "production", PAYMENTS_DISABLED: "hbl, Keenu" })),
    ).toThrow(
      "config: PAYMENTS_SANDBOX: production has gateways without live settings (easypaisa, alfalah, nift); configure them live, switch them off with PAYMENTS_DISABLED=easypaisa,alfalah,nift, or set PAYMENTS_SANDBOX=true to take test payments",
    );
    // With sandbox mode explicit, the others are sandboxes and the switched-off ones are off.
    const some = gatewayConfigs(
      env({ NODE_ENV: "production", PAYMENTS_SANDBOX: "true", PAYMENTS_DISABLED: "hbl,keenu" }),
    );
    expect(enabledGateways(some)).toEqual(["easypaisa", "alfalah", "nift"]);
    expect(sandboxGateways(some)).toEqual(["easypaisa", "alfalah", "nift"]);
  });

  it("a live gateway switched off keeps its settings for payments already made, but takes no new ones", async () => {
    const c = gatewayConfigs(
      env({
        NODE_ENV: "production",
        PAYMENTS_DISABLED: "easypaisa,hbl,keenu,nift",
        ALFALAH_URL: "https://payments.bankalfalah.com",
        ALFALAH_MERCHANT_ID: "1",
        ALFALAH_STORE_ID: "2",
        ALFALAH_MERCHANT_HASH: "h",
        ALFALAH_USERNAME: "u",
        ALFALAH_PASSWORD: "p",
        ALFALAH_KEY1: "k".repeat(16),
        ALFALAH_KEY2: "1".repeat(16),
      }),
    );
    expect(c.modes.get("alfalah")).toMatchObject({ mode: "live", enabled: true });
    const alsoOff = gatewayConfigs(
      env({
        NODE_ENV: "production",
        PAYMENTS_DISABLED: "easypaisa,alfalah,hbl,keenu,nift",
        ALFALAH_URL: "https://payments.bankalfalah.com",
        ALFALAH_MERCHANT_ID: "1",
        ALFALAH_STORE_ID: "2",
        ALFALAH_MERCHANT_HASH: "h",
        ALFALAH_USERNAME: "u",
        ALFALAH_PASSWORD: "p",
        ALFALAH_KEY1: "k".repeat(16),
        ALFALAH_KEY2: "1".repeat(16),
      }),
    );
    expect(alsoOff.modes.get("alfalah")).toMatchObject({ mode: "live", enabled: false });
    await expect(alsoOff.modes.get("alfalah")?.config()).resolves.toMatchObject({
      merchantId: "1",
    });
    await expect(alsoOff.modes.get("hbl")?.config()).rejects.toMatchObject({
      status: 400,
      message: "HBL Pay is switched off at this shop. Please choose another payment method.",
    });
  });

  it("refuses an unknown gateway in PAYMENTS_DISABLED, naming the registered ones", () => {
    expect(() => gatewayConfigs(env({ PAYMENTS_DISABLED: "hbl,jazzcash" }))).toThrow(
      "config: PAYMENTS_DISABLED: a comma list of easypaisa, alfalah, hbl, keenu, nift; jazzcash is none of them",
    );
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
    const nift = {
      NODE_ENV: "development",
      NIFT_URL: "https://merchants.niftepay.pk/CustomerPortal/transactionmanagement/merchantform",
      NIFT_INQUIRY_URL: "https://merchants.niftepay.pk/ApplicationAPI/API/PaymentInquiry/Inquire",
      NIFT_MERCHANT_ID: "M",
      NIFT_PASSWORD: "p",
      NIFT_SALT: "s",
    };
    const live = gatewayConfigs(env(nift));
    expect(live.modes.get("nift")?.mode).toBe("live");
    expect(sandboxGateways(live)).not.toContain("nift");
    // NIFT is trusted only after its status inquiry (decision 022): live needs its URL too.
    const { NIFT_INQUIRY_URL: _, ...noInquiry } = nift;
    expect(() => gatewayConfigs(env(noInquiry))).toThrow(/NIFT_INQUIRY_URL: required/);
  });

  it("refuses NIFT credentials that would make its signed list ambiguous", () => {
    expect(() => env({ NIFT_PASSWORD: "a&b" })).toThrow(/NIFT_PASSWORD: may not contain/);
    expect(() => env({ NIFT_MERCHANT_ID: "M=1" })).toThrow(/NIFT_MERCHANT_ID/);
  });
});
