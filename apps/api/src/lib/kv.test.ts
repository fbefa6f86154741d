import { afterAll, describe, expect, it } from "vitest";
import { memoryKv } from "./kv.ts";

describe("memoryKv", () => {
  let now = 1_000;
  const kv = memoryKv(() => now);
  afterAll(() => kv.close());

  it("counts within a window and resets after it", async () => {
    expect(await kv.incr("a", 10)).toBe(1);
    expect(await kv.incr("a", 10)).toBe(2);
    now += 10_001;
    expect(await kv.incr("a", 10)).toBe(1);
  });

  it("expires values", async () => {
    await kv.set("b", "x", 1);
    expect(await kv.get("b")).toBe("x");
    now += 1_001;
    expect(await kv.get("b")).toBeNull();
  });
});
