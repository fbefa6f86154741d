import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import { logger } from "./log.ts";
import { requestDurationsText } from "./request-durations.ts";

/**
 * The process's metrics, served at /metrics (apps/api/src/modules/health/metrics.routes.ts).
 * One registry per process: the counters below are incremented where the thing happens, the
 * gauges are read when Prometheus scrapes, and the request durations (request-durations.ts)
 * are written after them (decision 038).
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "maidan_" });

export const ordersPlaced = new Counter({
  name: "maidan_orders_placed_total",
  help: "Orders placed, by payment method (COD or a gateway)",
  labelNames: ["payment_method"] as const,
  registers: [registry],
});

export const paymentOutcomes = new Counter({
  name: "maidan_payments_total",
  help: "Payment attempts settled, by gateway and outcome (paid, failed, cancelled, refund_due)",
  labelNames: ["gateway", "outcome"] as const,
  registers: [registry],
});

export const cacheNews = new Counter({
  name: "maidan_cache_news_total",
  help: "Cache news between instances: messages sent and received, failed sends, lost LISTEN connections",
  labelNames: ["event"] as const,
  registers: [registry],
});

export const jobRuns = new Counter({
  name: "maidan_job_runs_total",
  help: "Background job runs by queue and outcome (completed or failed)",
  labelNames: ["queue", "outcome"] as const,
  registers: [registry],
});

/** Set by the job queue's collector (registerCollector) at each scrape. */
export const jobQueueDepth = new Gauge({
  name: "maidan_job_queue_depth",
  help: "Jobs in each queue by state (queued, active, failed, …), read at scrape time",
  labelNames: ["queue", "state"] as const,
  registers: [registry],
});

const pool = {
  total: gauge("maidan_db_pool_total_connections", "Connections the pool holds open"),
  idle: gauge("maidan_db_pool_idle_connections", "Open connections no query is using"),
  waiting: gauge("maidan_db_pool_waiting_clients", "Queries waiting for a free connection"),
  max: gauge("maidan_db_pool_max_connections", "The pool's limit (DATABASE_POOL_MAX)"),
};

function gauge(name: string, help: string) {
  return new Gauge({ name, help, registers: [registry] });
}

type Collector = () => unknown;
const collectors = new Set<Collector>();

/**
 * Registers work that sets gauges just before each scrape (a queue's depth, a pool's use).
 * Returns the function that removes it (call it when what it reads is closed).
 */
export function registerCollector(collect: Collector): () => void {
  collectors.add(collect);
  return () => collectors.delete(collect);
}

/** The metrics in Prometheus text format, after every collector ran. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  const results = await Promise.allSettled([...collectors].map(async (c) => c()));
  for (const r of results) {
    if (r.status === "rejected") logger().warn({ err: r.reason }, "metrics: a collector failed");
  }
  const body = `${await registry.metrics()}\n${requestDurationsText()}`;
  return { contentType: registry.contentType, body };
}

/** What pg.Pool tells of itself. */
export type PoolUse = {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
};

/** Reports a pg.Pool's connections at each scrape; returns the function that stops it. */
export function watchPool(p: PoolUse): () => void {
  return registerCollector(() => {
    pool.total.set(p.totalCount);
    pool.idle.set(p.idleCount);
    pool.waiting.set(p.waitingCount);
    if (p.options.max !== undefined) pool.max.set(p.options.max);
  });
}
