import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per message handed to its gateway (SMS or e-mail), keyed by the job that sent it:
 * a job run again after a crash finds its row and does not send twice (decision 034).
 */
export const messageSends = pgTable(
  "message_sends",
  {
    jobId: text("job_id").primaryKey(),
    channel: text("channel").$type<"sms" | "email">().notNull(),
    recipient: text("recipient").notNull(),
    template: text("template").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The back-office's order page lists what was sent to the order's phone and e-mail.
  (t) => [index("message_sends_recipient_idx").on(t.recipient, t.sentAt)],
);
