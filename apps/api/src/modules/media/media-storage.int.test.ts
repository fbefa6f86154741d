import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { createTestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3TestServer, startS3Server } from "../../testing/s3-server.ts";
import { diskStorage } from "./disk-storage.ts";
import type { MediaObject, MediaStorage } from "./media-storage.ts";
import { s3Storage } from "./s3-storage.ts";

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

const s3With = (prefix: string, bucket = s3.bucket) =>
  s3Storage({
    bucket,
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    prefix,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });

const drain = async (body: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
};

const bytes = (text: string) => Buffer.from(text);

/** The contract every media storage keeps; run against the local disk and an S3 bucket. */
describe.each([
  ["local disk", () => diskStorage(mkdtempSync(join(tmpdir(), "maidan-media-")))],
  ["S3 (s3rver)", () => s3With(`run-${Date.now()}/`)],
] as const)("media storage on %s", (_, make) => {
  let storage: MediaStorage;
  beforeAll(() => {
    storage = make();
  });
  afterAll(() => storage?.close());

  it("is reachable", async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it("keeps what is put, reads it whole and streams it with its type, size and an ETag", async () => {
    await storage.put("avatars/u1-abc.webp", bytes("RIFF-webp-1"), "image/webp");
    expect(await storage.exists("avatars/u1-abc.webp")).toBe(true);
    expect((await storage.read("avatars/u1-abc.webp"))?.toString()).toBe("RIFF-webp-1");
    const file = (await storage.open("avatars/u1-abc.webp")) as MediaObject;
    expect(file).toMatchObject({ contentType: "image/webp", size: 11 });
    expect(file.etag).toMatch(/^".+"$/);
    expect(file.lastModified.getTime()).toBeGreaterThan(0);
    expect((await drain(file.body)).toString()).toBe("RIFF-webp-1");
  });

  it("gives the type by the key's extension", async () => {
    await storage.put("products/shoe-red.jpg", bytes("jpeg"));
    const file = (await storage.open("products/shoe-red.jpg")) as MediaObject;
    expect(file.contentType).toBe("image/jpeg");
    await drain(file.body);
  });

  it("answers not-modified for the ETag the client holds, and the file again once it changed", async () => {
    await storage.put("banners/eid-desktop.webp", bytes("v1"));
    const first = (await storage.open("banners/eid-desktop.webp")) as MediaObject;
    await drain(first.body);
    expect(await storage.open("banners/eid-desktop.webp", { ifNoneMatch: first.etag })).toEqual({
      notModified: true,
      etag: first.etag,
    });
    await storage.put("banners/eid-desktop.webp", bytes("version 2"));
    const again = await storage.open("banners/eid-desktop.webp", { ifNoneMatch: first.etag });
    expect(again).not.toHaveProperty("notModified");
    expect((await drain((again as MediaObject).body)).toString()).toBe("version 2");
  });

  it("a replaced file is replaced whole", async () => {
    await storage.put("avatars/u2-abc.webp", bytes("a much longer first version"));
    await storage.put("avatars/u2-abc.webp", bytes("short"));
    expect((await storage.read("avatars/u2-abc.webp"))?.toString()).toBe("short");
  });

  it("deletes; a missing file reads as null and deleting it again is no error", async () => {
    await storage.put("avatars/u3-abc.webp", bytes("x"));
    await storage.delete("avatars/u3-abc.webp");
    expect(await storage.exists("avatars/u3-abc.webp")).toBe(false);
    expect(await storage.read("avatars/u3-abc.webp")).toBeNull();
    expect(await storage.open("avatars/u3-abc.webp")).toBeNull();
    await expect(storage.delete("avatars/u3-abc.webp")).resolves.toBeUndefined();
  });

  it.each([
    "../secret.webp",
    "avatars/../../etc/passwd.webp",
    "/etc/passwd.webp",
    "avatars/.hidden.webp",
    "Avatars/x.webp",
    "avatars/x.svg",
    "avatars/x",
    "",
  ])("refuses the key %j: reads find nothing, writes throw", async (key) => {
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.read(key)).toBeNull();
    expect(await storage.open(key)).toBeNull();
    await expect(storage.put(key, bytes("x"))).rejects.toThrow(/invalid key/);
    await expect(storage.delete(key)).rejects.toThrow(/invalid key/);
  });
});

describe("S3 media storage", () => {
  it("keeps each prefix's files apart in one bucket", async () => {
    const a = s3With("shop-a/");
    const b = s3With("shop-b/");
    await a.put("avatars/same-abc.webp", bytes("from a"));
    expect(await b.read("avatars/same-abc.webp")).toBeNull();
    expect((await a.read("avatars/same-abc.webp"))?.toString()).toBe("from a");
    a.close();
    b.close();
  });

  it("a bucket that does not exist fails the start-up check with a clear message", async () => {
    const missing = s3With("", "no-such-bucket");
    await expect(missing.check()).rejects.toThrow(
      /^media: cannot reach the bucket s3:\/\/no-such-bucket\/ at http:\/\/127\.0\.0\.1:\d+: HTTP 404/,
    );
    missing.close();
  });
});

describe("a bucket that does not answer", () => {
  const dead = () =>
    s3Storage({
      bucket: "shop-media",
      // Nothing listens on port 9 of this machine: every call is refused at once.
      endpoint: "http://127.0.0.1:9",
      region: "us-east-1",
      forcePathStyle: true,
      prefix: "",
      credentials: { accessKeyId: "x", secretAccessKey: "y" },
    });

  it("fails every call with 503 MEDIA_UNAVAILABLE, never a bare error", async () => {
    const storage = dead();
    for (const call of [
      () => storage.open("products/x.webp"),
      () => storage.read("products/x.webp"),
      () => storage.exists("products/x.webp"),
      () => storage.put("avatars/x.webp", bytes("x")),
      () => storage.delete("avatars/x.webp"),
    ]) {
      await expect(call()).rejects.toMatchObject({ status: 503, code: "MEDIA_UNAVAILABLE" });
    }
    storage.close();
  });

  it("gives /media and /img a 503 {message, status}", async () => {
    const t = await createTestApp({
      seed: false,
      env: {
        MEDIA_S3_BUCKET: "shop-media",
        MEDIA_S3_ENDPOINT: "http://127.0.0.1:9",
        MEDIA_S3_FORCE_PATH_STYLE: "true",
        MEDIA_S3_ACCESS_KEY_ID: "x",
        MEDIA_S3_SECRET_ACCESS_KEY: "y",
      },
    });
    try {
      for (const url of ["/media/products/x.webp", "/img/320/products/x.webp"]) {
        const res = await t.app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(503);
        expect(res.json(), url).toMatchObject({ status: 503, code: "MEDIA_UNAVAILABLE" });
      }
    } finally {
      await t.close();
    }
  });
});
