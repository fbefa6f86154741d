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

/**
 * The newest dev-outbox message to `recipient` (of `channel`, when given), once the server's job
 * queue has sent every message enqueued so far (messages are jobs, decision 034).
 */
export function lastOutboxBody(recipient: string, channel?: "sms" | "email") {
  return withShopDb(async (db) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where name like 'messages.%'
           and state in ('created', 'retry', 'active') and start_after <= now()`,
      );
      if (rows[0]?.n === 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const r = await db.query<{ body: string }>(
      `select body from dev_outbox where recipient = $1 and ($2::text is null or channel = $2)
         order by created_at desc limit 1`,
      [recipient, channel ?? null],
    );
    return String(r.rows[0]?.body ?? "");
  });
}
