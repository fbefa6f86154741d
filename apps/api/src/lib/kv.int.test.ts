import { describe, expect, it } from "vitest";
import { type Kv, memoryKv, redisKv } from "./kv.ts";

const redisUrl = process.env.TEST_REDIS_URL;
const stores: [string, () => Promise<Kv>][] = [["memory", async () => memoryKv()]];
if (redisUrl) stores.push(["redis", () => redisKv(redisUrl, `maidan-kv-test-${process.pid}:`)]);

describe.each(stores)("%s key-value store", (_name, open) => {
  it("increments with a window, sets, gets and deletes", async () => {
    const kv = await open();
    try {
      const key = `k${Math.random()}`;
      expect(await kv.incr(key, 5)).toBe(1);
      expect(await kv.incr(key, 5)).toBe(2);
      await kv.set(`${key}:v`, "hello", 5);
      expect(await kv.get(`${key}:v`)).toBe("hello");
      await kv.del(`${key}:v`);
      expect(await kv.get(`${key}:v`)).toBeNull();
      await kv.ping();
    } finally {
      await kv.close();
    }
  });

  it("adds and gives back under one key, concurrently without losing a change", async () => {
    const kv = await open();
    try {
      const key = `h${Math.random()}`;
      await Promise.all(Array.from({ length: 50 }, () => kv.add(key, 2, 5)));
      await Promise.all(Array.from({ length: 20 }, () => kv.add(key, -1, 5)));
      expect(await kv.add(key, 0, 5)).toBe(80);
    } finally {
      await kv.close();
    }
  });

  it("adds within a limit atomically: of 100 concurrent adds under a limit of 7, 7 count", async () => {
    const kv = await open();
    try {
      const key = `w${Math.random()}`;
      const results = await Promise.all(Array.from({ length: 100 }, () => kv.add(key, 1, 5, 7)));
      expect(results.filter((n) => n !== null)).toHaveLength(7);
      expect(await kv.get(key)).toBe("7");
      expect(await kv.add(key, -7, 5, 7)).toBe(0);
    } finally {
      await kv.close();
    }
  });
});

describe("an unreachable REDIS_URL", () => {
  it("fails fast with a clear error instead of hanging", async () => {
    const started = Date.now();
    await expect(redisKv("redis://127.0.0.1:1", "x:", 1000)).rejects.toThrow(/redis: cannot reach/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
