import type { JobsOverview } from "@maidan/contracts/admin-dashboard";
import type { DbOrTx } from "@maidan/db/database";
import { hotTextRows } from "@maidan/db/prepared";
import { runJob } from "@maidan/observability/job-run";
import { logger } from "@maidan/observability/log";
import { jobQueueDepth, registerCollector } from "@maidan/observability/metrics";
import { sql } from "drizzle-orm";
import {
  type Db as BossDb,
  fromDrizzle,
  type Job,
  type JobResult,
  type JobWithMetadata,
  PgBoss,
  type SendOptions,
} from "pg-boss";
import * as repo from "./jobs.repository.ts";

/** What a job can be in (pg-boss's job_state). */
const JOB_STATES = ["created", "retry", "active", "completed", "cancelled", "failed"] as const;

/** What a failed job keeps as its output: the error's message (shown to staff) and stack. */
const errorOutput = (err: unknown) =>
  err instanceof Error ? { message: err.message, stack: err.stack } : { message: String(err) };

/** pg-boss's tables live in their own schema of the shop's database. */
export const JOBS_SCHEMA = "pgboss";

/** How a queue retries: pg-boss's exponential backoff from `retryDelay` seconds, then `failed`. */
export type QueueSpec<T> = {
  name: string;
  /** Tries after the first (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry, doubled each time (default 10). */
  retryDelay?: number;
  /** At most one job queued or running at a time (the sweeps): pg-boss's `singleton` policy. */
  singleton?: boolean;
  /** A cron expression (UTC): pg-boss sends one job per tick, whatever the number of instances. */
  cron?: string;
  /** Seconds a completed job stays in the table (a message's job holds its code: short). */
  keepSeconds?: number;
  handle: (data: T, job: Job<T>) => Promise<unknown>;
};

export type EnqueueOptions = Pick<SendOptions, "startAfter" | "singletonKey" | "id">;

export type Jobs = {
  /** Adds a queue and its handler; call before start(). */
  define<T extends object>(spec: QueueSpec<T>): void;
  /**
   * Writes a job in the caller's transaction: it exists exactly when the business write
   * commits (decision 034). Returns the job's id.
   */
  enqueue<T extends object>(
    tx: DbOrTx,
    name: string,
    data: T,
    opts?: EnqueueOptions,
  ): Promise<string>;
  /** Creates the queues, starts the workers (unless `work` is off) and the schedules. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Waits until no job is ready or running (tests read the outbox after it). */
  drain(timeoutMs?: number): Promise<void>;
  /** Failed jobs, newest first, for staff (the admin routes). */
  failed(limit?: number): Promise<repo.FailedJob[]>;
  /** Puts a failed job back in its queue; false when there is no such failed job. */
  retry(id: string): Promise<boolean>;
  /** The queue names defined, in order. */
  queues(): string[];
  /** Each queue's jobs ready or running (retries waiting for their time included) and failed. */
  queueCounts(): Promise<{ queue: string; pending: number; failed: number }[]>;
  /**
   * How many jobs of `queue` written at or before `before` are not finished yet (waiting,
   * retrying or running; failed ones are finished): work a step after them must wait for.
   */
  unfinishedBefore(queue: string, before: Date): Promise<number>;
};

export type JobsOptions = {
  url: string;
  /** Run handlers in this process (off: the process only enqueues, as a web-only instance). */
  work: boolean;
  /** Run the cron schedules (off in tests: they run the sweeps by hand). */
  schedules: boolean;
  /** Seconds between polls of a queue with nothing ready (how long a new job may wait). */
  pollSeconds?: number;
};

/** Names of pg-boss's statement texts run as prepared statements (one text per queue). */
const statementNames = new Map<string, string>();
const MAX_PREPARED = 64;

/**
 * pg-boss's statements in the caller's transaction, each text a named prepared statement: its
 * insert of a job is a long statement that PostgreSQL would otherwise parse and plan on every
 * order. Texts of several statements, or beyond MAX_PREPARED texts, run as they are.
 */
function preparedIn(tx: DbOrTx): BossDb {
  const plain = fromDrizzle(tx, sql);
  return {
    executeSql(text, values = []) {
      let name = statementNames.get(text);
      if (!name && !text.includes(";") && statementNames.size < MAX_PREPARED) {
        name = `jobs_${statementNames.size + 1}`;
        statementNames.set(text, name);
      }
      return name
        ? hotTextRows(tx, name, text, values).then((rows) => ({ rows }))
        : plain.executeSql(text, values);
    },
  };
}

/** The job queue on the shop's own PostgreSQL (pg-boss), embedded or external. */
export function createJobs(db: DbOrTx, opts: JobsOptions): Jobs {
  const specs = new Map<string, QueueSpec<object>>();
  const workers: string[] = [];
  let unregister = () => {};
  const boss = new PgBoss({
    connectionString: opts.url,
    schema: JOBS_SCHEMA,
    max: 4,
    application_name: "maidan-jobs",
    // Workers poll (pollSeconds): a NOTIFY written by each send would take PostgreSQL's
    // commit-time notify lock in every order's transaction, one commit at a time (decision 034).
    useListenNotify: false,
    schedule: opts.schedules,
    // Its own rows only: the instance registry and persisted warnings are not read here.
    registerInstance: false,
  });
  boss.on("error", (err) => logger().error({ err }, "jobs: queue error"));

  return {
    define(spec) {
      specs.set(spec.name, spec as QueueSpec<object>);
    },

    async enqueue(tx, name, data, o = {}) {
      if (!specs.has(name)) throw new Error(`jobs: no queue named ${name}`);
      const id = await boss.send(name, data, { ...o, db: preparedIn(tx) });
      // A singleton key already queued answers null: the job it would have been is there.
      return id ?? "";
    },

    async start() {
      await boss.start();
      for (const s of specs.values()) {
        await boss.createQueue(s.name, {
          policy: s.singleton ? "singleton" : "standard",
          retryLimit: s.retryLimit ?? 5,
          retryDelay: s.retryDelay ?? 10,
          retryBackoff: true,
          retryDelayMax: 3600,
          deleteAfterSeconds: s.keepSeconds ?? 7 * 24 * 3600,
          notify: false, // no pg_notify in the sender's transaction (useListenNotify above)
        });
      }
      if (opts.work)
        for (const s of specs.values()) {
          workers.push(
            // Up to 10 jobs a fetch, each settled on its own (a failure retries that job only);
            // while fetches come back full the worker fetches again at once.
            await boss.work(
              s.name,
              {
                pollingIntervalSeconds: opts.pollSeconds ?? 1,
                batchSize: 10,
                burstWhenBatchFull: true,
                perJobResults: true,
                // For createdOn: a fetch returns its batch in no set order.
                includeMetadata: true,
              },
              async (batch: JobWithMetadata<object>[]) => {
                const results: JobResult[] = [];
                // Oldest first, as they were enqueued: a shopper's newer code arrives after the
                // one it replaces, though both came in one fetch.
                const ordered = [...batch].sort(
                  (a, b) => a.createdOn.getTime() - b.createdOn.getTime(),
                );
                for (const job of ordered) {
                  try {
                    await runJob({ queue: s.name, jobId: job.id }, () => s.handle(job.data, job));
                    results.push({ id: job.id, status: "completed" });
                  } catch (err) {
                    results.push({ id: job.id, status: "failed", output: errorOutput(err) });
                  }
                }
                return results;
              },
            ),
          );
        }
      if (opts.schedules)
        for (const s of specs.values())
          if (s.cron) await boss.schedule(s.name, s.cron, {}, { tz: "UTC" });
      // Every queue and state is set at each scrape, so a state that emptied reads 0.
      unregister = registerCollector(async () => {
        const counts = await repo.counts(db, [...specs.keys()]);
        for (const queue of specs.keys())
          for (const state of JOB_STATES) {
            const c = counts.find((x) => x.queue === queue && x.state === state);
            jobQueueDepth.set({ queue, state }, c?.count ?? 0);
          }
      });
    },

    async stop() {
      unregister();
      // Jobs still running are not waited for long: their attempt expires and runs again.
      await boss.stop({ graceful: true, timeout: 2_000, close: true });
    },

    async drain(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      const names = [...specs.keys()];
      for (;;) {
        for (const w of workers) boss.notifyWorker(w);
        if ((await repo.pending(db, names)) === 0) return;
        if (Date.now() > deadline) throw new Error("jobs: the queue did not drain in time");
        await new Promise((r) => setTimeout(r, 15));
      }
    },

    failed: (limit = 100) => repo.failed(db, [...specs.keys()], limit),

    async retry(id) {
      const job = await repo.failedJob(db, id);
      if (!job) return false;
      await boss.retry(job.queue, id);
      return true;
    },

    queues: () => [...specs.keys()],

    unfinishedBefore: (queue, before) => repo.unfinishedBefore(db, queue, before),
    async queueCounts() {
      const counts = await repo.counts(db, [...specs.keys()]);
      const of = (queue: string, states: string[]) =>
        counts
          .filter((c) => c.queue === queue && states.includes(c.state))
          .reduce((n, c) => n + c.count, 0);
      return [...specs.keys()].map((queue) => ({
        queue,
        pending: of(queue, ["created", "retry", "active"]),
        failed: of(queue, ["failed"]),
      }));
    },
  };
}

/** A cron expression for "every `ms`", in whole minutes (pg-boss schedules by the minute). */
export function cronEvery(ms: number) {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return minutes === 1 ? "* * * * *" : `*/${minutes} * * * *`;
  const hours = Math.min(24, Math.round(minutes / 60));
  return hours >= 24 ? "0 0 * * *" : `0 */${hours} * * *`;
}

/** The failed jobs and each queue's counts, as GET /api/admin/jobs and /admin/jobs show them. */
export async function overviewOf(jobs: Jobs): Promise<JobsOverview> {
  const [failed, queues] = await Promise.all([jobs.failed(), jobs.queueCounts()]);
  return {
    jobs: failed.map((j) => ({
      ...j,
      createdOn: j.createdOn.toISOString(),
      failedOn: j.failedOn?.toISOString() ?? null,
    })),
    queues,
  };
}
