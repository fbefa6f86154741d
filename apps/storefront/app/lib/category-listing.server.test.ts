import { listQuery } from "@maidan/contracts/catalog";
import { AppError } from "@maidan/contracts/errors";
import { describe, expect, it } from "vitest";
import { fakeCatalog, fakeList } from "../testing/fake-catalog";
import { categoryListing, listOrFirstPage } from "./category-listing.server";

const req = (path: string) => new Request(`http://shop.test${path}`);

describe("categoryListing", () => {
  it("lists a category's child with breadcrumbs and the URL's filters", async () => {
    const seen: unknown[] = [];
    const catalog = fakeCatalog({
      list: async (q) => {
        seen.push(q);
        return fakeList(q);
      },
    });
    const data = await categoryListing(
      catalog,
      "men",
      "men-shoes",
      req("/men/men-shoes?brand=stride&sort=newest"),
    );
    expect(data?.category.slug).toBe("men-shoes");
    expect(data?.crumbs.map((c) => c.href)).toEqual(["/", "/men", undefined]);
    expect(seen[0]).toMatchObject({ category: "men-shoes", brand: ["stride"], sort: "newest" });
    expect(data?.list.items.every((p) => p.brand === "Stride")).toBe(true);
  });

  it("treats /{slug}/all as the category itself and unknown children as missing", async () => {
    const catalog = fakeCatalog();
    expect((await categoryListing(catalog, "men", "all", req("/men/all")))?.category.slug).toBe(
      "men",
    );
    expect(await categoryListing(catalog, "men", "women", req("/men/women"))).toBeNull();
    expect(await categoryListing(catalog, "nope", undefined, req("/nope"))).toBeNull();
  });
});

describe("listOrFirstPage", () => {
  it("falls back to page 1 when the page is past the end", async () => {
    const load = async (q: ReturnType<typeof listQuery>) => {
      if (q.page > 1) throw new AppError("BAD_REQUEST", "page");
      return fakeList(q);
    };
    const r = await listOrFirstPage(load, listQuery({ page: "7" }));
    expect(r.query.page).toBe(1);
    expect(r.list.items.length).toBeGreaterThan(0);
  });
});
