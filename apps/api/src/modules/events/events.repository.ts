import type { DbOrTx } from "@maidan/db/database";
import { domainEvents } from "@maidan/db/schema-events";

export async function insertEvent(db: DbOrTx, row: typeof domainEvents.$inferInsert) {
  const [saved] = await db.insert(domainEvents).values(row).returning({ id: domainEvents.id });
  if (!saved) throw new Error("events: the event was not written");
  return saved.id;
}
