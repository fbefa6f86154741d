import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import {
  type CachedPage,
  compressedPage,
  createPageCache,
  isFirstAnonymousVisit,
  isPrivateRender,
  toCachedPage,
} from "./page-cache.ts";

const page = (body: string, shareable = true): CachedPage => ({
  status: 200,
  headers: [],
  body: Buffer.from(body),
  cookies: [],
  br: Buffer.from(body),
  gzip: Buffer.from(body),
  shareable,
  csp: null,
});

describe("page cache", () => {
  it("renders once for concurrent misses and reuses the page while fresh", async () => {
    const cache = createPageCache(60_000);
    const render = vi.fn(async () => page("a"));
    const [x, y] = await Promise.all([cache.get("k", render), cache.get("k", render)]);
    expect(x.body.toString()).toBe("a");
    expect(y).toBe(x);
    await cache.get("k", render);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it("serves the stale page while one new render runs, then the new one", async () => {
    vi.useFakeTimers();
    try {
      const cache = createPageCache(1_000);
      let n = 0;
      const render = vi.fn(async () => page(`v${++n}`));
      await cache.get("k", render);
      vi.advanceTimersByTime(1_500);
      expect((await cache.get("k", render)).body.toString()).toBe("v1");
      await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(2));
      await Promise.resolve();
      expect((await cache.get("k", render)).body.toString()).toBe("v2");
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not keep pages that are not shareable", async () => {
    const cache = createPageCache(60_000);
    const render = vi.fn(async () => page("x", false));
    await cache.get("k", render);
    await cache.get("k", render);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it("drops the oldest page beyond its size", async () => {
    const cache = createPageCache(60_000, 2);
    const render = vi.fn(async () => page("p"));
    for (const k of ["a", "b", "c", "a"]) await cache.get(k, render);
    expect(render).toHaveBeenCalledTimes(4);
  });

  it("keeps at most maxBytes of pages in all three encodings", async () => {
    // Each page below weighs 3 × 10 bytes (body, brotli and gzip forms).
    const cache = createPageCache(60_000, 500, 70);
    const render = vi.fn(async () => page("0123456789"));
    for (const k of ["a", "b", "c"]) await cache.get(k, render);
    expect([cache.size, cache.bytes]).toEqual([2, 60]);
    await cache.get("a", render); // dropped first, so rendered again
    expect(render).toHaveBeenCalledTimes(4);
    cache.clear();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});

describe("toCachedPage", () => {
  it("shares a 200 whose only cookie is allowed, brotli made at once and gzip when first asked", async () => {
    const res = new Response("<html>hello</html>".repeat(100), {
      headers: [
        ["content-type", "text/html"],
        ["set-cookie", "guest=1; Path=/"],
      ],
    });
    const p = await toCachedPage(res, (c) => c.every((x) => x.startsWith("guest=")));
    expect(p.shareable).toBe(true);
    expect(p.headers).toEqual([["content-type", "text/html"]]);
    expect(brotliDecompressSync(p.br).toString()).toBe(p.body.toString());
    expect(p.gzip).toBeNull();
    const gz = compressedPage(p, "gzip");
    expect(gunzipSync(gz).toString()).toBe(p.body.toString());
    expect(compressedPage(p, "gzip")).toBe(gz); // made once, then kept
    expect(compressedPage(p, "br")).toBe(p.br);
  });

  it("does not share other statuses, other cookies or a page marked no-store", async () => {
    const allowGuest = (c: string[]) => c.every((x) => x.startsWith("guest="));
    const notFound = await toCachedPage(new Response("x", { status: 404 }), allowGuest);
    const session = await toCachedPage(
      new Response("x", { headers: [["set-cookie", "Authorization=t"]] }),
      allowGuest,
    );
    const unstored = await toCachedPage(
      new Response("x", { headers: [["cache-control", "no-store"]] }),
      allowGuest,
    );
    expect(notFound.shareable).toBe(false);
    expect(session.shareable).toBe(false);
    expect(unstored.shareable).toBe(false);
    expect(session.cookies).toEqual(["Authorization=t"]);
  });
});

describe("request checks", () => {
  it("takes only cookieless, tokenless GETs", () => {
    expect(isFirstAnonymousVisit({ method: "GET", headers: {} })).toBe(true);
    expect(isFirstAnonymousVisit({ method: "POST", headers: {} })).toBe(false);
    expect(isFirstAnonymousVisit({ method: "GET", headers: { cookie: "guest=1" } })).toBe(false);
    expect(isFirstAnonymousVisit({ method: "GET", headers: { authorization: "Bearer x" } })).toBe(
      false,
    );
  });
});

describe("toCachedPage with an HTML transform", () => {
  it("transforms shared HTML only", async () => {
    const html = () =>
      new Response("<p>a</p>", { headers: [["content-type", "text/html; charset=utf-8"]] });
    const upper = (s: string) => s.toUpperCase();
    expect((await toCachedPage(html(), () => true, upper)).body.toString()).toBe("<P>A</P>");
    expect((await toCachedPage(html(), () => false, upper)).body.toString()).toBe("<p>a</p>");
    const data = new Response("x", { headers: [["content-type", "text/x-script"]] });
    expect((await toCachedPage(data, () => true, upper)).body.toString()).toBe("x");
  });
});

describe("isPrivateRender", () => {
  const req = (cookies: Record<string, string> = {}, authorization?: string) => ({
    headers: authorization ? { authorization } : {},
    cookies,
  });

  it("is private with a session cookie or bearer token, or when it sets or clears one", () => {
    expect(isPrivateRender(req({ Authorization: "eyJ.x.y" }), [])).toBe(true);
    expect(isPrivateRender(req({}, "Bearer eyJ.x.y"), [])).toBe(true);
    expect(isPrivateRender(req(), ["Authorization=eyJ.x.y; Path=/; HttpOnly"])).toBe(true);
    expect(isPrivateRender(req(), ["Authorization=; Path=/; Max-Age=0"])).toBe(true);
  });

  it("is not for guests, whose pages depend on the address alone", () => {
    expect(isPrivateRender(req(), [])).toBe(false);
    expect(isPrivateRender(req({ guest: "g1" }), ["guest=g1; Path=/"])).toBe(false);
    expect(isPrivateRender(req({ Authorization: "null" }), [])).toBe(false);
  });
});
