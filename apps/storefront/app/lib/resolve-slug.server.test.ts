import { describe, expect, it, vi } from "vitest";
import { captureLog } from "../testing/capture-log";
import { aboutPage, fakeServices, findRunner, men, runnerDetail } from "../testing/fake-services";
import { resolveSlug } from "./resolve-slug.server";

describe("resolveSlug", () => {
  const { site } = fakeServices();

  it("shows a CMS page when the slug is in the pages list", async () => {
    expect(await resolveSlug(site, "about", undefined, findRunner)).toEqual({
      kind: "page",
      page: aboutPage,
    });
  });

  it("shows a category, and its child", async () => {
    const top = await resolveSlug(site, "men", undefined, findRunner);
    expect(top?.kind === "category" && top.category.category).toEqual(men);
    const child = await resolveSlug(site, "men", "men-shoes", findRunner);
    expect(child?.kind === "category" && child.category.category.slug).toBe("men-shoes");
  });

  it("is a 404 for a category's unknown child", async () => {
    expect(await resolveSlug(site, "men", "nope", findRunner)).toBeNull();
  });

  it("falls back to a product", async () => {
    expect(await resolveSlug(site, "air-runner", undefined, findRunner)).toEqual({
      kind: "product",
      product: runnerDetail,
    });
  });

  it("is a 404 when nothing matches", async () => {
    expect(await resolveSlug(site, "no-such-thing", undefined, findRunner)).toBeNull();
    expect(await resolveSlug(site, "about", "team", findRunner)).toBeNull();
  });

  it("does not ask for a page that is not in the list", async () => {
    const page = vi.fn(async () => null);
    await resolveSlug(fakeServices({ page }).site, "air-runner", undefined, findRunner);
    expect(page).not.toHaveBeenCalled();
  });

  it("tries every kind when the pages list fails", async () => {
    const captured = captureLog();
    const broken = fakeServices({
      pagesRouter: async () => {
        throw new Error("db down");
      },
    }).site;
    expect((await resolveSlug(broken, "about", undefined, findRunner))?.kind).toBe("page");
    expect((await resolveSlug(broken, "men", undefined, findRunner))?.kind).toBe("category");
    expect((await resolveSlug(broken, "air-runner", undefined, findRunner))?.kind).toBe("product");
    expect(captured.warn).toHaveBeenCalledTimes(3);
    captured.restore();
  });
});
