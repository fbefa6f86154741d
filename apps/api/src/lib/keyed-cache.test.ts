import { describe, expect, it, vi } from "vitest";
import { keyedCache } from "./keyed-cache.ts";

describe("keyedCache", () => {
  it("shares one load per key and serves the cached value", async () => {
    const c = keyedCache(60_000);
    const load = vi.fn(async () => 1);
    expect(await Promise.all([c.get("a", load), c.get("a", load)])).toEqual([1, 1]);
    expect(await c.get("a", load)).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("serves a stale value while refreshing, then the new one", async () => {
    vi.useFakeTimers();
    try {
      const c = keyedCache(1_000);
      let n = 0;
      const load = async () => ++n;
      expect(await c.get("k", load)).toBe(1);
      vi.advanceTimersByTime(1_001);
      expect(await c.get("k", load)).toBe(1);
      await vi.runAllTimersAsync();
      expect(await c.get("k", load)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("invalidate drops values and ignores loads begun before it", async () => {
    const c = keyedCache(60_000);
    let release = (_v: number) => {};
    const slow = new Promise<number>((r) => {
      release = r;
    });
    const first = c.get("k", () => slow);
    c.invalidate();
    release(1);
    expect(await first).toBe(1);
    expect(await c.get("k", async () => 2)).toBe(2);
  });

  it("drop removes only the matching keys and ignores their loads begun before it", async () => {
    const c = keyedCache(60_000);
    await c.get("detail:a", async () => "a1");
    await c.get("detail:b", async () => "b1");
    let release = (_v: string) => {};
    const slow = c.get("detail:c", () => new Promise<string>((r) => (release = r)));
    c.drop((k) => k === "detail:a" || k === "detail:c");
    release("c1");
    expect(await slow).toBe("c1");
    expect(c.peek("detail:a")).toBeUndefined();
    expect(c.peek("detail:c")).toBeUndefined();
    expect(c.peek("detail:b")).toBe("b1");
    expect(await c.get("detail:a", async () => "a2")).toBe("a2");
    expect(await c.get("detail:c", async () => "c2")).toBe("c2");
  });

  it("keeps at most maxEntries keys", async () => {
    const c = keyedCache(60_000, { maxEntries: 2 });
    for (const k of ["a", "b", "c"]) await c.get(k, async () => k);
    expect(c.size).toBe(2);
  });

  it("keeps at most maxBytes by its weigher, dropping the oldest written", async () => {
    const c = keyedCache(60_000, { maxBytes: 100, weigh: (v) => String(v).length });
    await c.get("a", async () => "x".repeat(40));
    await c.get("b", async () => "y".repeat(40));
    expect(c.bytes).toBe(80);
    await c.get("c", async () => "z".repeat(40));
    expect([c.peek("a"), c.size, c.bytes]).toEqual([undefined, 2, 80]);
    // Rewriting a key replaces its weight; a value over the whole budget is served, not kept.
    c.drop((k) => k === "b");
    expect(c.bytes).toBe(40);
    expect(await c.get("big", async () => "w".repeat(101))).toHaveLength(101);
    expect([c.peek("big"), c.bytes]).toEqual([undefined, 40]);
    c.invalidate();
    expect(c.bytes).toBe(0);
  });

  it("does not cache with ttl 0", async () => {
    const c = keyedCache(0);
    const load = vi.fn(async () => 1);
    await c.get("a", load);
    await c.get("a", load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
