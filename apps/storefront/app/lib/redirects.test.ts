import { describe, expect, it } from "vitest";
import { pathRedirect, resolveRedirect, routeRule } from "./redirects";

const at = (path: string) => new URL(path, "http://shop.test");

describe("routeRule", () => {
  it("rule 1: drops a /c/ segment, wherever it is", () => {
    expect(routeRule("/men/c/shoes", false)).toBe("/men/shoes");
    expect(routeRule("/c/shoes", true)).toBe("/shoes");
    expect(routeRule("/a/c/b/c/d", false)).toBe("/a/b/d");
  });

  it("rule 1: leaves paths that only contain 'c' inside a segment", () => {
    expect(routeRule("/men/cats", false)).toBeNull();
    expect(routeRule("/abc/def", false)).toBeNull();
  });

  it("rule 2: sends anonymous visitors from /admin and below to the login page", () => {
    expect(routeRule("/admin", false)).toBe("/account/login");
    expect(routeRule("/admin/", false)).toBe("/account/login");
    expect(routeRule("/admin/orders/7", false)).toBe("/account/login");
    expect(routeRule("/administrator", false)).toBeNull();
  });

  it("rule 2: lets signed-in visitors through to /admin", () => {
    expect(routeRule("/admin", true)).toBeNull();
  });

  it("rule 3: sends signed-in visitors from /login and below to /my", () => {
    expect(routeRule("/login", true)).toBe("/my");
    expect(routeRule("/login/otp", true)).toBe("/my");
    expect(routeRule("/login", false)).toBeNull();
    expect(routeRule("/loginhelp", true)).toBeNull();
  });

  it("sends a signed-in shopper from /account/login to /my, as rule 3 does from /login", () => {
    expect(routeRule("/account/login", true)).toBe("/my");
    expect(routeRule("/account/login/", true)).toBe("/my");
    expect(routeRule("/account/login", false)).toBeNull();
    expect(routeRule("/account/signup", true)).toBeNull();
  });

  it("lets everything else through", () => {
    expect(routeRule("/", false)).toBeNull();
    expect(routeRule("/my/orders", true)).toBeNull();
  });
});

describe("resolveRedirect", () => {
  it("maps the legacy table permanently", () => {
    expect(resolveRedirect(at("/sales-page"), false)).toEqual({ to: "/sale", status: 301 });
    expect(resolveRedirect(at("/sale/page"), false)).toEqual({ to: "/sale", status: 301 });
    expect(resolveRedirect(at("/shop/page/"), false)).toEqual({ to: "/sale", status: 301 });
    expect(resolveRedirect(at("/product-category/hardware"), false)?.to).toBe(
      "/accessories-equipment-hardware-accessories",
    );
    expect(resolveRedirect(at("/product-category/equipment"), false)?.to).toBe(
      "/accessories-equipment-fitness-gear",
    );
    expect(resolveRedirect(at("/product-category/apparel"), false)?.to).toBe(
      "/men/all?subcategory=men-clothing,women-clothing,kids-clothing",
    );
    expect(resolveRedirect(at("/product-category/footwear"), false)?.to).toBe(
      "/men/all?subcategory=men-shoes,women-shoes,kids-shoes",
    );
  });

  it("sends /cart to /checkout", () => {
    expect(resolveRedirect(at("/cart"), false)).toEqual({ to: "/checkout", status: 302 });
  });

  it("keeps the query when tidying a /c/ path", () => {
    expect(resolveRedirect(at("/men/c/shoes?page=2"), false)).toEqual({
      to: "/men/shoes?page=2",
      status: 301,
    });
  });

  it("uses temporary redirects for the sign-in rules", () => {
    expect(resolveRedirect(at("/admin/x"), false)).toEqual({ to: "/account/login", status: 302 });
    expect(resolveRedirect(at("/login"), true)).toEqual({ to: "/my", status: 302 });
  });

  it("decodes the path and ignores case for the sign-in rules", () => {
    expect(resolveRedirect(at("/%61dmin"), false)?.to).toBe("/account/login");
    expect(resolveRedirect(at("/Admin/Users"), false)?.to).toBe("/account/login");
    expect(resolveRedirect(at("/sales%2Dpage"), false)?.to).toBe("/sale");
  });

  it("returns null for ordinary pages", () => {
    expect(resolveRedirect(at("/"), false)).toBeNull();
    expect(resolveRedirect(at("/sale"), false)).toBeNull();
    expect(resolveRedirect(at("/product-category/other"), false)).toBeNull();
  });
});

describe("pathRedirect", () => {
  it("covers the rules that need no session", () => {
    expect(pathRedirect(at("/sales-page"))?.to).toBe("/sale");
    expect(pathRedirect(at("/cart"))?.to).toBe("/checkout");
    expect(pathRedirect(at("/men/c/shoes"))?.to).toBe("/men/shoes");
  });

  it("leaves the sign-in rules to the server", () => {
    expect(pathRedirect(at("/admin"))).toBeNull();
    expect(pathRedirect(at("/login"))).toBeNull();
  });
});
