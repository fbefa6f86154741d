import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";

/**
 * One row per message handed to its gateway (SMS or e-mail), keyed by the job that sent it:
 * a job run again after a crash finds its row and does not send twice (decision 034).
 */
export const messageSends = pgTable("message_sends", {
  jobId: text("job_id").primaryKey(),
  channel: text("channel").$type<"sms" | "email">().notNull(),
  recipient: text("recipient").notNull(),
  template: text("template").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What happened in the shop, written in the transaction that made it happen (decision 035):
 * `order.placed`, `payment.paid`, … Jobs consume them; the rows are the shop's history.
 */
export const domainEvents = pgTable(
  "domain_events",
  {
    id: id(),
    name: text("name").notNull(),
    /** The aggregate the event is about (an order's checkout, a payment). */
    subjectId: uuid("subject_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("domain_events_name_idx").on(t.name, t.createdAt)],
);
