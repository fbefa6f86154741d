import { describe, expect, it } from "vitest";
import { mediaPathOf, parseImageRequest } from "./image-request.ts";

describe("parseImageRequest", () => {
  it("accepts an allowed width, a safe path and a known format", () => {
    expect(parseImageRequest("480", "banners/mega-sale-mobile.avif")).toEqual({
      ok: true,
      value: { width: 480, path: "banners/mega-sale-mobile", format: "avif" },
    });
  });

  it.each([
    ["100", "products/a.webp"],
    ["800", "products/a.png"],
    ["800", "../a.webp"],
    ["800", "products/../../a.webp"],
    ["800", "/etc/a.webp"],
    ["800", "Products/A.webp"],
    ["800", ".webp"],
    // Private files (an applicant's documents) are never resized for anyone.
    ["800", "private/vendor-applications/0123abcd.webp"],
  ])("refuses width %s path %s", (width, rest) => {
    expect(parseImageRequest(width, rest).ok).toBe(false);
  });
});

describe("mediaPathOf", () => {
  it("maps a seeded media URL to its path and refuses anything else", () => {
    expect(mediaPathOf("/media/products/shoe-red.webp")).toBe("products/shoe-red");
    expect(mediaPathOf("https://cdn.example/x.webp")).toBeNull();
    expect(mediaPathOf("/media/../secret.webp")).toBeNull();
  });
});
