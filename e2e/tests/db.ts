import { embeddedUrl } from "@maidan/db/embedded-url";
import pg from "pg";

/**
 * A connection to the e2e server's embedded database, for fixtures that set up state the UI
 * cannot yet (settings with no admin screen).
 */
export async function withShopDb<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (see e2e/playwright.config.ts)");
  const client = new pg.Client({ connectionString: embeddedUrl(dir) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
