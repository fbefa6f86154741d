import { type JobContext, logger, withLogContext } from "./log.ts";
import { jobRuns } from "./metrics.ts";

/**
 * Runs one background job: its lines carry `jobId` and `queue` (withLogContext), and it counts
 * in maidan_job_runs_total as completed or failed. A failure is logged and thrown again, for
 * the queue to retry.
 */
export async function runJob<T>(job: JobContext, work: () => Promise<T>): Promise<T> {
  return withLogContext(job, async () => {
    try {
      const result = await work();
      jobRuns.inc({ queue: job.queue, outcome: "completed" });
      return result;
    } catch (err) {
      jobRuns.inc({ queue: job.queue, outcome: "failed" });
      logger().error({ err }, `${job.queue}: job failed`);
      throw err;
    }
  });
}
