import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { limitedBody } from "./body-limit.ts";

describe("limitedBody", () => {
  it("refuses a declared length over the limit at once, with 413", () => {
    const r = limitedBody("2001", Readable.from(["x"]), 2000);
    expect("error" in r && r.error.status).toBe(413);
  });

  it("passes a body within the limit through whole", async () => {
    const r = limitedBody(undefined, Readable.from(["a=1", "&b=2"]), 2000);
    if (!("stream" in r)) throw new Error("refused");
    expect(await text(r.stream)).toBe("a=1&b=2");
  });

  it("cuts off an undeclared body that grows past the limit", async () => {
    const r = limitedBody(undefined, Readable.from(["x".repeat(1500), "y".repeat(1500)]), 2000);
    if (!("stream" in r)) throw new Error("refused");
    await expect(text(r.stream)).rejects.toMatchObject({ status: 413 });
  });
});
