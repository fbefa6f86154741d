import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, migrateDatabase, openDatabase } from "../database.ts";

/**
 * A fresh, migrated database on the test server, dropped by `close()`. Each test file makes
 * its own, so files never see each other's rows and can run in parallel.
 */
export async function createTestDatabase(serverUrl: string): Promise<Database> {
  const name = `maidan_t_${randomBytes(5).toString("hex")}`;
  await admin(serverUrl, `create database "${name}"`);
  const url = withDatabase(serverUrl, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: "", poolMax: 30 });
  await migrateDatabase(database.pool);
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

export function withDatabase(serverUrl: string, name: string) {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
