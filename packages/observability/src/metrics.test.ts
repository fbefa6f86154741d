import { describe, expect, it } from "vitest";
import { createLogger, setRootLogger } from "./log.ts";
import { jobQueueDepth, registerCollector, renderMetrics, watchPool } from "./metrics.ts";
import { captureLogs } from "./testing/capture-logs.ts";

describe("registerCollector", () => {
  it("runs at each scrape until removed; a failing one does not stop the scrape", async () => {
    const logs = captureLogs();
    setRootLogger(createLogger("warn", logs.destination));
    let depth = 3;
    const stop = registerCollector(async () => {
      jobQueueDepth.set({ queue: "sms", state: "queued" }, depth);
    });
    const stopBroken = registerCollector(() => {
      throw new Error("queue table missing");
    });
    expect((await renderMetrics()).body).toContain(
      'maidan_job_queue_depth{queue="sms",state="queued"} 3',
    );
    expect(logs.lines[0]).toMatchObject({
      msg: "metrics: a collector failed",
      err: { message: "queue table missing" },
    });
    depth = 5;
    stop();
    stopBroken();
    // Removed: the last value stays, it is not read again.
    expect((await renderMetrics()).body).toContain(
      'maidan_job_queue_depth{queue="sms",state="queued"} 3',
    );
  });
});

describe("watchPool", () => {
  it("reports the pool's connections as they are at the scrape", async () => {
    const pool = { totalCount: 4, idleCount: 1, waitingCount: 0, options: { max: 20 } };
    const stop = watchPool(pool);
    pool.waitingCount = 2;
    const { body, contentType } = await renderMetrics();
    stop();
    expect(contentType).toMatch(/^text\/plain/);
    expect(body).toContain("maidan_db_pool_total_connections 4");
    expect(body).toContain("maidan_db_pool_idle_connections 1");
    expect(body).toContain("maidan_db_pool_waiting_clients 2");
    expect(body).toContain("maidan_db_pool_max_connections 20");
  });
});
