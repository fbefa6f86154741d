import { describe, expect, it } from "vitest";
// The same file the browser runs as part of the service worker.
import { CACHES, strategyFor } from "../../public/sw-strategy.js";

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
});
