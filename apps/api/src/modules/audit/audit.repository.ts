import type { DbOrTx } from "@maidan/db/database";
import { rows } from "@maidan/db/raw-rows";
import { auditLog } from "@maidan/db/schema-audit";
import { type SQL, sql } from "drizzle-orm";

export const insertEntry = (tx: DbOrTx, row: typeof auditLog.$inferInsert) =>
  tx.insert(auditLog).values(row);

export type EntryRow = {
  id: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_role: string;
  record_type: string;
  record_id: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date;
};

/** A record's entries, oldest first, with the actor's name as it is now. */
export const entriesOf = (db: DbOrTx, recordType: string, recordId: string, limit: number) =>
  rows<EntryRow>(
    db,
    sql`select a.*, nullif(trim(u.first_name || ' ' || u.last_name), '') as actor_name
      from audit_log a left join users u on u.id = a.actor_id
      where a.record_type = ${recordType} and a.record_id = ${recordId}
      order by a.created_at, a.id limit ${limit}`,
  );

/** Entries by record and/or actor, newest first, with the total for paging. */
export function listEntries(
  db: DbOrTx,
  f: { recordType?: string; recordId?: string; actorId?: string },
  limit: number,
  offset: number,
) {
  const parts: SQL[] = [sql`true`];
  if (f.recordType) parts.push(sql`a.record_type = ${f.recordType}`);
  if (f.recordId) parts.push(sql`a.record_id = ${f.recordId}`);
  if (f.actorId) parts.push(sql`a.actor_id = ${f.actorId}`);
  return rows<EntryRow & { full_count: number }>(
    db,
    sql`select a.*, nullif(trim(u.first_name || ' ' || u.last_name), '') as actor_name,
        count(*) over ()::int as full_count
      from audit_log a left join users u on u.id = a.actor_id
      where ${sql.join(parts, sql` and `)}
      order by a.created_at desc, a.id desc limit ${limit} offset ${offset}`,
  );
}
