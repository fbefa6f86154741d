import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "@maidan/server/server-flags";

const SERVER = fileURLToPath(new URL("../../apps/server/src/main.ts", import.meta.url));

/**
 * BENCH_SERVER_FLAGS adds Node flags to every server a benchmark starts, e.g.
 * `BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` (not allowed in NODE_OPTIONS).
 */
const extraFlags = () => process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? [];

export type RunningServer = {
  base: string;
  pid: number;
  stop: () => Promise<void>;
  /** SIGKILL: the server, or its whole process group (its embedded PostgreSQL too) if `group`. */
  crash: () => void;
};

/**
 * Starts the production server as a child process, with the flags `npm run serve` gives it, and
 * waits until it is ready. `entry` and `cwd` start another checkout's server (bench:compare). With `group`
 * it leads a process group of its own, so `crash()` also kills the PostgreSQL it embeds, as a
 * power cut would.
 */
export async function startServer(
  env: Record<string, string>,
  port: number,
  opts: { group?: boolean; entry?: string; cwd?: string } = {},
): Promise<RunningServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...extraFlags(), opts.entry ?? SERVER],
    {
      detached: opts.group ?? false,
      cwd: opts.cwd,
      env: {
        ...process.env,
        ...SERVER_ENV,
        NODE_ENV: "production",
        PAYMENTS_SANDBOX: "true",
        LOG_LEVEL: "warn",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...env,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  child.stdout?.on("data", (d: Buffer) => process.stdout.write(`  [server] ${d}`));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    pid: child.pid!,
    crash: () => process.kill(opts.group ? -child.pid! : child.pid!, "SIGKILL"),
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
