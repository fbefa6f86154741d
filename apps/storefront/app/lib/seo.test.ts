import { describe, expect, it } from "vitest";
import { errorMeta, excerpt, pageMeta } from "./seo";
import { fallbackSettings } from "./settings";

const root = {
  id: "root",
  loaderData: {
    settings: { ...fallbackSettings, shopName: "Maidan", title: "Maidan Sports", description: "D" },
    categories: [],
    shipping: null,
  },
};

describe("pageMeta", () => {
  it("uses the shop's title and description by default", () => {
    expect(pageMeta([root])).toEqual([
      { title: "Maidan Sports" },
      { name: "description", content: "D" },
      { property: "og:title", content: "Maidan Sports" },
      { property: "og:description", content: "D" },
    ]);
  });

  it("suffixes a page title with the shop name", () => {
    const meta = pageMeta([root, undefined], { title: "Sale", description: "Cheap" });
    expect(meta[0]).toEqual({ title: "Sale | Maidan" });
    expect(meta[1]).toEqual({ name: "description", content: "Cheap" });
  });

  it("works without root data", () => {
    expect(pageMeta([])[0]).toEqual({ title: fallbackSettings.title });
  });
});

describe("errorMeta", () => {
  it("names a 404 with the spec's text", () => {
    expect(errorMeta([root], { status: 404, statusText: "Not Found", data: null })[0]).toEqual({
      title: "This page could not be found | Maidan",
    });
  });

  it("shows status and message otherwise", () => {
    expect(errorMeta([root], new Error("Boom"))[0]).toEqual({ title: "500: Boom | Maidan" });
  });
});

describe("excerpt", () => {
  it("strips tags, squashes space and trims to length", () => {
    expect(excerpt("<p>Hello   <b>world</b></p>")).toBe("Hello world");
    expect(excerpt("abcdefghij", 5)).toBe("abcd…");
    expect(excerpt(null)).toBe("");
  });
});
