import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPool, type Database, DEFAULT_WORK_MEM_MB } from "./database.ts";
import { createTestDatabase } from "./testing/test-database.ts";

// Decision 071: the shop's connections carry their own work_mem, so a listing's bitmaps over a
// big catalogue stay exact; 0 leaves the server's setting.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase(inject("pgServerUrl"));
});
afterAll(() => database?.close());

const workMem = async (pool: { query: (q: string) => Promise<{ rows: { w: string }[] }> }) =>
  (await pool.query("select current_setting('work_mem') as w")).rows[0]?.w;

describe("work_mem", () => {
  it("is the shop's on every connection the database opens", async () => {
    expect(await workMem(database.pool)).toBe(`${DEFAULT_WORK_MEM_MB}MB`);
  });

  it("is what a pool is given, or the server's own with 0", async () => {
    const given = createPool(database.url, 1, 48);
    const server = createPool(database.url, 1, 0);
    const plain = new pg.Client({ connectionString: database.url }); // no options of ours
    try {
      expect(await workMem(given)).toBe("48MB");
      await plain.connect();
      expect(await workMem(server)).toBe(await workMem(plain));
    } finally {
      await given.end();
      await server.end();
      await plain.end();
    }
  });
});
