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
});
