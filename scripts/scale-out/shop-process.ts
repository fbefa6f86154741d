import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const API_SERVER = fileURLToPath(
  new URL("../../apps/server/src/testing/api-server.ts", import.meta.url),
);

/** The one public origin of the instances (PUBLIC_URL), as a load balancer in front gives them. */
export const SHOP_ORIGIN = "http://shop.test";

export type ShopProcess = {
  name: string;
  base: string;
  pid: number;
  /** SIGKILL, as a crashed machine would go. */
  kill: () => void;
  /** SIGTERM, and wait for it to drain and exit. */
  stop: () => Promise<void>;
};

/**
 * One shop instance as its own Node process on the production boot path (the API: boot,
 * migrations, seed, every /api, /media and /img route), on a free port of 127.0.0.1 that it
 * picks itself and prints. Resolves once /api/ready answers.
 */
export async function startShop(name: string, env: Record<string, string>): Promise<ShopProcess> {
  const child: ChildProcess = spawn(process.execPath, [API_SERVER], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr?.on("data", (d: Buffer) => process.stderr.write(`  [${name}] ${d}`));
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`${name}: no port within 180 s`)), 180_000);
    child.stdout?.on("data", (d: Buffer) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${name}: exited with ${code} before listening`));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    name,
    base,
    pid: child.pid ?? 0,
    kill: () => child.kill("SIGKILL"),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
