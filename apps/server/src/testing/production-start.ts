import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const SERVER = fileURLToPath(new URL("../main.ts", import.meta.url));

/**
 * Runs the production server (`npm run serve`'s entry) on `databaseUrl` with `env` on top of a
 * minimal production environment, for tests of a start that must be refused: it waits for the
 * process to end (at most a minute) and answers its exit status and output.
 */
export function startProduction(databaseUrl: string, env: Record<string, string>) {
  return spawnSync(process.execPath, [SERVER], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      DATA_DIR: mkdtempSync(join(tmpdir(), "maidan-boot-")),
      DATABASE_URL: databaseUrl,
      SEED_ON_START: "false",
      LOG_LEVEL: "silent",
      JWT_SECRET: "x".repeat(40),
      PUBLIC_URL: "https://shop.example",
      ...env,
    },
    encoding: "utf8",
    timeout: 60_000,
  });
}
