import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import {
  type CachedPage,
  createPageCache,
  isFirstAnonymousVisit,
  isPrivateRender,
  sharedBody,
  toCachedPage,
} from "./page-cache.ts";

const page = (body: string, shareable = true): CachedPage => {
  const common = { status: 200, headers: [], cookies: [], csp: null };
  return shareable
    ? {
        ...common,
        shareable,
        sharedPage: false,
        br: brotliCompressSync(body),
        gzip: null,
        plain: null,
      }
    : { ...common, shareable, body: Buffer.from(body) };
};
/** A page's body as sent to a client that takes no compression. */
const text = (p: CachedPage) => (p.shareable ? sharedBody(p, null).body : p.body).toString();

describe("page cache", () => {
  it("renders once for concurrent misses and reuses the page while fresh", async () => {
    const cache = createPageCache(60_000);
    const render = vi.fn(async () => page("a"));
    const [x, y] = await Promise.all([cache.get("k", render), cache.get("k", render)]);
    expect(text(x)).toBe("a");
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
      expect(text(await cache.get("k", render))).toBe("v1");
      await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(2));
      await Promise.resolve();
      expect(text(await cache.get("k", render))).toBe("v2");
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

  it("keeps at most maxBytes of pages, weighed by the forms they hold (brotli at first)", async () => {
    const one = page("0123456789");
    if (!one.shareable) throw new Error("shared page expected");
    const weight = one.br.length;
    const cache = createPageCache(60_000, 500, 2 * weight + 1);
    const render = vi.fn(async () => page("0123456789"));
    for (const k of ["a", "b", "c"]) await cache.get(k, render);
    expect([cache.size, cache.bytes]).toEqual([2, 2 * weight]);
    await cache.get("a", render); // dropped first, so rendered again
    expect(render).toHaveBeenCalledTimes(4);
    cache.clear();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });

  it("weighs a page again when a client makes it keep an uncompressed form", async () => {
    const body = "x".repeat(4000);
    const one = page(body);
    if (!one.shareable) throw new Error("shared page expected");
    const weight = one.br.length;
    const cache = createPageCache(60_000, 500, 2 * weight + body.length - 1);
    const render = vi.fn(async () => page(body));
    const a = await cache.get("a", render);
    await cache.get("b", render);
    expect(cache.bytes).toBe(2 * weight);
    expect(cache.body("a", a, "br")).toBe(a.shareable ? a.br : null);
    expect(cache.bytes).toBe(2 * weight);
    expect(cache.body("a", a, null).toString()).toBe(body);
    // "a" now weighs its plain form too and counts as written last: "b" made room for it.
    expect([cache.size, cache.bytes]).toEqual([1, weight + body.length]);
    expect(cache.body("a", a, null).toString()).toBe(body); // kept, not made again
    expect(cache.bytes).toBe(weight + body.length);
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
    if (!p.shareable) throw new Error("expected a shared page");
    expect(p.headers).toEqual([["content-type", "text/html"]]);
    const html = "<html>hello</html>".repeat(100);
    expect(brotliDecompressSync(p.br).toString()).toBe(html);
    expect(p.gzip).toBeNull();
    const gz = sharedBody(p, "gzip");
    expect(gz.made).toBe(true);
    expect(gunzipSync(gz.body).toString()).toBe(html);
    expect(sharedBody(p, "gzip")).toEqual({ body: gz.body, made: false }); // made once, then kept
    expect(p.plain).toBeNull(); // decoded for gzip, not kept
    expect(sharedBody(p, "br")).toEqual({ body: p.br, made: false });
    expect(sharedBody(p, null).body.toString()).toBe(html);
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
    expect(text(await toCachedPage(html(), () => true, upper))).toBe("<P>A</P>");
    expect(text(await toCachedPage(html(), () => false, upper))).toBe("<p>a</p>");
    const data = new Response("x", { headers: [["content-type", "text/x-script"]] });
    expect(text(await toCachedPage(data, () => true, upper))).toBe("x");
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
