import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import {
  type BaseLogger,
  type Bindings,
  type ChildLoggerOptions,
  type DestinationStream,
  type LevelWithSilent,
  type Logger as PinoLogger,
  pino,
} from "pino";

export type { DestinationStream };

/** pino's logging methods: what the process's logger and a Fastify request's `req.log` share. */
export interface Logger
  extends Pick<
    BaseLogger,
    "level" | "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent"
  > {
  child(bindings: Bindings, options?: ChildLoggerOptions): Logger;
}

/**
 * JSON lines with the level's name and an ISO time, readable without a formatter and parsed by
 * any log store (decision 038).
 */
export function createLogger(level: LevelWithSilent, destination?: DestinationStream): PinoLogger {
  const options = {
    level,
    formatters: { level: (label: string) => ({ level: label }) },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}

let root: Logger = createLogger("info");

/**
 * The process's logger, used wherever no request or job is being served. The HTTP server sets
 * it from LOG_LEVEL (apps/api/src/http.ts); one process serves one shop, so the last one set
 * is the one.
 */
export function setRootLogger(log: Logger) {
  root = log;
}

const context = new AsyncLocalStorage<Logger>();

/**
 * The logger of the work in progress: inside a request, the request's (its lines carry
 * `reqId`); inside a job, the job's (`jobId`, `queue`); otherwise the process's. Call it where
 * the line is written, not once at start: the same service serves every request.
 */
export function logger(): Logger {
  return context.getStore() ?? root;
}

/** Runs `fn` with `log` as what `logger()` returns, in it and in everything it awaits. */
export function runWithLogger<T>(log: Logger, fn: () => T): T {
  return context.run(log, fn);
}

export type JobContext = { queue: string; jobId?: string };

/**
 * Runs a background job's work so that every line it logs, down to the services it calls,
 * carries the job's id and queue (a fresh id when the queue has none to give).
 */
export function withLogContext<T>(job: JobContext, fn: () => T): T {
  return context.run(logger().child({ queue: job.queue, jobId: job.jobId ?? randomUUID() }), fn);
}
