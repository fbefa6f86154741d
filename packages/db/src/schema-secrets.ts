import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Secrets the shop generates for itself when none is configured (the session signing secret,
 * the sandbox gateways' keys), kept here when the database is external so every instance on it
 * signs and checks with the same ones (decision 031). The first instance to need one writes it.
 */
export const sharedSecrets = pgTable("shared_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
