import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";

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
