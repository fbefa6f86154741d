import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPool, type Database, type Db } from "./database.ts";
import { hotRows } from "./prepared.ts";
import { createTestDatabase } from "./testing/test-database.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase(inject("pgServerUrl"));
});
afterAll(() => database?.close());

const count = (slug: string) => sql`select count(*)::int as n from pages where slug = ${slug}`;

describe("hotRows", () => {
  it("runs on the pool as a named prepared statement, reused call after call", async () => {
    // One connection, so the catalogue view below sees the statements this pool prepared.
    const pool = createPool(database.url, 1);
    const db = drizzle(pool) as unknown as Db;
    try {
      for (const slug of ["a", "b", "c"]) {
        const [row] = await hotRows<{ n: number }>(db, "test_count_pages", count(slug));
        expect(row?.n).toBe(0);
      }
      const { rows } = await pool.query(
        "select count(*)::int as n from pg_prepared_statements where name = 'test_count_pages'",
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it("inside a transaction runs prepared on the transaction's connection (its own writes)", async () => {
    await database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`insert into pages (slug, title, body) values ('hot-rows-test', 'T', 'B')`,
        );
        const [row] = await hotRows<{ n: number }>(tx, "test_count_pages", count("hot-rows-test"));
        expect(row?.n).toBe(1);
        const prepared = await tx.execute(
          sql`select count(*)::int as n from pg_prepared_statements where name = 'test_count_pages'`,
        );
        expect(prepared.rows[0]?.n).toBe(1);
        throw new Error("roll back");
      })
      .catch((e: Error) => {
        if (e.message !== "roll back") throw e;
      });
    const [after] = await hotRows<{ n: number }>(
      database.db,
      "test_count_pages",
      count("hot-rows-test"),
    );
    expect(after?.n).toBe(0);
  });
});
