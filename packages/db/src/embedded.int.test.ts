import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "./embedded.ts";

const query = async (url: string, text: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
};

describe("embedded PostgreSQL", () => {
  it("starts again right after a SIGKILL, through crash recovery, with what was committed", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "maidan-embedded-")), "pg");
    try {
      const first = await startEmbeddedPostgres(dir);
      await query(first.url, "create table kept (n int); insert into kept values (42)");
      const pid = Number(readFileSync(join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
      process.kill(pid, "SIGKILL");
      // At once, while the killed server's processes may still be exiting.
      const second = await startEmbeddedPostgres(dir);
      expect(await query(second.url, "select n from kept")).toEqual([{ n: 42 }]);
      await second.stop();
    } finally {
      rmSync(dirname(dir), { recursive: true, force: true });
    }
  });
});
