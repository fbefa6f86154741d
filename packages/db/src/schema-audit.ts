import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";
import { users } from "./schema-auth.ts";

/**
 * Every change staff make in the back-office (decision 044): who, when, which record, what, and
 * the record's state before and after, written in the transaction of the change itself.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's role at the time (their account may change or go). */
    actorRole: text("actor_role").notNull(),
    /** What kind of record: `order`, later `product`, `customer`, … */
    recordType: text("record_type").notNull(),
    recordId: text("record_id").notNull(),
    action: text("action").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_record_idx").on(t.recordType, t.recordId, t.createdAt)],
);
