import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { embeddedUrl } from "@maidan/db/embedded-url";
import type { TestInfo } from "@playwright/test";
import { withShopDb } from "./db.ts";

/**
 * A shop of its own for a spec file that needs settings the e2e shop must not have (guest login
 * off, the page cache on): the same server code on a free port, with a database of its own on
 * the e2e PostgreSQL (and the e2e shop's images). It starts in a few seconds; `stop` it after
 * the file.
 */
const SERVER = fileURLToPath(new URL("../../apps/server/src/main.ts", import.meta.url));

export type SecondShop = {
  base: string;
  /** Its database's connection string (for fixtures). */
  url: string;
  stop: () => Promise<void>;
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

async function waitReady(base: string, server: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the second shop exited (${server.exitCode})`);
    const ok = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the second shop did not get ready in 60 s");
}

/** Starts a second shop; `tag` names its database, `env` adds to the server's settings. */
export async function startSecondShop(
  info: TestInfo,
  tag: string,
  env: Record<string, string> = {},
): Promise<SecondShop> {
  const e2eData = process.env.E2E_DATA_DIR ?? "";
  const dbName = `${tag}_${info.project.name}_${process.pid}_${Date.now()}`;
  await withShopDb((db) => db.query(`create database ${dbName}`));
  const url = embeddedUrl(e2eData, dbName);
  const dataDir = mkdtempSync(join(tmpdir(), `maidan-e2e-${tag}-`));
  // Images are written only when missing: the e2e shop's are reused as they are.
  symlinkSync(join(e2eData, "media"), join(dataDir, "media"));
  const httpPort = await freePort();
  const server = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: String(httpPort),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${httpPort}`,
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SEED_PRODUCTS: "10",
      CACHE_TTL_MS: "0",
      PAYMENTS_SANDBOX: "true",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${httpPort}`;
  const stop = async () => {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    await withShopDb((db) => db.query(`drop database if exists ${dbName}`));
  };
  try {
    await waitReady(base, server);
  } catch (e) {
    if (server.exitCode === null) await stop();
    throw e;
  }
  return { base, url, stop };
}
