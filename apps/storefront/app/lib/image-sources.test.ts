import { describe, expect, it } from "vitest";
import { imageSources } from "./image-sources";

describe("imageSources", () => {
  it("offers every width in AVIF, WebP and JPEG for a media image", () => {
    const s = imageSources("/media/products/shoe-red.webp", [160, 800]);
    expect(s).toEqual({
      avif: "/img/160/products/shoe-red.avif 160w, /img/800/products/shoe-red.avif 800w",
      webp: "/img/160/products/shoe-red.webp 160w, /img/800/products/shoe-red.webp 800w",
      jpeg: "/img/160/products/shoe-red.jpeg 160w, /img/800/products/shoe-red.jpeg 800w",
      fallback: "/img/800/products/shoe-red.jpeg",
    });
  });

  it("leaves other addresses alone", () => {
    expect(imageSources("https://example.com/a.webp")).toBeNull();
    expect(imageSources("/media/../x.webp")).toBeNull();
  });
});
