import { describe, expect, it } from "vitest";
import { shouldPrefetch } from "./connectivity";

describe("shouldPrefetch", () => {
  it("prefetches on a normal connection, and without connection information", () => {
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: "4g" } })).toBe(true);
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: "3g" } })).toBe(true);
    expect(shouldPrefetch({ onLine: true })).toBe(true);
  });

  it("skips slow-2g, data saver and offline", () => {
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: "slow-2g" } })).toBe(false);
    expect(
      shouldPrefetch({ onLine: true, connection: { saveData: true, effectiveType: "4g" } }),
    ).toBe(false);
    expect(shouldPrefetch({ onLine: false, connection: { effectiveType: "4g" } })).toBe(false);
  });
});
