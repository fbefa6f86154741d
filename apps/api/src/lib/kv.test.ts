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

  it("adds and gives back, the expiry restarting with every change", async () => {
    expect(await kv.add("held", 3, 10)).toBe(3);
    now += 8_000;
    expect(await kv.add("held", -1, 10)).toBe(2);
    now += 8_000;
    expect(await kv.get("held")).toBe("2");
    now += 2_001;
    expect(await kv.get("held")).toBeNull();
    expect(await kv.add("held", 1, 10)).toBe(1);
  });

  it("adds within a limit or not at all", async () => {
    expect(await kv.add("lim", 2, 10, 3)).toBe(2);
    expect(await kv.add("lim", 2, 10, 3)).toBeNull();
    expect(await kv.get("lim")).toBe("2");
    expect(await kv.add("lim", 1, 10, 3)).toBe(3);
    expect(await kv.add("lim", -3, 10, 3)).toBe(0);
  });
});
