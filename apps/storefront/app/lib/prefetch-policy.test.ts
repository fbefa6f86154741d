import { describe, expect, it } from "vitest";
import { prefetchPage, shouldPrefetch } from "./prefetch-policy";

const here = { origin: "https://maidan.pk", pathname: "/men", search: "" };

describe("prefetchPage", () => {
  it("prefetches the shop's catalogue and content pages, with their query", () => {
    expect(prefetchPage("https://maidan.pk/air-runner", here)).toBe("/air-runner");
    expect(prefetchPage("/men?sort=newest&page=2", here)).toBe("/men?sort=newest&page=2");
    expect(prefetchPage("/brands/stride#top", here)).toBe("/brands/stride");
    expect(prefetchPage("/search/jogers", here)).toBe("/search/jogers");
    expect(prefetchPage("/help-center/1", here)).toBe("/help-center/1");
    // A product whose slug starts like a private path is still a product.
    expect(prefetchPage("/my-first-football", here)).toBe("/my-first-football");
  });

  it("skips other sites, the page itself and files", () => {
    expect(prefetchPage("https://wa.me/923001234567", here)).toBeNull();
    expect(prefetchPage("/men", here)).toBeNull();
    expect(prefetchPage("/men#reviews", here)).toBeNull();
    expect(prefetchPage("/sitemap.xml", here)).toBeNull();
    expect(prefetchPage("/media/products/shoe.webp", here)).toBeNull();
  });

  it("skips private pages, pages whose loader acts, and the API", () => {
    for (const path of [
      "/my",
      "/my/orders/1",
      "/account/login",
      "/account/verify/abc",
      "/checkout",
      "/cart",
      "/order-success?id=1",
      "/order-success-guest",
      "/invite/abc",
      "/verify/auth",
      "/oauth/success",
      "/pgw/easypaisa",
      "/wishlist",
      "/api/cart",
      "/sandbox/hbl",
      "/admin",
    ]) {
      expect(prefetchPage(path, here), path).toBeNull();
    }
  });
});

describe("shouldPrefetch", () => {
  it("prefetches on a normal connection, and without connection information", () => {
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: "4g" } })).toBe(true);
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: "3g" } })).toBe(true);
    expect(shouldPrefetch({ onLine: true })).toBe(true);
  });

  it("skips slow-2g, data saver and offline", () => {
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: "slow-2g" } })).toBe(false);
    expect(
      shouldPrefetch({ onLine: true, connection: { saveData: true, effectiveType: "4g" } }),
    ).toBe(false);
    expect(shouldPrefetch({ onLine: false, connection: { effectiveType: "4g" } })).toBe(false);
  });
});
