import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { type Kv, memoryKv, redisKv } from "@maidan/api/lib/kv";
import { hashPassword } from "@maidan/api/modules/auth/password";
import { createMediaStorage } from "@maidan/api/modules/media/create-media-storage";
import type { MediaStorage } from "@maidan/api/modules/media/media-storage";
import { type Config, ConfigError, loadConfig } from "@maidan/config/config";
import {
  type Database,
  migrateDatabase,
  openDatabase,
  redact,
  settingsWarnings,
} from "@maidan/db/database";
import { DEFAULT_SHOPPER, isSeeded, seedDatabase } from "@maidan/db/seed/index";
import { DEFAULT_MANAGER_EMAIL } from "@maidan/db/seed/staff";
import { databaseSecrets } from "@maidan/db/shared-secrets";
import { seedProgress } from "./lib/seed-progress.ts";

export type Runtime = {
  config: Config;
  database: Database;
  kv: Kv;
  media: MediaStorage;
  close: () => Promise<void>;
};

const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * Everything the server needs before it listens: config, database (embedded or external),
 * migrations, the secrets instances share, the media storage, first-start seed, and the shared
 * key-value store.
 */
export async function bootRuntime(env = process.env): Promise<Runtime> {
  const loaded = loadConfig(env);
  const database = await openDatabase({
    databaseUrl: loaded.DATABASE_URL,
    dataDir: loaded.dataDir,
    poolMax: loaded.DATABASE_POOL_MAX,
    workMemMb: loaded.DATABASE_WORK_MEM_MB,
    log: say,
  });
  const media = createMediaStorage(loaded);
  let kv: Kv | undefined;
  let config = loaded;
  try {
    await migrateDatabase(database.pool);
    for (const w of await settingsWarnings(database.pool)) say(`warning: ${w}`);
    config = await withSharedSecrets(loaded, database);
    await withDeadline(media.check(), 5_000, `media: no answer from ${media.description}`);
    if (config.SEED_ON_START && !(await isSeeded(database.db))) {
      await seed(config, database, config.SEED_PRODUCTS, media);
    }
    kv = config.REDIS_URL ? await redisKv(config.REDIS_URL, config.REDIS_PREFIX) : memoryKv();
  } catch (e) {
    media.close();
    await database.close().catch(() => {});
    throw e;
  }
  const store = kv;
  say(
    `database: ${database.engine === "embedded" ? `embedded PostgreSQL (${join(config.dataDir, "pg")})` : redact(database.url)}; cache: ${store.kind}; media: ${media.description}`,
  );
  return {
    config,
    database,
    kv: store,
    media,
    close: async () => {
      media.close();
      await store.close();
      await database.close();
    },
  };
}

/**
 * Instances on one external database must sign and check sessions (and the links and codes
 * derived from the secret) alike: without JWT_SECRET they share the one kept in the database,
 * written by whichever started first (decision 031).
 */
async function withSharedSecrets(config: Config, database: Database): Promise<Config> {
  if (!config.jwtSecretInDatabase) return config;
  const jwtSecret = await databaseSecrets(database.pool).get("jwt-secret", () => config.jwtSecret);
  return { ...config, jwtSecret };
}

function withDeadline<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(message)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** A password for a seeded staff account: 16 characters from 96 random bits. */
const newPassword = () => randomBytes(12).toString("base64url");

/** Seeds an empty database; its pictures go to `media` (or the storage the config names). */
export async function seed(
  config: Config,
  database: Database,
  products = config.SEED_PRODUCTS,
  media?: MediaStorage,
) {
  const started = Date.now();
  const storage = media ?? createMediaStorage(config);
  const result = await seedDatabase(database.db, {
    products,
    media: storage,
    admin: { email: config.ADMIN_EMAIL, password: config.adminPassword },
    shopper: DEFAULT_SHOPPER,
    // Generated, never fixed: these accounts can change orders (decision 044).
    staff: {
      manager: { email: DEFAULT_MANAGER_EMAIL, password: newPassword() },
      vendorPasswords: [newPassword(), newPassword()],
    },
    hashPassword,
    log: say,
    progress: seedProgress(),
  }).finally(() => {
    if (!media) storage.close();
  });
  if (!result.seeded) return result;
  say(`seeded ${result.products} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  say(`admin account:  ${config.ADMIN_EMAIL} / ${config.adminPassword}`);
  say(`demo shopper:   ${DEFAULT_SHOPPER.email} / ${DEFAULT_SHOPPER.password}`);
  for (const s of result.staff)
    say(
      `${`${s.role} account:`.padEnd(17)}${s.email} / ${s.password}${s.store ? ` (${s.store})` : ""}`,
    );
  say(
    `(change the admin with ADMIN_EMAIL and ADMIN_PASSWORD before the first start; the generated password is kept in ${join(config.dataDir, "admin-password")})`,
  );
  return result;
}

/** Prints a start-up failure as one clear line (or one per bad variable) and exits non-zero. */
export function exitOnBootError(e: unknown): never {
  if (e instanceof ConfigError) for (const line of e.lines) process.stderr.write(`${line}\n`);
  else process.stderr.write(`start failed: ${(e as Error).message}\n`);
  process.exit(1);
}

/** How long a stop waits for requests in flight before closing the database anyway. */
const DRAIN_MS = 10_000;

/**
 * SIGINT and SIGTERM stop the shop in order: no new requests, those in flight finish (up to
 * DRAIN_MS), then the database pool and the embedded PostgreSQL close, then the process exits.
 */
export function closeOnSignals(
  app: { close: () => Promise<unknown>; log: { info: (m: string) => void } },
  runtime: Runtime,
) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const drained = app.close().catch(() => {});
    await Promise.race([drained, new Promise((r) => setTimeout(r, DRAIN_MS).unref())]);
    await runtime.close().catch(() => {});
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}
