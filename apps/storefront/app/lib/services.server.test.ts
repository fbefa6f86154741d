import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { captureLog } from "../testing/capture-log";
import { once, services, settledOr } from "./services.server";

describe("once", () => {
  it("shares one call per request and key", async () => {
    const context = new RouterContextProvider();
    const load = vi.fn(async () => 42);
    const [a, b] = await Promise.all([once(context, "k", load), once(context, "k", load)]);
    expect([a, b]).toEqual([42, 42]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not share across requests", async () => {
    const load = vi.fn(async () => 1);
    await once(new RouterContextProvider(), "k", load);
    await once(new RouterContextProvider(), "k", load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("settledOr", () => {
  it("falls back on failure", () => {
    const captured = captureLog();
    const warn = captured.warn;
    expect(settledOr({ status: "rejected", reason: new Error("x") }, "fb", "thing")).toBe("fb");
    expect(settledOr({ status: "fulfilled", value: 1 }, "fb", "thing")).toBe(1);
    expect(warn).toHaveBeenCalledTimes(1);
    captured.restore();
  });
});

describe("services", () => {
  it("explains a missing load context", () => {
    expect(() => services(new RouterContextProvider())).toThrow(/createLoadContext/);
  });
});
