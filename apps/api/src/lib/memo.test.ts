import { describe, expect, it } from "vitest";
import { memo } from "./memo.ts";

describe("memo", () => {
  it("shares one in-flight load and serves stale values while refreshing", async () => {
    let calls = 0;
    const get = memo(10, async () => ++calls);
    expect(await Promise.all([get(), get()])).toEqual([1, 1]);
    await new Promise((r) => setTimeout(r, 20));
    expect(await get()).toBe(1); // stale served, refresh started
    await new Promise((r) => setTimeout(r, 5));
    expect(await get()).toBe(2);
    get.invalidate();
    expect(await get()).toBe(3);
  });

  it("is ready once it holds a value, until invalidated; never with caching off", async () => {
    const get = memo(1000, async () => 1);
    expect(get.ready()).toBe(false);
    await get();
    expect(get.ready()).toBe(true);
    get.invalidate();
    expect(get.ready()).toBe(false);
    const off = memo(0, async () => 1);
    await off();
    expect(off.ready()).toBe(false);
  });

  it("does not keep a load that was in flight when it was invalidated", async () => {
    let release: (v: string) => void = () => {};
    let calls = 0;
    const get = memo(1000, () => {
      calls++;
      return calls === 1 ? new Promise<string>((r) => (release = r)) : Promise.resolve("new");
    });
    const first = get();
    get.invalidate();
    release("old");
    expect(await first).toBe("old");
    expect(await get()).toBe("new");
    expect(calls).toBe(2);
  });
});
