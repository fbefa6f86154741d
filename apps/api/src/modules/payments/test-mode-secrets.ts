import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "@maidan/config/config";
import { databaseSecrets, type SecretStore } from "@maidan/db/shared-secrets";
import { memo } from "./gateways/config-helpers.ts";
import type { PaymentGateway } from "./gateways/payment-gateway.ts";

/**
 * What each sandbox holds in place of its bank (the merchant's credentials, the bank's keys),
 * made by the first instance that needs them and kept per gateway: in the shared database when
 * there is one, so every instance agrees (decision 031), else under DATA_DIR (mode 600). A
 * gateway added later simply makes its own. Secrets an older version kept for all gateways in
 * one set are taken over, so its payments under way still verify.
 */
export function sandboxSecretStore(config: Config, dir: string) {
  const shared = config.DATABASE_URL ? databaseSecrets(config.DATABASE_URL) : null;
  const legacyFile = join(dir, "secrets.json");
  const legacy = memo(async () => {
    const stored = shared ? await peek(shared, "payments-sandbox") : null;
    const text = stored ?? (existsSync(legacyFile) ? readFileSync(legacyFile, "utf8") : null);
    return text ? (JSON.parse(text) as Record<string, unknown>) : null;
  });
  const perGateway = new Map<string, () => Promise<unknown>>();
  return {
    of(g: PaymentGateway): Promise<unknown> {
      let get = perGateway.get(g.name);
      if (!get) {
        get = memo(async () => {
          const make = async () => {
            const old = await legacy();
            const kept = old ? g.settings.sandbox.legacy?.(old) : null;
            return JSON.stringify(kept ?? (await g.settings.sandbox.secrets()));
          };
          const text = shared
            ? await shared.get(`payments-sandbox:${g.name}`, make)
            : await fileSecret(dir, `${g.name}.json`, make);
          return JSON.parse(text) as unknown;
        });
        perGateway.set(g.name, get);
      }
      return get();
    },
  };
}

/** A secret file made once: another process may write its own meanwhile, and the first wins. */
async function fileSecret(dir: string, name: string, make: () => Promise<string>) {
  const file = join(dir, name);
  if (existsSync(file)) return readFileSync(file, "utf8");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const value = await make();
  try {
    writeFileSync(file, value, { mode: 0o600, flag: "wx" });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    return readFileSync(file, "utf8");
  }
  return value;
}

class Absent extends Error {}

/** A shared secret if some instance stored it, without storing one. */
async function peek(store: SecretStore, name: string): Promise<string | null> {
  try {
    return await store.get(name, () => {
      throw new Absent();
    });
  } catch (e) {
    if (e instanceof Absent) return null;
    throw e;
  }
}
