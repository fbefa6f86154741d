import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";
import { users } from "./schema-auth.ts";

/**
 * A product CSV import (decision 063): the file as uploaded, its preview, then its progress.
 * Its batches run on the job queue; `done` moves forward in each batch's own transaction, so a
 * run that stops part-way resumes after the last batch written.
 */
export const productImports = pgTable(
  "product_imports",
  {
    id: id(),
    actorId: uuid("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    csv: text("csv").notNull(),
    /** previewed, queued, running, done, failed. */
    status: text("status").notNull().default("previewed"),
    rows: integer("rows").notNull(),
    products: integer("products").notNull(),
    creates: integer("creates").notNull(),
    updates: integer("updates").notNull(),
    done: integer("done").notNull().default(0),
    errorCount: integer("error_count").notNull().default(0),
    /** The first errors, as {line, column, message}. */
    errors: jsonb("errors")
      .$type<{ line: number; column: string | null; message: string }[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("product_imports_actor_idx").on(t.actorId, t.createdAt)],
);
