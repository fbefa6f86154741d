import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { createPool } from "./database.ts";
import { startEmbeddedPostgres } from "./embedded.ts";
import { listen, notify } from "./notify.ts";
import { createTestDatabase } from "./testing/test-database.ts";

/** Resolves when `done()` holds (checked every 20 ms), or fails after `ms`. */
async function until(ms: number, done: () => boolean) {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("NOTIFY and a LISTEN connection", () => {
  it("delivers a batch in order to every listener of the channel, and none of another", async () => {
    const db = await createTestDatabase(inject("pgServerUrl"));
    const heard: string[] = [];
    const other: string[] = [];
    const one = listen(db.url, "news_a", { message: (p) => heard.push(p) });
    const two = listen(db.url, "news_b", { message: (p) => other.push(p) });
    try {
      await Promise.all([one.ready, two.ready]);
      expect(one.listening).toBe(true);
      await notify(db.pool, "news_a", ["1", "2", "3"]);
      await until(2_000, () => heard.length === 3);
      expect(heard).toEqual(["1", "2", "3"]);
      expect(other).toEqual([]);
      await expect(notify(db.pool, "news_a", ["x".repeat(8_000)])).rejects.toThrow(/too long/);
    } finally {
      await one.close();
      await two.close();
      await db.close();
    }
  });

  it("listens again after the database restarts, and says news may have been missed", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "maidan-notify-")), "pg");
    let server = await startEmbeddedPostgres(dir);
    const port = Number(new URL(server.url).port);
    const pool = createPool(server.url, 2);
    const heard: string[] = [];
    const connected: boolean[] = [];
    const lost: string[] = [];
    const listener = listen(
      server.url,
      "news",
      {
        message: (p) => heard.push(p),
        connected: (again) => connected.push(again),
        lost: (err) => lost.push(err.message),
      },
      { retryMs: { min: 50, max: 200 } },
    );
    try {
      await listener.ready;
      expect(connected).toEqual([false]);
      await server.stop();
      await until(5_000, () => !listener.listening);
      expect(lost.length).toBeGreaterThan(0);
      server = await startEmbeddedPostgres(dir, () => {}, { port });
      await until(15_000, () => listener.listening);
      expect(connected).toEqual([false, true]);
      await notify(pool, "news", ["after the restart"]);
      await until(2_000, () => heard.length === 1);
      expect(heard).toEqual(["after the restart"]);
    } finally {
      await listener.close();
      await pool.end();
      await server.stop();
      rmSync(dirname(dir), { recursive: true, force: true });
    }
  });
});
