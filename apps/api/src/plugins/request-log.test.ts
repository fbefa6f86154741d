import type { FastifyReply, FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { RequestLog } from "./request-context.ts";

/** A request and reply as RequestLog reads them, with its log lines collected. */
function fake(lines: { level: string; obj: Record<string, unknown>; msg: string }[]) {
  const at =
    (level: string) =>
    (obj: Record<string, unknown>, msg = "") =>
      lines.push({ level, obj, msg });
  const request = {
    method: "GET",
    routeOptions: { url: "/api/products" },
    log: { warn: at("warn"), debug: at("debug"), error: at("error") },
  } as unknown as FastifyRequest;
  return (ms: number, status = 200) =>
    ({
      request,
      reply: { statusCode: status, elapsedTime: ms } as unknown as FastifyReply,
    }) as const;
}

describe("the request log under load", () => {
  it("writes at most N slow lines a second and says how many it held back", () => {
    const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
    let clock = 10_000;
    const log = new RequestLog(100, { warnsPerSecond: 3, now: () => clock });
    const req = fake(lines);
    for (let i = 0; i < 50; i++) {
      const { request, reply } = req(i % 2 ? 250 : 20, i % 10 === 0 ? 503 : 200);
      log.requestCompleted(null, request, reply);
    }
    const warns = () => lines.filter((l) => l.level === "warn");
    expect(warns()).toHaveLength(3);
    expect(lines.filter((l) => l.level === "debug").length).toBeGreaterThan(0);
    clock += 1_000;
    const { request, reply } = req(500);
    log.requestCompleted(null, request, reply);
    const summary = warns().find((l) => l.obj.suppressed !== undefined);
    // 25 slow and 5 failed requests; 3 written in the first second.
    expect(summary?.obj.suppressed).toBe(25 + 5 - 3);
    expect(warns().at(-1)?.obj).toMatchObject({ route: "/api/products", slow: true });
  });
});
