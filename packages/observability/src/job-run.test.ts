import { describe, expect, it } from "vitest";
import { runJob } from "./job-run.ts";
import { createLogger, logger, setRootLogger } from "./log.ts";
import { jobRuns } from "./metrics.ts";
import { captureLogs } from "./testing/capture-logs.ts";

const runs = async (queue: string, outcome: string) =>
  (await jobRuns.get()).values.find((v) => v.labels.queue === queue && v.labels.outcome === outcome)
    ?.value ?? 0;

describe("runJob", () => {
  it("counts a completed run and logs with the job's context", async () => {
    const logs = captureLogs();
    setRootLogger(createLogger("info", logs.destination));
    const result = await runJob({ queue: "test.ok", jobId: "j-1" }, async () => {
      logger().info("working");
      return 42;
    });
    expect(result).toBe(42);
    expect(await runs("test.ok", "completed")).toBe(1);
    expect(logs.lines[0]).toMatchObject({ msg: "working", queue: "test.ok", jobId: "j-1" });
  });

  it("counts a failure, logs it with the job's context, and throws it again for a retry", async () => {
    const logs = captureLogs();
    setRootLogger(createLogger("info", logs.destination));
    await expect(
      runJob({ queue: "test.bad", jobId: "j-2" }, async () => {
        throw new Error("gateway down");
      }),
    ).rejects.toThrow("gateway down");
    expect(await runs("test.bad", "failed")).toBe(1);
    expect(await runs("test.bad", "completed")).toBe(0);
    expect(logs.lines[0]).toMatchObject({
      level: "error",
      queue: "test.bad",
      jobId: "j-2",
      err: { message: "gateway down" },
    });
  });
});
