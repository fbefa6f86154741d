import { readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";

/**
 * A connection to the e2e server's embedded database, for fixtures that set up state the UI
 * cannot yet (settings with no admin screen). postmaster.pid's fourth line is the port.
 */
export async function withShopDb<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (see e2e/playwright.config.ts)");
  const port = readFileSync(join(dir, "pg", "postmaster.pid"), "utf8").split("\n")[3];
  const client = new pg.Client({
    connectionString: `postgres://maidan:maidan@127.0.0.1:${port}/maidan`,
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
