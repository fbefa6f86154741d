import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compress from "@fastify/compress";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pickEncoding, sendSharedJson, sharedJsonWeight } from "./shared-json.ts";

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, else none", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding("identity")).toBeNull();
  });
});

describe("sendSharedJson", () => {
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ name: `Product ${i}`, i })) };
  const small = { ok: true };
  const weighed = { items: Array.from({ length: 50 }, (_, i) => ({ name: `Shoe ${i}` })) };
  const stringify = vi.spyOn(JSON, "stringify");
  const app = Fastify();
  beforeAll(async () => {
    // As in the app: the compress plugin is registered and must leave these answers alone.
    await app.register(compress, { encodings: ["br", "gzip"], threshold: 1024 });
    app.get("/big", (req, reply) => sendSharedJson(req, reply, big));
    app.get("/small", (req, reply) => sendSharedJson(req, reply, small));
    app.get("/weighed", (req, reply) => sendSharedJson(req, reply, weighed));
    app.get("/fresh", (req, reply) => sendSharedJson(req, reply, { ...small }));
    await app.ready();
  });
  afterAll(() => app.close());
  const get = (url: string, encoding?: string) =>
    app.inject({ url, headers: encoding ? { "accept-encoding": encoding } : {} });

  it("sends the value's JSON, brotli or gzip as asked, each made once per value", async () => {
    stringify.mockClear();
    const plain = await get("/big");
    expect(plain.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toEqual(big);
    const br = await get("/big", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);
    const gz = await get("/big", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);
    for (let i = 0; i < 5; i++) {
      expect((await get("/big", "br")).rawPayload.equals(br.rawPayload)).toBe(true);
      expect((await get("/big")).json()).toEqual(big);
    }
    expect(stringify.mock.calls.filter(([v]) => v === big)).toHaveLength(1);
  });

  it("weighs a value as 3 × its JSON, made once and then sent", async () => {
    stringify.mockClear();
    expect(sharedJsonWeight(weighed)).toBe(3 * Buffer.byteLength(JSON.stringify(weighed)));
    expect((await get("/weighed")).json()).toEqual(weighed);
    // One stringify by the weigher, one by the line above: none by sendSharedJson.
    expect(stringify.mock.calls.filter(([v]) => v === weighed)).toHaveLength(2);
    expect(sharedJsonWeight(null)).toBe(64);
  });

  it("leaves small answers uncompressed, and serialises a new value afresh", async () => {
    const r = await get("/small", "br");
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(r.json()).toEqual(small);
    stringify.mockClear();
    await get("/fresh");
    await get("/fresh");
    expect(stringify).toHaveBeenCalledTimes(2);
  });
});
