import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kv, memoryKv, redisKv } from "@maidan/api/lib/kv";
import { hashPassword } from "@maidan/api/modules/auth/password";
import { createMediaStorage } from "@maidan/api/modules/media/create-media-storage";
import type { PaymentGateway } from "@maidan/api/modules/payments/gateways/payment-gateway";
import type { OrderPayments } from "@maidan/api/modules/payments/payments.ports";
import { type Config, loadConfig } from "@maidan/config/config";
import type { Database } from "@maidan/db/database";
import { DEFAULT_SHOPPER, seedDatabase } from "@maidan/db/seed/index";
import { createTestDatabase } from "@maidan/db/testing/test-database";
import type { DestinationStream } from "@maidan/observability/log";
import { inject } from "vitest";
import { type App, buildApp } from "../app.ts";

// Images are generated once per run and shared by every test file.
const MEDIA = join(tmpdir(), "maidan-test-media");

export type TestApp = {
  app: App;
  kv: Kv;
  database: Database;
  config: Config;
  close: () => Promise<void>;
};

/**
 * The API on a fresh seeded database of its own, called in-process with `app.inject`.
 * Uses Redis for the key-value store when TEST_REDIS_URL is set.
 */
export async function createTestApp(
  opts: {
    products?: number;
    seed?: boolean;
    /** Seed the demo automatic promotions too (off: the money tests of other modules assume none). */
    promotions?: boolean;
    extend?: (app: App, config: Config) => void;
    /** Extra configuration (environment variables), e.g. a short gateway timeout. */
    env?: Record<string, string>;
    /** Payment gateways besides the registry's, defined by the test. */
    extraGateways?: readonly PaymentGateway[];
    /** Stands in for the checkout's side of online payment (a recorder, payments.int.test.ts). */
    paymentsOrders?: OrderPayments;
    /** Where the app's log lines go (captureLogs); give LOG_LEVEL in `env` to get any. */
    logTo?: DestinationStream;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(inject("pgServerUrl"));
  if (opts.seed !== false) {
    await seedDatabase(database.db, {
      products: opts.products ?? 60,
      mediaDir: MEDIA,
      admin: { email: "admin@test.pk", password: "admin-pass-123" },
      shopper: DEFAULT_SHOPPER,
      hashPassword,
      promotions: opts.promotions ?? false,
    });
  }
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: mkdtempSync(join(tmpdir(), "maidan-data-")),
    DATABASE_URL: database.url,
    ...opts.env,
  });
  const redisUrl = process.env.TEST_REDIS_URL;
  const kv = redisUrl ? await redisKv(redisUrl, `maidan-test-${process.pid}:`) : memoryKv();
  const media = createMediaStorage(config);
  const app = await buildApp(
    { config, database, kv, media },
    { extraGateways: opts.extraGateways, paymentsOrders: opts.paymentsOrders, logTo: opts.logTo },
  );
  opts.extend?.(app, config);
  await app.ready();
  return {
    app,
    kv,
    database,
    config,
    close: async () => {
      await app.close();
      media.close();
      await kv.close();
      await database.close();
    },
  };
}
