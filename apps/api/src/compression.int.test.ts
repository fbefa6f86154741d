import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const get = (url: string, encoding?: string) =>
  t.app.inject({
    method: "GET",
    url,
    headers: encoding ? { "accept-encoding": encoding } : {},
  });

describe("response compression (@fastify/compress)", () => {
  it("sends JSON with brotli or gzip as the client accepts, the same body once decoded", async () => {
    const plain = await get("/api/pages/router");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await get("/api/pages/router", "gzip, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get("/api/pages/router", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("leaves tiny responses alone", async () => {
    const res = await get("/api/ping", "br");
    expect(res.headers["content-encoding"]).toBeUndefined();
  });
});
