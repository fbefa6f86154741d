import type { ProductReviews } from "@maidan/contracts/reviews";
import { isRouteErrorResponse, RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { servicesContext } from "../context";
import { aboutPage, fakeServices } from "../testing/fake-services";
import { sampleProduct } from "../testing/sample-product";
import { loader as catchAllLoader } from "./catch-all";
import { loader } from "./slug";

const runner = sampleProduct({ slug: "air-runner" });
const noReviews: ProductReviews = {
  summary: { average: 0, count: 0, distribution: [0, 0, 0, 0, 0] },
  reviews: [],
  total: 0,
  page: 1,
  pageSize: 5,
  sort: "newest",
};
const runnerReviews: ProductReviews = {
  ...noReviews,
  summary: { average: 4, count: 1, distribution: [0, 0, 0, 1, 0] },
  reviews: [
    {
      _id: "r1",
      author: "Ayesha K.",
      rating: 4,
      title: "Good grip",
      text: "Wore them in the rain.",
      variant: null,
      photos: [],
      helpful: 0,
      voted: false,
      reply: null,
      createdAt: "2026-11-20T10:00:00.000Z",
    },
  ],
  total: 1,
};

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
  services.reviews = {
    ...services.reviews,
    ofProduct: async (productId) => (productId === runner._id ? runnerReviews : noReviews),
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

/** What the loader answers for anything but the page template (which comes with its headers). */
type Plain = Exclude<Awaited<ReturnType<typeof loader>>, { init: unknown }>;
const load = (a: Parameters<typeof loader>[0]) => loader(a) as Promise<Plain>;

describe("slug route loader", () => {
  it("serves the page template (spec §2 /template) as a dynamic page kept out of search engines", async () => {
    const r = await loader(args({}));
    if (!("init" in r)) throw new Error("the template comes with its headers");
    expect(new Headers(r.init?.headers).get("X-Robots-Tag")).toBe("noindex");
    expect(r.data.page).toMatchObject({ page_type: "dynamic", title: "Page template" });
    expect(r.data.page.body).not.toContain("<script");
  });

  it("returns what the slug names", async () => {
    expect((await load(args({ slug: "about" }))).kind).toBe("page");
    expect((await load(args({ slug: "men", c: "men-shoes" }))).kind).toBe("listing");
    expect((await load(args({ slug: "air-runner" }))).kind).toBe("product");
  });

  it("gives a product page its detail, its SEO data and related products as a deferred promise", async () => {
    const data = await load(args({ slug: "air-runner" }));
    if (data.kind !== "product") throw new Error("expected a product");
    expect(data.product).toBe(runner);
    expect(data.seo.url).toBe("http://shop.test/air-runner");
    expect(data.seo.jsonLd.map((ld) => ld["@type"])).toEqual(["Product", "BreadcrumbList"]);
    expect(data.related).toBeInstanceOf(Promise);
    expect((await data.related).length).toBeGreaterThan(0);
    // The first page of reviews is the page's, in its HTML and its JSON-LD (decision 051).
    expect(data.reviews).toBe(runnerReviews);
    expect(data.seo.jsonLd[0]).toMatchObject({ review: [{ name: "Good grip" }] });
  });

  it("still shows a product whose reviews cannot be read, with none", async () => {
    const a = args({ slug: "air-runner" });
    a.context.get(servicesContext).reviews.ofProduct = async () => {
      throw new Error("reviews down");
    };
    const data = await load(a);
    if (data.kind !== "product") throw new Error("expected a product");
    expect(data.reviews.summary.count).toBe(0);
    expect(data.seo.jsonLd[0]).not.toHaveProperty("review");
  });

  it("sanitises a CMS page body on the server", async () => {
    const data = await load(args({ slug: "about" }, "<h2>Hi</h2><script>alert(1)</script>"));
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
