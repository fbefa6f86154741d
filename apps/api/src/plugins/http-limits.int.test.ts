import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Header and URL limits are enforced by Node's HTTP parser, so these go over a real socket.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
      let body = "";
      res.on("data", (c) => {
        body += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Writes a request as it is and reads the whole answer, for what Node's parser refuses. */
function sendRaw(text: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(text);
    });
    let data = "";
    socket.on("data", (c) => {
      data += c;
    });
    socket.on("close", () => resolve(data));
    socket.on("error", reject);
  });
}

describe("oversized and malformed requests", () => {
  it("an oversized header → 431 {message,status}, and the server keeps answering", async () => {
    const raw = await sendRaw(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Pad: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4))).toEqual({
      message: "Request Header Fields Too Large",
      status: 431,
    });
    expect((await get("/api/health")).status).toBe(200);
  });

  it("an overlong search address → 303 to the same search cut to 100 characters, not a 431", async () => {
    const long = "a".repeat(20_000);
    for (const path of [
      `/search?q=${long}`,
      `/search/${long}`,
      `/search?q=${"%C3%A9".repeat(4000)}`,
    ]) {
      const raw = await sendRaw(`GET ${path} HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n\r\n`);
      expect(raw, path.slice(0, 20)).toMatch(/^HTTP\/1\.1 303 /);
      const location = /\r\nLocation: (\S+)\r\n/.exec(raw)?.[1] ?? "";
      const q = decodeURIComponent(location.slice("/search/".length));
      expect(location.startsWith("/search/")).toBe(true);
      expect(q.length).toBe(100);
      expect(q).toMatch(/^(a+|é+)$/);
    }
    // The API keeps its JSON error.
    const api = await sendRaw(`GET /api/search?q=${long} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(api).toMatch(/^HTTP\/1\.1 431 /);
  });

  it("a NUL byte in the path or the query → 400 {message,status}, before any route runs", async () => {
    for (const path of ["/api/pages/%00", "/api/products/a%00b", "/api/products?q=%00", "/%00"]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body)).toEqual({
        message: "The address contains a character that is not allowed",
        status: 400,
        code: "BAD_REQUEST",
      });
    }
  });

  it("a malformed path encoding → 400 {message,status}", async () => {
    const res = await get("/api/pages/%E0%A4%A");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ status: 400, message: expect.any(String) });
  });
});
