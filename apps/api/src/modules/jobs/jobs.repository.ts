import type { DbOrTx } from "@maidan/db/database";
import { and, count, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { integer, jsonb, pgSchema, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The columns of pg-boss's job table this module reads (pg-boss creates and migrates the table
 * itself, in its own schema, so it is declared here and not among the shop's migrations).
 */
const boss = pgSchema("pgboss");
const jobState = boss.enum("job_state", [
  "created",
  "retry",
  "active",
  "completed",
  "cancelled",
  "failed",
]);
const job = boss.table("job", {
  id: uuid("id").notNull(),
  name: text("name").notNull(),
  state: jobState("state").notNull(),
  data: jsonb("data"),
  output: jsonb("output"),
  retryCount: integer("retry_count").notNull(),
  startAfter: timestamp("start_after", { withTimezone: true }).notNull(),
  createdOn: timestamp("created_on", { withTimezone: true }).notNull(),
  completedOn: timestamp("completed_on", { withTimezone: true }),
});

export type FailedJob = {
  id: string;
  queue: string;
  retryCount: number;
  createdOn: Date;
  failedOn: Date | null;
  /** What the last attempt threw (pg-boss keeps it as the job's output). */
  error: string;
};

/** Jobs of these queues ready to run or running (retries waiting for their time do not count). */
export async function pending(db: DbOrTx, queues: string[]) {
  if (queues.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(job)
    .where(
      and(
        inArray(job.name, queues),
        inArray(job.state, ["created", "retry", "active"]),
        lte(job.startAfter, sql`now()`),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Jobs of a queue written before `before` and not finished (waiting, retrying or running):
 * the work of events that happened before then.
 */
export async function unfinishedBefore(db: DbOrTx, queue: string, before: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(job)
    .where(
      and(
        eq(job.name, queue),
        inArray(job.state, ["created", "retry", "active"]),
        lte(job.createdOn, before),
      ),
    );
  return row?.n ?? 0;
}

/** How many jobs each queue holds in each state (the metrics' queue depth). */
export async function counts(db: DbOrTx, queues: string[]) {
  if (queues.length === 0) return [];
  const rows = await db
    .select({ queue: job.name, state: job.state, count: count() })
    .from(job)
    .where(inArray(job.name, queues))
    .groupBy(job.name, job.state);
  return rows;
}

const errorOf = (output: unknown) => {
  if (output && typeof output === "object" && "message" in output)
    return String((output as { message: unknown }).message);
  return output == null ? "" : JSON.stringify(output);
};

export async function failed(db: DbOrTx, queues: string[], limit: number): Promise<FailedJob[]> {
  if (queues.length === 0) return [];
  const rows = await db
    .select()
    .from(job)
    .where(and(inArray(job.name, queues), eq(job.state, "failed")))
    .orderBy(desc(job.completedOn))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    queue: r.name,
    retryCount: r.retryCount,
    createdOn: r.createdOn,
    failedOn: r.completedOn,
    error: errorOf(r.output),
  }));
}

export async function failedJob(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ queue: job.name })
    .from(job)
    .where(and(eq(job.id, id), eq(job.state, "failed")));
  return row ?? null;
}
