import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "./routes";

function toRouteObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) =>
    entry.index
      ? { id: entry.id, index: true }
      : { id: entry.id, path: entry.path, children: toRouteObjects(entry.children ?? []) },
  );
}

const table = [{ id: "root", path: "/", children: toRouteObjects(routes) }];

function leafId(pathname: string): string | undefined {
  return matchRoutes(table, pathname)?.at(-1)?.route.id;
}

function leaves(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.flatMap((entry) => (entry.children ? leaves(entry.children) : [entry]));
}

/** Every fixed route of spec §2, with sample values for its parameters. */
const specPaths = [
  "/store",
  "/women-summer-collection",
  "/notifications",
  "/template",
  "/lucky-draw",
  "/new-arrivals",
  "/freebies",
  "/freebies/7",
  "/myfreebies",
  "/myfreebies/7",
  "/success",
  "/invite/abc",
  "/verify/auth",
  "/oauth/success",
  "/order-success",
  "/order-success-guest",
  "/wishlist",
  "/apply-for-vendor",
  "/request-call-back",
  "/daily_juice",
  "/explore",
  "/earn",
  "/review/7",
  "/test",
  "/cart",
  "/checkout",
  "/checkout/changeShippingAddress",
  "/checkout/changeShippingAddress/add",
  "/checkout/payments",
  "/checkout/repayment",
  "/account/login",
  "/account/signup",
  "/account/forgot-password",
  "/account/reset-password/t",
  "/account/verify/t",
  "/help-center",
  "/help-center/7",
  "/stores/7",
  "/shop/7",
  "/pgw/easypaisa",
  "/my",
  "/my/orders",
  "/my/orders/7",
  "/my/wallet",
  "/my/disputes",
  "/my/disputes/detail/7",
  "/my/disputes/7",
  "/my/account",
  "/my/address",
  "/my/change-password",
  "/my/vouchers",
  "/my/details",
  "/my/reviews",
  "/my/reviews/7",
  "/my/referral",
  "/my/earnings",
  "/search",
  "/search/shoes",
  "/b",
  "/b/nike",
  "/brands",
  "/brands/nike",
  "/v",
  "/v/sportco",
  "/sale",
  "/pages/summer",
];

describe("route table", () => {
  it.each(specPaths)("has its own route for %s", (path) => {
    expect(leafId(path)).not.toBeUndefined();
    expect(["slug", "catch-all"]).not.toContain(leafId(path));
  });

  it("sends / home, one or two segments to the slug route and deeper paths to the catch-all", () => {
    expect(leafId("/")).toBe("home");
    expect(leafId("/men")).toBe("slug");
    expect(leafId("/men/shoes")).toBe("slug");
    expect(leafId("/a/b/c")).toBe("catch-all");
  });

  it("serves /freebies, /freebies/{id}, /myfreebies and /myfreebies/{detail} as real pages", () => {
    const fileOf = (path: string) => leaves(routes).find((e) => e.id === leafId(path))?.file;
    expect(leafId("/freebies")).toBe("freebies");
    expect(fileOf("/freebies")).toBe("routes/freebies.tsx");
    expect(leafId("/freebies/eid-gift")).toBe("freebie-detail");
    expect(fileOf("/freebies/eid-gift")).toBe("routes/freebie.tsx");
    expect(fileOf("/notifications")).toBe("routes/notifications.tsx");
    expect(fileOf("/myfreebies")).toBe("routes/my/freebies.tsx");
    expect(fileOf("/myfreebies/7")).toBe("routes/my/freebie.tsx");
  });

  it("has no coming-soon screen left: every route is a page of its own", () => {
    expect(leaves(routes).filter((entry) => entry.file.includes("coming-soon"))).toEqual([]);
  });
});
