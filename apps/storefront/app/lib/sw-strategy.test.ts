import { describe, expect, it } from "vitest";
// The same file the browser runs as part of the service worker.
import { CACHES, storable, strategyFor } from "../../public/sw-strategy.js";

const origin = "https://maidan.pk";
const get = (path: string, mode = "no-cors") => ({ method: "GET", mode, url: `${origin}${path}` });

describe("service worker strategy", () => {
  it("serves visited pages and their data network-first from the pages cache", () => {
    expect(strategyFor(get("/air-runner", "navigate"), origin)).toEqual({
      kind: "page",
      cache: CACHES.pages,
    });
    expect(strategyFor(get("/air-runner.data"), origin)).toEqual({
      kind: "data",
      cache: CACHES.pages,
    });
  });

  it("keeps hashed assets and images cache-first", () => {
    expect(strategyFor(get("/assets/root-abc.js"), origin)?.kind).toBe("asset");
    expect(strategyFor(get("/img/320/products/shoe.avif"), origin)?.kind).toBe("image");
    expect(strategyFor(get("/media/products/shoe.webp"), origin)?.kind).toBe("image");
  });

  it("never caches the API, other origins or writes", () => {
    expect(strategyFor(get("/api/cart"), origin)).toBeNull();
    expect(strategyFor(get("/api", "navigate"), origin)).toBeNull();
    expect(
      strategyFor({ method: "POST", mode: "navigate", url: `${origin}/checkout` }, origin),
    ).toBeNull();
    expect(
      strategyFor({ method: "GET", mode: "no-cors", url: "https://cdn.example/x.js" }, origin),
    ).toBeNull();
  });

  it("never keeps one shopper's pages: network only, the offline page when it fails", async () => {
    for (const path of [
      "/my",
      "/my/orders/42",
      "/checkout",
      "/checkout/payments",
      "/account/login",
      "/order-success?id=1",
      "/order-success-guest",
      "/wishlist",
      "/pgw/easypaisa",
    ]) {
      expect(strategyFor(get(path, "navigate"), origin), path).toEqual({
        kind: "private",
        cache: CACHES.pages,
      });
    }
    for (const path of ["/my.data", "/my/orders.data", "/checkout.data", "/order-success.data"]) {
      expect(strategyFor(get(path), origin), path).toBeNull();
    }
    // Catalogue pages whose names only start alike are kept as usual.
    expect(strategyFor(get("/my-first-football", "navigate"), origin)?.kind).toBe("page");
    expect(strategyFor(get("/checkered-shirt.data"), origin)?.kind).toBe("data");
  });

  it("keeps only responses the server did not mark private or no-store", () => {
    const response = (ok: boolean, cacheControl?: string) => ({
      ok,
      headers: new Headers(cacheControl ? { "cache-control": cacheControl } : {}),
    });
    expect(storable(response(true))).toBe(true);
    expect(storable(response(true, "public, max-age=3600"))).toBe(true);
    expect(storable(response(true, "private"))).toBe(false);
    expect(storable(response(true, "no-store"))).toBe(false);
    expect(storable(response(false))).toBe(false);
  });
});
