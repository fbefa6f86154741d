import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { couriersEnv } from "./couriers-env.ts";
import { mediaEnv, mediaEnvProblems } from "./media-env.ts";
import { paymentsEnv } from "./payments-env.ts";
import { pushEnv } from "./push-env.ts";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const postgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), "must start with postgres:// or postgresql://");

/** An http(s) origin: scheme, host and port only (every absolute URL the shop writes starts so). */
const publicUrl = z.string().superRefine((v, ctx) => {
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    ctx.addIssue({ code: "custom", message: "must be an origin such as https://maidan.pk" });
    return;
  }
  const problem =
    url.protocol !== "http:" && url.protocol !== "https:"
      ? "must start with http:// or https://"
      : url.username || url.password
        ? "must not carry a user name or password"
        : url.pathname !== "/" || url.search || url.hash || v.includes("?") || v.includes("#")
          ? "must be an origin only, with no path, query or fragment (e.g. https://maidan.pk)"
          : null;
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

const redisUrl = z
  .string()
  .refine((v) => /^rediss?:\/\//.test(v), "must start with redis:// or rediss://");

/** Every environment variable the shop reads. Documented in the README table. */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  /** work_mem of the shop's connections in MB; 0 leaves the server's own (decision 071). */
  DATABASE_WORK_MEM_MB: z.coerce.number().int().min(0).max(1024).default(16),
  REDIS_URL: redisUrl.optional(),
  /** Prefix of the shop's keys in Redis: shops (or test runs) sharing one Redis keep apart. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, "letters, digits, ':', '_' or '-' (at most 64)")
    .default("maidan:"),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  JWT_PREVIOUS_SECRETS: z.string().optional(),
  PUBLIC_URL: publicUrl.optional(),
  TRUST_PROXY: bool.default(false),
  SEED_ON_START: bool.default(true),
  SEED_PRODUCTS: z.coerce.number().int().min(10).max(100_000).default(320),
  ADMIN_EMAIL: z.email().default("admin@maidan.pk"),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * A request that takes this long (ms) is logged at warn; others that succeed only at debug
   * (decision 038 addendum).
   */
  LOG_SLOW_REQUEST_MS: z.coerce.number().int().min(1).max(600_000).default(1000),
  /** Bearer token for /metrics; unset: only this machine may read it (decision 038). */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * Memory for the catalogue's read cache and for the anonymous page cache, each in MB (issue
   * #19: the oldest entries go first beyond it).
   */
  CATALOG_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(48),
  /** 64: 500 product pages of ~90 KB with their brotli and gzip forms (the entry bound). */
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  BODY_LIMIT: z.coerce.number().int().min(1024).max(50_000_000).default(1_000_000),
  /** Storefront pages rendered at once; more wait in line (apps/server/src/storefront/render-gate.ts). */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(8),
  // Accounts (issue #4): outside services sit behind adapters; unset means the local dev outbox.
  DEV_OUTBOX: bool.optional(),
  SMS_GATEWAY_URL: z.url().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  SMS_SENDER: z.string().max(20).default("MAIDAN"),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("Maidan <no-reply@maidan.pk>"),
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  // Orders (issue #5): COD orders wait for the shopper's SMS-code or link confirmation.
  COD_CONFIRMATION: bool.default(true),
  COD_CONFIRM_MINUTES: z.coerce.number().int().min(1).max(10_080).default(120),
  ORDER_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  // Jobs (issue #13): pg-boss on the shop's database. Off: this process only enqueues (a web-only
  // instance); another one with workers on sends the messages and runs the schedules.
  JOBS_WORKERS: bool.default(true),
  // Unconfirmed COD orders hold stock and cost an SMS each (issue #12): limits, 0 = none.
  COD_HOLD_ORDERS: z.coerce.number().int().min(0).max(10_000).default(3),
  COD_HOLD_UNITS: z.coerce.number().int().min(0).max(100_000).default(10),
  COD_HOLD_IP_ORDERS: z.coerce.number().int().min(0).max(100_000).default(10),
  COD_HOLD_IP_UNITS: z.coerce.number().int().min(0).max(1_000_000).default(30),
  COD_SMS_PER_HOUR: z.coerce.number().int().min(0).max(10_000).default(5),
  COD_SMS_IP_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(15),
  // Disputes (issue #16): days after delivery a shopper may report a problem with a line.
  DISPUTE_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  // The lucky draw (decision 056): a delivered order earns one entry per this many rupees paid.
  LUCKY_DRAW_RUPEES_PER_ENTRY: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** A freebie claim not in an order after this many days gives its unit back (decision 057). */
  FREEBIE_CLAIM_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  ...paymentsEnv,
  ...mediaEnv,
  ...couriersEnv,
  ...pushEnv,
});

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  dataDir: string;
  jwtSecret: string;
  /**
   * No JWT_SECRET and an external database: the secret every instance signs with is kept in
   * that database (apps/server/src/runtime.ts replaces jwtSecret with it; decision 031).
   */
  jwtSecretInDatabase: boolean;
  jwtPreviousSecrets: string[];
  adminPassword: string;
  /**
   * The shop's public origin, no trailing slash: PUBLIC_URL, else `http://localhost:PORT`
   * outside production. Every absolute URL the shop writes starts with it; none comes from a
   * request's Host or X-Forwarded-* headers (decision 025).
   */
  publicUrl: string;
  /**
   * Origins a browser's state-changing request may come from: the public origin, and outside
   * production also http://localhost:PORT and http://127.0.0.1:PORT.
   */
  siteOrigins: string[];
  isProduction: boolean;
  isTest: boolean;
};

export class ConfigError extends Error {
  readonly lines: string[];
  constructor(lines: string[]) {
    super(lines.join("\n"));
    this.lines = lines;
    this.name = "ConfigError";
  }
}

/** Parses the environment once. Throws ConfigError with one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `config: ${i.path.join(".")}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const problems = mediaEnvProblems(e, cleaned);
  if (problems.length > 0) throw new ConfigError(problems);
  const isProduction = e.NODE_ENV === "production";
  if (isProduction && !e.PUBLIC_URL) {
    throw new ConfigError([
      "config: PUBLIC_URL: required in production: the shop's public origin, e.g. PUBLIC_URL=https://maidan.pk (npm start sets http://localhost:PORT)",
    ]);
  }
  const local = [`http://localhost:${e.PORT}`, `http://127.0.0.1:${e.PORT}`];
  const publicOrigin = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : (local[0] as string);
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...e,
    // Tests run without caches unless one sets a lifetime (a test of the caches themselves).
    CACHE_TTL_MS: e.NODE_ENV === "test" && cleaned.CACHE_TTL_MS === undefined ? 0 : e.CACHE_TTL_MS,
    // Test files place many orders from one address and phone; a test of the limits sets them.
    ...offInTests(e, cleaned, [
      "COD_HOLD_ORDERS",
      "COD_HOLD_UNITS",
      "COD_HOLD_IP_ORDERS",
      "COD_HOLD_IP_UNITS",
      "COD_SMS_PER_HOUR",
      "COD_SMS_IP_PER_HOUR",
    ]),
    dataDir,
    jwtSecret: e.JWT_SECRET ?? jwtSecretCandidate(dataDir, Boolean(e.DATABASE_URL)),
    jwtSecretInDatabase: !e.JWT_SECRET && Boolean(e.DATABASE_URL),
    jwtPreviousSecrets: (e.JWT_PREVIOUS_SECRETS ?? "").split(",").filter(Boolean),
    adminPassword: e.ADMIN_PASSWORD ?? persistedSecret(dataDir, "admin-password", 9),
    publicUrl: publicOrigin,
    siteOrigins: [...new Set([publicOrigin, ...(isProduction ? [] : local)])],
    isProduction,
    isTest: e.NODE_ENV === "test",
  };
}

/**
 * With the embedded database the secret lives beside it in DATA_DIR. With an external one it is
 * only a candidate for the shared secret in the database: the file an older version wrote (its
 * sessions stay valid when this instance is the first to share), else a fresh value.
 */
function jwtSecretCandidate(dataDir: string, external: boolean): string {
  if (!external) return persistedSecret(dataDir, "jwt-secret", 48);
  const file = join(dataDir, "jwt-secret");
  return existsSync(file)
    ? readFileSync(file, "utf8").trim()
    : randomBytes(48).toString("base64url");
}

/** Under NODE_ENV=test, these limits are 0 (none) unless the environment sets them. */
function offInTests<K extends keyof Env>(e: Env, given: Record<string, unknown>, keys: K[]) {
  return Object.fromEntries(
    keys.map((k) => [k, e.NODE_ENV === "test" && given[k] === undefined ? 0 : e[k]]),
  ) as Pick<Env, K>;
}

/** A random secret generated on first use and kept under the data folder (mode 600). */
export function persistedSecret(dataDir: string, name: string, bytes: number): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const value = randomBytes(bytes).toString("base64url");
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}
