import type { Staff } from "@maidan/contracts/admin-orders";
import type { Db, DbOrTx } from "@maidan/db/database";

/**
 * An audit entry in the caller's transaction: the audit domain's `record`, handed to a domain by
 * the composition root (a domain does not import another's service, decision 039).
 */
export type RecordAudit = (
  tx: DbOrTx,
  c: {
    actor: Staff;
    recordType: string;
    recordId: string;
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
) => Promise<unknown>;

/** What a back-office writer is given: the database, the audit's `record`, and the news to send. */
export type StaffWriterDeps = {
  db: Db;
  audit: RecordAudit;
  /** Called after the commit: tells every instance to drop what showed the change (cache news). */
  changed: () => void;
};
