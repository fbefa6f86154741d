import { isRouteErrorResponse, RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { servicesContext } from "../context";
import { fakeServices } from "../testing/fake-services";
import { loader } from "./help-center";

function args(params: { id?: string }, search = "") {
  const context = new RouterContextProvider();
  context.set(servicesContext, fakeServices());
  const url = new URL(`http://shop.test/help-center${search}`);
  return { request: new Request(url), url, params, pattern: "/help-center/:id?", context };
}

describe("help-center loader", () => {
  it("lists topics, and searches with ?q= (trimmed and cut at 100 characters)", async () => {
    const all = await loader(args({}));
    expect(all.kind === "index" && all.topics[0]?.articles).toHaveLength(2);
    const found = await loader(args({}, "?q=%20%20bank%20%20"));
    expect(found.kind === "index" && found.q).toBe("bank");
    expect(found.kind === "index" && found.topics[0]?.articles.map((a) => a.slug)).toEqual([
      "pay-with-card",
    ]);
    const long = await loader(args({}, `?q=${"a".repeat(500)}`));
    expect(long.kind === "index" && long.q.length).toBe(100);
  });

  it("serves an article with its body sanitised", async () => {
    const data = await loader(args({ id: "cash-on-delivery" }));
    expect(data.kind === "article" && data.article.body).toBe("<p>Pay the rider in cash.</p>");
  });

  it("throws a 404 for an unknown article", async () => {
    const error = await loader(args({ id: "nope" })).catch((e: unknown) => e);
    const status = isRouteErrorResponse(error)
      ? error.status
      : (error as { init?: { status?: number } }).init?.status;
    expect(status).toBe(404);
  });
});
