import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { startEmbeddedPostgres } from "./embedded.ts";

export type Db = NodePgDatabase & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  pool: pg.Pool;
  url: string;
  engine: "embedded" | "external";
  close: () => Promise<void>;
};

export type OpenOptions = {
  /** External server; when absent the embedded server under `dataDir/pg` is used. */
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
  /**
   * `work_mem` of each connection in MB, or 0 for the server's own (4 MB unless its owner set
   * more). 16 by default: a listing's bitmaps over a million products then stay exact rather
   * than lossy, which rechecks every row of each page (decision 071).
   */
  workMemMb?: number;
  log?: (line: string) => void;
};

const MIGRATIONS = fileURLToPath(new URL("../migrations", import.meta.url));
/** Any constant shared by every process that migrates this database. */
const MIGRATION_LOCK = 7_406_211;

// Money and counts are integers; keep bigint sums (count(*), sum()) as JS numbers.
pg.types.setTypeParser(20, (v) => Number(v));

/** Opens the database (starting the embedded server when needed). Fails fast and clearly. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const log = opts.log ?? (() => {});
  let url = opts.databaseUrl;
  let stopServer = async () => {};
  if (!url) {
    const server = await startEmbeddedPostgres(join(opts.dataDir, "pg"), log);
    url = server.url;
    stopServer = server.stop;
    await ensureDatabase(url, "maidan");
    url = url.replace(/\/postgres$/, "/maidan");
  }
  const pool = createPool(url, opts.poolMax ?? 20, opts.workMemMb);
  try {
    await pool.query("select 1");
  } catch (e) {
    await pool.end().catch(() => {});
    await stopServer();
    throw new Error(`database: cannot connect to ${redact(url)}: ${(e as Error).message}`);
  }
  const db = drizzle(pool) as Db;
  return {
    db,
    pool,
    url,
    engine: opts.databaseUrl ? "external" : "embedded",
    close: async () => {
      await pool.end();
      await stopServer();
    },
  };
}

/** The shop's `work_mem` unless configured (decision 071). */
export const DEFAULT_WORK_MEM_MB = 16;

/**
 * How long an idle connection stays open (decision 075). A new PostgreSQL backend pays a page
 * fault for each shared buffer it first touches (~20 µs each here) and refills its catalogue
 * caches, so a pool that closes connections after short pauses makes the first reads after each
 * pause several times slower. The pool still holds at most `max` connections.
 */
export const POOL_IDLE_MS = 10 * 60_000;

/** The shop's pool: every connection with `workMemMb` of work_mem (0: the server's own). */
export function createPool(url: string, max: number, workMemMb = DEFAULT_WORK_MEM_MB) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: POOL_IDLE_MS,
    application_name: "maidan",
    // Sent with the connection's start-up packet: no extra round trip, set before any query.
    ...(workMemMb > 0 ? { options: `-c work_mem=${workMemMb}MB` } : {}),
  });
  // A client losing its server (a restart, or shutdown while a transaction is open) must not
  // crash the process: the pending query rejects, and the pool drops the broken client on release.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}

/** Runs the checked-in migrations once, even when several processes start together. */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

const WHY_ON: Record<string, string> = {
  fsync: "orders could be lost in a crash",
  synchronous_commit: "orders could be lost in a crash",
  full_page_writes: "orders could be lost in a crash",
  autovacuum: "table statistics go stale, so the planner can pick whole-table scans",
};

/**
 * Warns about server settings that must stay on: those that keep a commit durable before it is
 * acknowledged, and autovacuum (its ANALYZE keeps the statistics the query plans rely on).
 */
export async function settingsWarnings(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string; setting: string }>(
    "select name, setting from pg_settings where name = any($1)",
    [Object.keys(WHY_ON)],
  );
  return rows
    .filter((r) => r.setting === "off")
    .map((r) => `database: ${r.name} is off; ${WHY_ON[r.name]}`);
}

export async function ensureDatabase(serverUrl: string, name: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) {
      await client.query(`create database "${name}"`).catch((e: { code?: string }) => {
        if (e.code !== "42P04") throw e; // created concurrently by another process
      });
    }
  } finally {
    await client.end();
  }
}

export function redact(url: string) {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}
