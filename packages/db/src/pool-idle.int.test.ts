import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { createPool, type Database, POOL_IDLE_MS } from "./database.ts";
import { createTestDatabase } from "./testing/test-database.ts";

// Decision 075: an idle connection stays open for minutes, not seconds, so the backend that has
// already touched the catalogue's buffers serves the next request after a pause.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase(inject("pgServerUrl"));
});
afterAll(() => database?.close());

const backend = async (pool: ReturnType<typeof createPool>) =>
  (await pool.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]?.pid;

describe("the pool's idle connections", () => {
  it("stay open through a pause of a minute, and close after POOL_IDLE_MS", async () => {
    const pool = createPool(database.url, 2);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const first = await backend(pool);
      expect(pool.idleCount).toBe(1);
      vi.advanceTimersByTime(60_000);
      expect(pool.totalCount).toBe(1);
      expect(await backend(pool)).toBe(first);
      vi.advanceTimersByTime(POOL_IDLE_MS + 1_000);
      await vi.waitFor(() => expect(pool.totalCount).toBe(0), { interval: 20 });
    } finally {
      vi.useRealTimers();
      await pool.end();
    }
  });
});
