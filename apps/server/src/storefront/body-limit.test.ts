import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { limitedBody, uploadLimit } from "./body-limit.ts";

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

describe("uploadLimit", () => {
  it("lets /apply-for-vendor's form bring three 5 MB documents; every other page keeps the default", () => {
    expect(uploadLimit("/apply-for-vendor")).toBeGreaterThan(15 * 1024 * 1024);
    expect(uploadLimit("/apply-for-vendor?index")).toBe(uploadLimit("/apply-for-vendor"));
    expect(uploadLimit("/apply-for-vendor.data")).toBe(uploadLimit("/apply-for-vendor"));
    expect(uploadLimit("/apply-for-vendor-x")).toBeUndefined();
    expect(uploadLimit("/request-call-back")).toBeUndefined();
    expect(uploadLimit("/my/disputes/1")).toBeUndefined();
  });

  it("lets the product editor's upload bring one 8 MB picture (decision 060)", () => {
    const id = "0b6f7c1e-2f3a-4c5d-8e9f-0a1b2c3d4e5f";
    expect(uploadLimit(`/admin/products/${id}`)).toBeGreaterThan(8 * 1024 * 1024);
    expect(uploadLimit(`/admin/products/${id}.data?created`)).toBeGreaterThan(8 * 1024 * 1024);
    expect(uploadLimit("/admin/products/new")).toBeUndefined();
    // The content screens' forms bring one picture too.
    expect(uploadLimit("/admin/content/banners")).toBeGreaterThan(8 * 1024 * 1024);
    expect(uploadLimit("/admin/content/banners.data")).toBeGreaterThan(8 * 1024 * 1024);
    expect(uploadLimit("/admin/products")).toBeUndefined();
  });

  it("lets /admin/products/import bring a 10 MB CSV, and nothing else under /admin", () => {
    expect(uploadLimit("/admin/products/import")).toBeGreaterThan(10 * 1024 * 1024);
    expect(uploadLimit("/admin/products/import.data")).toBe(uploadLimit("/admin/products/import"));
    expect(uploadLimit("/admin/products/import/1")).toBeUndefined();
  });
});
