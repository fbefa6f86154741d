import { describe, expect, it } from "vitest";
import { runner } from "../testing/fake-services";
import { mergeProducts, readLandingContent } from "./landing-data.server";

describe("readLandingContent", () => {
  it("keeps the parts it understands", () => {
    expect(
      readLandingContent({
        description: "Up to 50% off",
        banners: [{ img: "/media/b.jpg", link: "/sale" }],
        products: [runner],
        theme: "dark",
      }),
    ).toMatchObject({
      description: "Up to 50% off",
      banners: [{ img: "/media/b.jpg", link: "/sale", alt: "" }],
      products: [runner],
    });
  });

  it("drops malformed items instead of failing", () => {
    expect(
      readLandingContent({ description: 5, banners: [{ img: 1 }, "x"], products: { a: 1 } }),
    ).toMatchObject({ description: null, banners: [], products: [] });
  });

  it("reads the seeded landing fields: headline, subtitle, art, discount, categories, tags", () => {
    expect(
      readLandingContent({
        headline: "Mega Sale",
        subtitle: "Big savings",
        banner: "/media/banners/a.webp",
        mobileBanner: "/media/banners/a-m.webp",
        discount: "Up to 50% off",
        categories: [{ slug: "kids", name: "Kids", image: "/media/k.webp" }, { slug: "x" }, 3],
        tags: ["lawn", 4, " "],
      }),
    ).toEqual({
      headline: "Mega Sale",
      subtitle: "Big savings",
      description: null,
      banner: "/media/banners/a.webp",
      mobileBanner: "/media/banners/a-m.webp",
      discount: "Up to 50% off",
      categories: [{ slug: "kids", name: "Kids", image: "/media/k.webp" }],
      tags: ["lawn"],
      banners: [],
      products: [],
    });
  });
});

describe("mergeProducts", () => {
  it("keeps the first of each product", () => {
    const other = { ...runner, _id: "other" };
    expect(mergeProducts([runner], [other, runner])).toEqual([runner, other]);
  });
});
