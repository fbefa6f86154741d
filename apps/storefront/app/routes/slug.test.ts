import { isRouteErrorResponse, RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { servicesContext } from "../context";
import { fakeServices } from "../testing/fake-services";
import { loader as catchAllLoader } from "./catch-all";
import { loader } from "./slug";

function args<P>(params: P) {
  const context = new RouterContextProvider();
  context.set(servicesContext, fakeServices());
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
