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

  it("sends catalogue reads compressed too (serialised and compressed once per cached read)", async () => {
    for (const url of ["/api/products?category=men", "/api/search?q=jogers", "/api/categories"]) {
      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers["content-type"]).toBe("application/json; charset=utf-8");
      const br = await get(url, "gzip, deflate, br");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers.vary).toContain("Accept-Encoding");
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
      const gz = await get(url, "gzip");
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    }
    const missing = await get("/api/products/no-such-product", "br");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: "This page could not be found", status: 404 });
  });

  it("leaves tiny responses alone", async () => {
    const res = await get("/api/ping", "br");
    expect(res.headers["content-encoding"]).toBeUndefined();
  });
});
