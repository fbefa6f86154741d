import { AUDIT_PAGE_SIZE, type AuditList, auditListQuery } from "@maidan/contracts/admin-dashboard";
import { type AuditEntry, recordOf } from "@maidan/contracts/admin-orders";
import type { Db, DbOrTx } from "@maidan/db/database";
import { parseInput } from "../../lib/parse.ts";
import * as repo from "./audit.repository.ts";

/**
 * The audit log (decision 044): every back-office change records who made it, when, on which
 * record, what, and the record before and after. `record` runs in the caller's transaction, so
 * the entry exists exactly when the change does.
 */
export type AuditChange = {
  /** No id: the shop itself (a job), with role `system`. */
  actor: { id: string | null; role: string };
  recordType: string;
  recordId: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

export const record = (tx: DbOrTx, c: AuditChange) =>
  repo.insertEntry(tx, {
    actorId: c.actor.id,
    actorRole: c.actor.role,
    recordType: c.recordType,
    recordId: c.recordId,
    action: c.action,
    before: c.before,
    after: c.after,
  });

const toEntry = (r: repo.EntryRow): AuditEntry => ({
  _id: r.id,
  at: new Date(r.created_at).toISOString(),
  actor: {
    _id: r.actor_id,
    name: r.actor_name ?? (r.actor_role === "system" ? "Maidan (automatic)" : "(deleted account)"),
    role: r.actor_role,
  },
  record: `${r.record_type}:${r.record_id}`,
  action: r.action,
  before: r.before,
  after: r.after,
});

/** A record's history, oldest first (at most 500 entries). */
export const entriesOf = async (db: DbOrTx, recordType: string, recordId: string) =>
  (await repo.entriesOf(db, recordType, recordId, 500)).map(toEntry);

/** Entries by record (`order:<id>`) and/or actor, newest first, a page at a time. */
export async function list(
  db: DbOrTx,
  f: { record?: string; actorId?: string },
  page: number,
  pageSize: number,
) {
  const { type, id } = f.record ? recordOf(f.record) : { type: undefined, id: undefined };
  const found = await repo.listEntries(
    db,
    { recordType: type, recordId: id, actorId: f.actorId },
    pageSize,
    (page - 1) * pageSize,
  );
  return { entries: found.map(toEntry), total: found[0]?.full_count ?? 0 };
}

export function createAuditService(db: Db) {
  return {
    entriesOf: (recordType: string, recordId: string) => entriesOf(db, recordType, recordId),
    /** GET /api/admin/audit and /admin/audit. */
    async list(input: unknown): Promise<AuditList> {
      const q = parseInput(auditListQuery, input ?? {});
      const found = await list(db, { record: q.record, actorId: q.actor }, q.page, AUDIT_PAGE_SIZE);
      return { ...found, page: q.page, pageSize: AUDIT_PAGE_SIZE };
    },
  };
}
export type AuditServiceImpl = ReturnType<typeof createAuditService>;
