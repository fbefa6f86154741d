import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "@maidan/config/config";
import { describe, expect, it } from "vitest";
import { defineGateway } from "./gateways/payment-gateway.ts";
import { GATEWAYS } from "./gateways/registry.ts";
import { refundInPortal } from "./gateways/route-kit.ts";
import { sandboxSecretStore } from "./test-mode-secrets.ts";

/**
 * Sandbox secrets are kept per gateway (decision 033): a gateway added later makes its own, and
 * the one set an older version kept for all five is taken over, so its payments still verify.
 */
const config = () => loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), "maidan-secrets-")) });

let made = 0;
const fake = (name: string) =>
  defineGateway<{ key: string }, { key: string }>({
    name,
    label: name,
    methods: [name],
    settings: {
      live: () => null,
      sandbox: {
        secrets: async () => ({ key: `made-${++made}` }),
        settings: (s) => s,
        legacy: (set) => (set[name] as { key: string } | undefined) ?? null,
      },
    },
    sandbox: async () => {},
    start: async () => ({ ok: false, message: "no" }),
    refund: refundInPortal,
    routes: { start: [], signals: [] },
  });

describe("sandbox secrets", () => {
  it("are made once per gateway and kept under DATA_DIR, one file each (mode 600)", async () => {
    const c = config();
    const dir = join(c.dataDir, "payments-sandbox");
    const first = await sandboxSecretStore(c, dir).of(fake("alpha"));
    // Another process (a new store) reads what the first one kept.
    expect(await sandboxSecretStore(c, dir).of(fake("alpha"))).toEqual(first);
    expect(JSON.parse(readFileSync(join(dir, "alpha.json"), "utf8"))).toEqual(first);
    expect(await sandboxSecretStore(c, dir).of(fake("beta"))).not.toEqual(first);
    expect(existsSync(join(dir, "beta.json"))).toBe(true);
  });

  it("take over an older version's one set for every gateway, and make the missing ones", async () => {
    const c = config();
    const dir = join(c.dataDir, "payments-sandbox");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "secrets.json"), JSON.stringify({ alpha: { key: "from-before" } }));
    const store = sandboxSecretStore(c, dir);
    expect(await store.of(fake("alpha"))).toEqual({ key: "from-before" });
    expect(await store.of(fake("gamma"))).toEqual({ key: expect.stringMatching(/^made-/) });
  });

  it("each of the five reads its part of that set, keys included", () => {
    const keys = {
      hblPrivate: "hbl-private",
      hblPublic: "hbl-public",
      merchantPrivate: "merchant-private",
      merchantPublic: "merchant-public",
      keenuPrivate: "keenu-private",
      keenuPublic: "keenu-public",
    };
    const old = {
      easypaisa: { baseUrl: "/sandbox/easypaisa", storeId: "12345", hashKey: "h".repeat(16) },
      alfalah: { baseUrl: "/sandbox/alfalah", merchantId: "1234", key1: "k".repeat(16) },
      nift: { formUrl: "/sandbox/nift/x", merchantId: "MC12345", salt: "salt" },
      keenu: { merchantId: "123456", clientId: "1234", password: "p", secret: "s" },
      hbl: { userId: "maidan_sandbox", password: "p", channel: "HBLPay_Maidan" },
      keys,
    };
    const settings = Object.fromEntries(
      GATEWAYS.map((g) => {
        const kept = g.settings.sandbox.legacy?.(old) ?? null;
        return [g.name, kept === null ? null : g.settings.sandbox.settings(kept)];
      }),
    );
    expect(settings).toMatchObject({
      easypaisa: { baseUrl: "/sandbox/easypaisa", storeId: "12345" },
      alfalah: { baseUrl: "/sandbox/alfalah", merchantId: "1234" },
      nift: {
        merchantId: "MC12345",
        salt: "salt",
        inquiryUrl: expect.stringMatching(/^\/sandbox/),
      },
      keenu: { merchantId: "123456", secret: "s", merchantPrivateKey: "keenu-private" },
      hbl: {
        userId: "maidan_sandbox",
        hblPublicKey: "hbl-public",
        merchantPrivateKey: "merchant-private",
      },
    });
  });
});
