import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/**
 * The plain node:http floor of the quality bars: a server answering "ok" to everything, in a
 * process of its own, loaded in the same run as the shop so the ratio compares like with like.
 */
export async function startPlainHttp(port: number) {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      "-e",
      `require("node:http").createServer((q, s) => s.end("ok")).listen(${port}, "127.0.0.1", () => console.log("up"))`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`plain node:http exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** A process's peak resident memory (VmHWM) in MB, from /proc; null where there is no /proc. */
export function peakRssMb(pid: number): number | null {
  try {
    const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmHWM:\s+(\d+) kB/m);
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** User + system CPU time of a process so far, in ms (/proc counts 100 ticks a second). */
export function cpuTimeMs(pid: number | string): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * User + system CPU of a process and all its descendants so far, in ms, with what their reaped
 * children used: the server and the embedded PostgreSQL it started (postmaster and backends).
 */
export function treeCpuTimeMs(pid: number): number {
  const parent = new Map<number, number>();
  const total = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1]!.split(" ");
      parent.set(Number(name), Number(fields[1]));
      // utime, stime, cutime, cstime
      total.set(Number(name), [11, 12, 13, 14].reduce((s, i) => s + Number(fields[i]), 0) * 10);
    } catch {
      // exited while being read
    }
  }
  const inTree = (p: number): boolean => {
    for (let at: number | undefined = p; at && at > 1; at = parent.get(at))
      if (at === pid) return true;
    return false;
  };
  let ms = 0;
  for (const [p, t] of total) if (inTree(p)) ms += t;
  return ms;
}
