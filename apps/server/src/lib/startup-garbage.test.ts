import { describe, expect, it } from "vitest";
import { releaseStartupGarbage } from "./startup-garbage.ts";

describe("releaseStartupGarbage", () => {
  it("collects what nothing refers to any more, without leaving gc() exposed", () => {
    let garbage: number[][] | null = Array.from({ length: 200 }, () => new Array(50_000).fill(1));
    const withGarbage = process.memoryUsage().heapUsed;
    expect(garbage.length).toBe(200);
    garbage = null;
    releaseStartupGarbage();
    // 200 × 50,000 small integers are ~80 MB; at least most of it must be gone.
    expect(withGarbage - process.memoryUsage().heapUsed).toBeGreaterThan(50 * 2 ** 20);
    expect("gc" in globalThis).toBe(false);
  });
});
