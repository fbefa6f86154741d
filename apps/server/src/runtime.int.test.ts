import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrateDatabase, settingsWarnings } from "@maidan/db/database";
import { createTestDatabase } from "@maidan/db/testing/test-database";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { bootRuntime } from "./runtime.ts";

const SERVER = fileURLToPath(new URL("./main.ts", import.meta.url));
const dataDir = () => mkdtempSync(join(tmpdir(), "maidan-boot-"));

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, [SERVER], {
    env: {
      PATH: process.env.PATH ?? "",
      DATA_DIR: dataDir(),
      LOG_LEVEL: "silent",
      PUBLIC_URL: "http://localhost:3000",
      ...env,
    },
    encoding: "utf8",
    timeout: 30_000,
  });
}

describe("start-up failures are one clear line and a non-zero exit", () => {
  it("an unreachable database", () => {
    const r = start({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^start failed: database: cannot connect to postgres:\/\/nobody@127\.0\.0\.1:1\/none/,
    );
  });

  it("production without PUBLIC_URL: absolute URLs would have no origin but a request's Host", () => {
    const r = start({ PUBLIC_URL: "" });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^config: PUBLIC_URL: required in production/),
    ]);
  });

  it("bad variables, one line each", () => {
    const r = start({ PORT: "eighty", DATABASE_URL: "mysql://x" });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toEqual([
      expect.stringMatching(/^config: PORT: /),
      expect.stringMatching(/^config: DATABASE_URL: must start with postgres:\/\//),
    ]);
  });

  it("an unreachable Redis stops the start within seconds instead of hanging", async () => {
    const database = await createTestDatabase(inject("pgServerUrl"));
    try {
      const started = Date.now();
      const r = start({
        DATABASE_URL: database.url,
        SEED_ON_START: "false",
        REDIS_URL: "redis://127.0.0.1:1",
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^start failed: redis: cannot reach redis:\/\/127\.0\.0\.1:1/);
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      await database.close();
    }
  });

  it("an unreachable media bucket", async () => {
    const database = await createTestDatabase(inject("pgServerUrl"));
    try {
      const r = start({
        DATABASE_URL: database.url,
        SEED_ON_START: "false",
        MEDIA_S3_BUCKET: "maidan-media",
        MEDIA_S3_ENDPOINT: "http://127.0.0.1:1",
        MEDIA_S3_ACCESS_KEY_ID: "key",
        MEDIA_S3_SECRET_ACCESS_KEY: "secret",
      });
      expect(r.status).toBe(1);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(
        /^start failed: media: cannot reach the bucket s3:\/\/maidan-media\/ at http:\/\/127\.0\.0\.1:1: /,
      );
    } finally {
      await database.close();
    }
  });
});

describe("migrations and seed at start", () => {
  it("concurrent migrations on one database apply once, without errors", async () => {
    const database = await createTestDatabase(inject("pgServerUrl"));
    try {
      // createTestDatabase migrated once; wipe and let three runners race.
      await database.pool.query(
        "drop schema public cascade; drop schema drizzle cascade; create schema public",
      );
      await Promise.all([1, 2, 3].map(() => migrateDatabase(database.pool)));
      const { rows } = await database.pool.query(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      expect(rows[0].n).toBeGreaterThan(0);
      await expect(database.pool.query("select count(*) from products")).resolves.toBeTruthy();
    } finally {
      await database.close();
    }
  });

  it("the first start seeds; a second start reuses the data and does not seed again", async () => {
    const database = await createTestDatabase(inject("pgServerUrl"));
    const env = {
      NODE_ENV: "test",
      DATA_DIR: dataDir(),
      DATABASE_URL: database.url,
      SEED_PRODUCTS: "20",
    };
    try {
      const first = await bootRuntime(env);
      const { rows } = await first.database.pool.query(
        "select count(*)::int as n, max(created_at) as at from products",
      );
      await first.close();
      expect(rows[0].n).toBe(20);
      const second = await bootRuntime(env);
      const again = await second.database.pool.query("select count(*)::int as n from products");
      await second.close();
      expect(again.rows[0].n).toBe(20);
    } finally {
      await database.close();
    }
  });
});

describe("start-up warnings about the database server", () => {
  it("names a setting that is off and why it matters", async () => {
    const database = await createTestDatabase(inject("pgServerUrl"));
    // One connection, so the session's own setting is what pg_settings shows.
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    // Dropping the database (with force) may end the pool's connection before it has closed.
    pool.on("error", () => {});
    try {
      expect(await settingsWarnings(pool)).not.toContainEqual(
        expect.stringMatching(/synchronous_commit/),
      );
      await pool.query("set synchronous_commit = off");
      expect(await settingsWarnings(pool)).toContain(
        "database: synchronous_commit is off; orders could be lost in a crash",
      );
    } finally {
      await pool.end();
      await database.close();
    }
  });
});
