import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDatabase } from "@maidan/db/database";
import { startEmbeddedPostgres } from "@maidan/db/embedded";
import { describe, expect, it } from "vitest";

const SERVER = fileURLToPath(new URL("./testing/api-server.ts", import.meta.url));

/** Status and milliseconds of one request. */
async function timed(url: string) {
  const started = Date.now();
  const status = await fetch(url).then(
    (r) => r.status,
    () => 0,
  );
  return { status, ms: Date.now() - started };
}

describe("a database restart", () => {
  it("gives quick 503s while the database is down, then recovers with no manual step", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "maidan-restart-")), "pg");
    let db = await startEmbeddedPostgres(dir);
    const port = Number(new URL(db.url).port);
    await ensureDatabase(db.url, "shop");
    const child = spawn(process.execPath, [SERVER], {
      env: {
        PATH: process.env.PATH ?? "",
        DATA_DIR: dirname(dir),
        DATABASE_URL: db.url.replace(/\/postgres$/, "/shop"),
        SEED_PRODUCTS: "10",
        PUBLIC_URL: "http://localhost:3000",
        PAYMENTS_SANDBOX: "true",
        CACHE_TTL_MS: "0",
        LOG_LEVEL: "silent",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const api = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout?.on("data", (d: Buffer) => {
          out += d;
          const m = out.match(/listening (\d+)/);
          if (m) resolve(`http://127.0.0.1:${m[1]}/api`);
        });
        child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${out}`)));
      });
      expect((await timed(`${api}/products`)).status).toBe(200);

      await db.stop();
      for (let i = 0; i < 3; i++) {
        const down = await timed(`${api}/products`);
        expect(down.status).toBe(503);
        expect(down.ms).toBeLessThan(2000);
      }
      expect((await timed(`${api}/ready`)).status).toBe(503);

      db = await startEmbeddedPostgres(dir, () => {}, { port });
      const deadline = Date.now() + 15_000;
      let back = await timed(`${api}/products`);
      while (back.status !== 200 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        back = await timed(`${api}/products`);
      }
      expect(back.status).toBe(200);
      expect((await timed(`${api}/ready`)).status).toBe(200);
    } finally {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      await db.stop();
      rmSync(dirname(dir), { recursive: true, force: true });
    }
  });
});
