import type { DbOrTx } from "@maidan/db/database";
import { hotRow } from "@maidan/db/prepared";
import { sql } from "drizzle-orm";

/** An event row; a named prepared statement, as every order writes one (decision 034 addendum). */
export async function insertEvent(
  db: DbOrTx,
  row: { name: string; subjectId: string | null; payload: Record<string, unknown> },
) {
  const saved = await hotRow<{ id: string }>(
    db,
    "event_insert",
    sql`insert into domain_events (name, subject_id, payload)
      values (${row.name}, ${row.subjectId}, ${JSON.stringify(row.payload)}::jsonb) returning id`,
  );
  if (!saved) throw new Error("events: the event was not written");
  return saved.id;
}
