import { describe, expect, it } from "vitest";
import { createLogger, logger, runWithLogger, setRootLogger, withLogContext } from "./log.ts";
import { captureLogs } from "./testing/capture-logs.ts";

function rootCapture(level: "info" | "warn" = "info") {
  const logs = captureLogs();
  setRootLogger(createLogger(level, logs.destination));
  return logs;
}

describe("createLogger", () => {
  it("writes JSON lines with the level's name and an ISO time, and drops lines below its level", () => {
    const logs = captureLogs();
    const log = createLogger("warn", logs.destination);
    log.info("not written");
    log.warn({ orderNo: "M-1" }, "written");
    expect(logs.lines).toHaveLength(1);
    expect(logs.lines[0]).toMatchObject({ level: "warn", orderNo: "M-1", msg: "written" });
    expect(new Date(String(logs.lines[0]?.time)).toISOString()).toBe(logs.lines[0]?.time);
  });
});

describe("logger()", () => {
  it("is the process's logger outside any work", () => {
    const logs = rootCapture();
    logger().info("idle");
    expect(logs.lines).toEqual([expect.objectContaining({ msg: "idle" })]);
  });

  it("is the given logger inside runWithLogger, across awaits", async () => {
    const logs = rootCapture();
    const request = logger().child({ reqId: "r-1" });
    await runWithLogger(request, async () => {
      await new Promise((r) => setTimeout(r, 1));
      logger().warn("late");
    });
    logger().info("after");
    expect(logs.lines.map((l) => [l.msg, l.reqId])).toEqual([
      ["late", "r-1"],
      ["after", undefined],
    ]);
  });

  it("inside a job, carries its queue and id (a new one when none is given)", async () => {
    const logs = rootCapture();
    await withLogContext({ queue: "sms", jobId: "j-7" }, async () => logger().info("sending"));
    withLogContext({ queue: "sweep" }, () => logger().info("sweeping"));
    expect(logs.lines[0]).toMatchObject({ queue: "sms", jobId: "j-7", msg: "sending" });
    expect(logs.lines[1]).toMatchObject({ queue: "sweep", msg: "sweeping" });
    expect(String(logs.lines[1]?.jobId)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
