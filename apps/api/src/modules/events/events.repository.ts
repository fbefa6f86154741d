import type { DbOrTx } from "@maidan/db/database";
import { hotRow } from "@maidan/db/prepared";
import { sql } from "drizzle-orm";

/** An event row; its id and its time (ISO 8601, to the microsecond); a named prepared statement, as every order writes one (decision 034 addendum). */
export async function insertEvent(
  db: DbOrTx,
  row: { name: string; subjectId: string | null; payload: Record<string, unknown> },
) {
  const saved = await hotRow<{ id: string; at: string }>(
    db,
    "event_insert",
    sql`insert into domain_events (name, subject_id, payload)
      values (${row.name}, ${row.subjectId}, ${JSON.stringify(row.payload)}::jsonb) returning id, to_json(created_at) #>> '{}' as at`,
  );
  if (!saved) throw new Error("events: the event was not written");
  return saved;
}
