import type { AppServices } from "@maidan/contracts/services";
import type { LandingEntry } from "@maidan/contracts/site";
import { type MetaDescriptor, RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { servicesContext } from "../context";
import { fallbackSettings } from "../lib/settings";
import { fakeServices, men, runner } from "../testing/fake-services";
import * as dailyJuice from "./daily-juice";
import * as explore from "./explore";
import * as home from "./home";
import * as landing from "./landing";
import * as sale from "./sale";

const ORIGIN = "http://shop.test";
const settings = {
  ...fallbackSettings,
  shopName: "Maidan",
  bannersA: {
    slider: [{ img: "/media/banners/cricket-desktop.webp", link: "/men", alt: "Cricket" }],
    mobile_slider: [],
  },
};
const root = { id: "root", loaderData: { settings, categories: [], shipping: null } };

const summer: LandingEntry = {
  _id: "l1",
  route: "women-summer-collection",
  title: "Summer collection",
  landingPage: "sale",
  data: { subtitle: "Light lawn for hot days", banner: "/media/banners/summer-desktop.webp" },
  status: true,
};

function args(path: string, overrides: Partial<AppServices["site"]> = {}) {
  const context = new RouterContextProvider();
  context.set(servicesContext, fakeServices(overrides));
  const url = new URL(path, ORIGIN);
  return { request: new Request(url), url, params: {}, pattern: path, context };
}

/** Runs a route's loader, then its meta with the root's data beside it, as React Router does. */
async function metaOf(
  route: {
    loader: (a: never) => Promise<unknown>;
    meta: (a: never) => MetaDescriptor[] | undefined;
  },
  path: string,
  overrides: Partial<AppServices["site"]> = {},
) {
  const loaderData = await route.loader(args(path, overrides) as never);
  const matches = [root, { id: "page", loaderData }];
  return route.meta({ matches, loaderData, error: undefined } as never) ?? [];
}

const prop = (tags: MetaDescriptor[], name: string) =>
  (tags.find((t) => "property" in t && t.property === name) as { content?: string } | undefined)
    ?.content;
const canonical = (tags: MetaDescriptor[]) =>
  (tags.find((t) => "rel" in t && t.rel === "canonical") as { href?: string } | undefined)?.href;

describe("catalogue pages' canonical address and Open Graph", () => {
  it("home: the site root, the first banner as its picture", async () => {
    const tags = await metaOf(home, "/");
    expect(canonical(tags)).toBe(`${ORIGIN}/`);
    expect(prop(tags, "og:url")).toBe(`${ORIGIN}/`);
    expect(prop(tags, "og:type")).toBe("website");
    expect(prop(tags, "og:site_name")).toBe("Maidan");
    expect(prop(tags, "og:title")).toBe(settings.title);
    expect(prop(tags, "og:image")).toBe(`${ORIGIN}/img/800/banners/cricket-desktop.jpeg`);
  });

  it("home without banners shows its first featured product", async () => {
    const loaderData = await home.loader(args("/") as never);
    const bare = { ...root, loaderData: { ...root.loaderData, settings: fallbackSettings } };
    const tags = home.meta({
      matches: [bare, { id: "page", loaderData }],
      loaderData,
      error: undefined,
    } as never);
    expect(prop(tags ?? [], "og:image")).toBe(`${ORIGIN}/img/800/air-runner.jpeg`);
  });

  it("sale: /sale, with the sale entry's art", async () => {
    const tags = await metaOf(sale, "/sale?utm_source=x", {
      landing: async () => ({ status: true, data: [{ ...summer, title: "Mega sale" }] }),
      landingPage: async () => ({ entry: summer, products: [runner] }),
    });
    expect(canonical(tags)).toBe(`${ORIGIN}/sale`);
    expect(prop(tags, "og:url")).toBe(`${ORIGIN}/sale`);
    expect(prop(tags, "og:title")).toBe("Mega sale | Maidan");
    expect(prop(tags, "og:description")).toBe("Light lawn for hot days");
    expect(prop(tags, "og:image")).toBe(`${ORIGIN}/img/800/banners/summer-desktop.jpeg`);
  });

  it("sale with no entry still has its address and a product picture", async () => {
    const tags = await metaOf(sale, "/sale");
    expect(canonical(tags)).toBe(`${ORIGIN}/sale`);
    expect(prop(tags, "og:image")).toBe(`${ORIGIN}/img/800/air-runner.jpeg`);
  });

  it("a landing page: its own path, without the query", async () => {
    const tags = await metaOf(landing, "/women-summer-collection?ref=home", {
      landingPage: async (route) =>
        route === summer.route ? { entry: summer, products: [runner] } : null,
    });
    expect(canonical(tags)).toBe(`${ORIGIN}/women-summer-collection`);
    expect(prop(tags, "og:url")).toBe(`${ORIGIN}/women-summer-collection`);
    expect(prop(tags, "og:image")).toBe(`${ORIGIN}/img/800/banners/summer-desktop.jpeg`);
  });

  it("daily juice: /daily_juice, with today's first deal", async () => {
    const tags = await metaOf(dailyJuice, "/daily_juice");
    expect(canonical(tags)).toBe(`${ORIGIN}/daily_juice`);
    expect(prop(tags, "og:title")).toBe("Daily Juice | Maidan");
    expect(prop(tags, "og:image")).toBe(`${ORIGIN}/img/800/air-runner.jpeg`);
  });

  it("explore: /explore, with a category's picture when there is one", async () => {
    const withImage = { ...men, image: "/media/categories/men.webp" };
    const tags = await metaOf(explore, "/explore", {
      home: async () => ({ categories: [withImage], featured: [], newArrivals: [], onSale: [] }),
    });
    expect(canonical(tags)).toBe(`${ORIGIN}/explore`);
    expect(prop(tags, "og:image")).toBe(`${ORIGIN}/img/800/categories/men.jpeg`);
    const plain = await metaOf(explore, "/explore");
    expect(prop(plain, "og:image")).toBeUndefined();
    expect(prop(plain, "og:url")).toBe(`${ORIGIN}/explore`);
  });
});
