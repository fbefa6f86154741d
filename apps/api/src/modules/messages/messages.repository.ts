import type { DbOrTx } from "@maidan/db/database";
import { devOutbox } from "@maidan/db/schema-auth";
import { messageSends } from "@maidan/db/schema-messages";
import { and, desc, gte, inArray } from "drizzle-orm";

export const insertOutbox = (db: DbOrTx, row: typeof devOutbox.$inferInsert) =>
  db.insert(devOutbox).values(row);

/**
 * Records that a job's message is being sent: false when that job's message was sent before
 * (the row commits with the send, decision 034).
 */
export async function claimSend(db: DbOrTx, row: typeof messageSends.$inferInsert) {
  const rows = await db
    .insert(messageSends)
    .values(row)
    .onConflictDoNothing()
    .returning({ jobId: messageSends.jobId });
  return rows.length > 0;
}

/** What was sent to any of `recipients` since `since`, newest first (the back-office's order page). */
export const sentTo = (db: DbOrTx, recipients: string[], since: Date, limit: number) =>
  db
    .select()
    .from(messageSends)
    .where(and(inArray(messageSends.recipient, recipients), gte(messageSends.sentAt, since)))
    .orderBy(desc(messageSends.sentAt))
    .limit(limit);
