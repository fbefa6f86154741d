import { isRouteErrorResponse, RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { servicesContext } from "../context";
import { aboutPage, fakeServices } from "../testing/fake-services";
import { sampleProduct } from "../testing/sample-product";
import { loader as catchAllLoader } from "./catch-all";
import { loader } from "./slug";

const runner = sampleProduct({ slug: "air-runner" });

function args<P>(params: P, pageBody?: string) {
  const context = new RouterContextProvider();
  const services = fakeServices(
    pageBody === undefined
      ? {}
      : { page: async (slug) => (slug === "about" ? { ...aboutPage, body: pageBody } : null) },
  );
  services.catalog = {
    ...services.catalog,
    detail: async (slug) => (slug === runner.slug ? runner : null),
  };
  context.set(servicesContext, services);
  const url = new URL("http://shop.test/x");
  return { request: new Request(url), url, params, pattern: "/:slug/:c?", context };
}

async function statusOf(run: () => Promise<unknown>): Promise<number | null> {
  try {
    await run();
    return null;
  } catch (error) {
    const body = error as { init?: { status?: number } };
    return isRouteErrorResponse(error) ? error.status : (body.init?.status ?? -1);
  }
}

describe("slug route loader", () => {
  it("returns what the slug names", async () => {
    expect((await loader(args({ slug: "about" }))).kind).toBe("page");
    expect((await loader(args({ slug: "men", c: "men-shoes" }))).kind).toBe("listing");
    expect((await loader(args({ slug: "air-runner" }))).kind).toBe("product");
  });

  it("gives a product page its detail, its SEO data and related products as a deferred promise", async () => {
    const data = await loader(args({ slug: "air-runner" }));
    if (data.kind !== "product") throw new Error("expected a product");
    expect(data.product).toBe(runner);
    expect(data.seo.url).toBe("http://shop.test/air-runner");
    expect(data.seo.jsonLd.map((ld) => ld["@type"])).toEqual(["Product", "BreadcrumbList"]);
    expect(data.related).toBeInstanceOf(Promise);
    expect((await data.related).length).toBeGreaterThan(0);
  });

  it("sanitises a CMS page body on the server", async () => {
    const data = await loader(args({ slug: "about" }, "<h2>Hi</h2><script>alert(1)</script>"));
    expect(data.kind === "page" && data.page.body).toBe("<h2>Hi</h2>");
  });

  it("throws a 404 otherwise", async () => {
    expect(await statusOf(() => loader(args({ slug: "no-such-thing" })))).toBe(404);
  });
});

describe("catch-all route loader", () => {
  it("serves a product or a 404", async () => {
    expect((await catchAllLoader(args({ "*": "air-runner/" }))).product.slug).toBe("air-runner");
    expect(await statusOf(() => catchAllLoader(args({ "*": "a/b/c" })))).toBe(404);
  });
});
