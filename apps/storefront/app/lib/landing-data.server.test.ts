import { describe, expect, it } from "vitest";
import { runner } from "../testing/fake-services";
import { readLandingContent } from "./landing-data.server";

describe("readLandingContent", () => {
  it("keeps the parts it understands", () => {
    expect(
      readLandingContent({
        description: "Up to 50% off",
        banners: [{ img: "/media/b.jpg", link: "/sale" }],
        products: [runner],
        theme: "dark",
      }),
    ).toEqual({
      description: "Up to 50% off",
      banners: [{ img: "/media/b.jpg", link: "/sale", alt: "" }],
      products: [runner],
    });
  });

  it("drops malformed items instead of failing", () => {
    expect(
      readLandingContent({ description: 5, banners: [{ img: 1 }, "x"], products: { a: 1 } }),
    ).toEqual({ description: null, banners: [], products: [] });
  });
});
