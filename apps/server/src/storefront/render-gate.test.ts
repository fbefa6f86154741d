import { describe, expect, it, vi } from "vitest";
import { createRenderGate } from "./render-gate.ts";

describe("render gate", () => {
  it("lets `limit` in at once and the rest in arrival order as others leave", async () => {
    const gate = createRenderGate(2);
    const order: number[] = [];
    const leaves: (() => void)[] = [];
    const entries = [1, 2, 3, 4].map((n) =>
      gate.enter().then((leave) => {
        order.push(n);
        leaves.push(leave);
      }),
    );
    await Promise.resolve();
    await Promise.resolve();
    expect(order).toEqual([1, 2]);
    expect(gate.load).toEqual({ active: 2, waiting: 2 });
    leaves[0]!();
    leaves[0]!(); // a second call changes nothing
    await Promise.resolve();
    await Promise.resolve();
    expect(order).toEqual([1, 2, 3]);
    expect(gate.load).toEqual({ active: 2, waiting: 1 });
    leaves[1]!();
    await Promise.all(entries);
    expect(order).toEqual([1, 2, 3, 4]);
    leaves[2]!();
    leaves[3]!();
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it("gives up a place held longer than maxHoldMs, so the line moves on", async () => {
    vi.useFakeTimers();
    try {
      const gate = createRenderGate(1, 5_000);
      await gate.enter(); // never left: a client that stopped reading
      let second = false;
      const entered = gate.enter().then((leave) => {
        second = true;
        return leave;
      });
      await vi.advanceTimersByTimeAsync(4_999);
      expect(second).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const leave = await entered;
      expect(second).toBe(true);
      leave();
      expect(gate.load).toEqual({ active: 0, waiting: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a limit below one", () => {
    expect(() => createRenderGate(0)).toThrow(/bad limit/);
  });
});
