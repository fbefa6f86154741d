import type { DbOrTx } from "@maidan/db/database";
import { hotRows } from "@maidan/db/prepared";
import { devOutbox } from "@maidan/db/schema-auth";
import { messageSends } from "@maidan/db/schema-messages";
import { and, desc, gte, inArray, sql } from "drizzle-orm";

export type OutboxRow = typeof devOutbox.$inferInsert;

export const insertOutbox = (db: DbOrTx, row: OutboxRow) => db.insert(devOutbox).values(row);

/**
 * claimSend and the outbox's row in one statement (so one transaction): the message is written
 * exactly when its send is recorded. False when that job's message was sent before. A named
 * prepared statement: every order's SMS runs it (planned once per connection, not per message).
 */
export async function claimIntoOutbox(
  db: DbOrTx,
  claim: typeof messageSends.$inferInsert,
  row: OutboxRow,
) {
  const written = await hotRows<{ id: string }>(
    db,
    "outbox_claim",
    sql`with claimed as (
      insert into message_sends (job_id, channel, recipient, template)
      values (${claim.jobId}, ${claim.channel}, ${claim.recipient}, ${claim.template})
      on conflict do nothing returning job_id)
    insert into dev_outbox (channel, recipient, subject, body, html)
    select ${row.channel}, ${row.recipient}, ${row.subject ?? null}, ${row.body}, ${row.html ?? null}
    from claimed returning id`,
  );
  return written.length > 0;
}

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
