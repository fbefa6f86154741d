import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const SERVER = fileURLToPath(new URL("./api-server.ts", import.meta.url));

/**
 * The API server (api-server.ts, the production boot path) as a child process with only `env`
 * (and PATH); `port` resolves once it listens, `exited` once it is gone.
 */
export function spawnApiServer(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const port = new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d;
      const m = out.match(/listening (\d+)/);
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return { child, port, exited };
}
