import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { servicesContext, viewerContext } from "../context";
import { capFreebie } from "../testing/fake-freebies";
import { fakeServices } from "../testing/fake-services";
import { loader } from "./freebie";
import { loader as listLoader } from "./freebies";

function args(id: string, signedIn = false) {
  const context = new RouterContextProvider();
  context.set(servicesContext, fakeServices());
  if (signedIn) {
    context.set(viewerContext, {
      id: "u1",
      role: "user",
      name: "Ayesha",
      firstName: "Ayesha",
      email: "a@example.com",
      phone: null,
    });
  }
  const url = new URL(`http://shop.test/freebies/${id}`);
  return { request: new Request(url), url, params: { id }, pattern: "/freebies/:id", context };
}

const statusOf = (e: unknown) => (e as { init?: { status?: number } }).init?.status;

describe("freebie loaders", () => {
  it("lists the live campaigns", async () => {
    const a = args("x");
    const data = await listLoader({ ...a, params: {}, pattern: "/freebies" });
    expect(data.freebies.map((f) => f.slug)).toEqual([capFreebie.slug]);
  });

  it("serves a campaign by slug or id, with a login link back here for anonymous visitors", async () => {
    for (const id of [capFreebie.slug, capFreebie._id]) {
      const data = await loader(args(id));
      expect(data.freebie.products[0]?.slug).toBe("running-cap");
      expect(data.freebie.viewer).toBeNull();
      expect(data.loginHref).toBe(`/account/login?redirectTo=%2Ffreebies%2F${id}`);
    }
  });

  it("passes the signed-in shopper on, so the page can say where their cart stands", async () => {
    const data = await loader(args(capFreebie.slug, true));
    expect(data.freebie.viewer).toMatchObject({ remaining: 5000, qualifies: false });
  });

  it("answers the shop's 404 for unknown and malformed ids", async () => {
    for (const id of ["nope", "bad id", "-x", "a".repeat(121), "%27"]) {
      const error = await loader(args(id)).catch((e: unknown) => e);
      expect(statusOf(error), id).toBe(404);
    }
  });
});
