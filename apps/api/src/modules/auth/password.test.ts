import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.ts";

describe("password hashing", () => {
  it("uses argon2id at OWASP's minimum (19 MiB, 2 iterations, parallelism 1)", async () => {
    const hash = await hashPassword("correct horse");
    const [, algorithm, , params] = hash.split("$");
    expect(algorithm).toBe("argon2id");
    const p = Object.fromEntries((params ?? "").split(",").map((kv) => kv.split("=")));
    expect(Number(p.m)).toBeGreaterThanOrEqual(19_456);
    expect(Number(p.t)).toBeGreaterThanOrEqual(2);
    expect(Number(p.p)).toBe(1);
    expect(await verifyPassword(hash, "correct horse")).toBe(true);
    expect(await verifyPassword(hash, "wrong horse")).toBe(false);
    expect(await verifyPassword("not-a-hash", "x")).toBe(false);
  });
});
