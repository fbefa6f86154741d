import { bearer, cookieOf, signUp } from "@maidan/api/testing/auth-helpers";
import { addToCart, guest, pickVariants, setStock } from "@maidan/api/testing/cart-helpers";
import { SHARED_PAGE_HEADER } from "@maidan/contracts/shared-pages";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorefrontTestApp } from "../testing/storefront-source.ts";
import type { TestApp } from "../testing/test-app.ts";

/**
 * Shared pages (decision 069): a product page or listing asked for with a session or a cart is
 * the page kept for first visitors, once one is kept (no name, no cart in it, no cookie set,
 * marked in Server-Timing), and `/account/me` answers the visitor's own parts. Other pages stay
 * rendered for each visitor.
 */
let t: TestApp;
let slug: string;
let shopper: { token: string };
beforeAll(async () => {
  t = await createStorefrontTestApp({ mount: { pageCacheMs: 600_000 } });
  const { rows } = await t.database.db.execute(
    sql`select slug from products where active order by slug limit 1`,
  );
  slug = (rows[0] as { slug: string }).slug;
  shopper = await signUp(t, { firstName: "Zarmeena", lastName: "Khattak" });
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { "accept-encoding": "identity", ...headers } });

/** Asks until the shared page is kept (it is rendered after the first personal render). */
async function sharedAnswer(url: string, headers: Record<string, string>) {
  for (let i = 0; i < 50; i++) {
    const res = await get(url, headers);
    if (res.headers["server-timing"] === "shared") return res;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url}: never answered with the shared page`);
}

describe("shared pages for visitors with a session or a cart", () => {
  it("a product page: rendered for the shopper first, then the kept page, as a first visitor gets it", async () => {
    const url = `/${slug}?shared=product`;
    const own = await get(url, cookieOf(shopper.token));
    expect(own.statusCode).toBe(200);
    expect(own.headers["cache-control"]).toBe("private");
    expect(own.headers["server-timing"]).toBeUndefined();
    expect(own.body).toContain("Zarmeena");
    expect(own.headers[SHARED_PAGE_HEADER]).toBeUndefined();

    const shared = await sharedAnswer(url, cookieOf(shopper.token));
    expect(shared.statusCode).toBe(200);
    expect(shared.body).not.toContain("Zarmeena");
    expect(shared.headers["set-cookie"]).toBeUndefined();
    expect(shared.headers[SHARED_PAGE_HEADER]).toBeUndefined();
    const first = await get(url);
    expect(first.body).toBe(shared.body);
    expect(first.headers["server-timing"]).toBeUndefined();
    expect(first.headers[SHARED_PAGE_HEADER]).toBeUndefined();
    expect(String(first.headers["set-cookie"])).toMatch(/^guest=/);
  });

  it("listings and search too, for a guest's cart and a bearer token alike", async () => {
    for (const url of ["/men?shared=listing", "/search/shirt?shared=search", "/sale?shared=sale"]) {
      await get(url, guest());
      const res = await sharedAnswer(url, guest());
      expect(res.statusCode, url).toBe(200);
      await sharedAnswer(url, bearer(shopper.token));
    }
  });

  it("pages with the shopper's own content are rendered for them every time", async () => {
    for (const url of ["/", "/checkout", "/my/orders", "/wishlist", "/account/login"]) {
      for (let i = 0; i < 3; i++) {
        const res = await get(url, cookieOf(shopper.token));
        expect(res.headers["server-timing"], url).toBeUndefined();
        expect(res.headers[SHARED_PAGE_HEADER], url).toBeUndefined();
      }
    }
    // A first visitor's page kept for the home page is not sent to the shopper either.
    await get("/");
    expect((await get("/", cookieOf(shopper.token))).body).toContain("Zarmeena");
  });

  it("a signed-in shopper at /login/… goes to /my, whatever a first visitor got there", async () => {
    await get("/login/again");
    const res = await get("/login/again", cookieOf(shopper.token));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/my");
  });
});

describe("/account/me", () => {
  it("answers the signed-in shopper's name, cart and unread count, never stored", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 5); // enough for the units added below, whatever other tests took
    expect((await addToCart(t, bearer(shopper.token), v, 2)).statusCode).toBe(200);
    const res = await get("/account/me", cookieOf(shopper.token));
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.json()).toEqual({
      anonymous: false,
      viewer: {
        name: expect.stringContaining("Zarmeena"),
        role: "user",
        zipcode: null,
        city: null,
      },
      cartQty: 2,
      unread: 0,
    });
  });

  it("answers a guest's cart, and nobody's parts to a first visitor (who gets a guest cookie)", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 5); // enough for the units added below, whatever other tests took
    const who = guest();
    expect((await addToCart(t, who, v, 3)).statusCode).toBe(200);
    expect((await get("/account/me", who)).json()).toEqual({
      anonymous: false,
      viewer: null,
      cartQty: 3,
      unread: 0,
    });
    const nobody = await get("/account/me");
    expect(nobody.json()).toEqual({ anonymous: true, viewer: null, cartQty: 0, unread: 0 });
    expect(String(nobody.headers["set-cookie"])).toMatch(/^guest=/);
  });

  it("takes no posts, and a made-up session is nobody's", async () => {
    const post = await t.app.inject({
      method: "POST",
      url: "/account/me",
      headers: { ...cookieOf(shopper.token), "content-type": "application/x-www-form-urlencoded" },
      payload: "a=1",
    });
    expect(post.statusCode).toBe(405);
    expect(post.json()).toEqual({
      message: "Method not allowed: /account/me is read with GET",
      status: 405,
    });
    const forged = await get("/account/me", cookieOf("not.a.token"));
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ anonymous: true, viewer: null, cartQty: 0, unread: 0 });
  });

  it("answers one shopper's parts only: another session sees its own", async () => {
    const other = await signUp(t, { firstName: "Bilquis" });
    const res = await get("/account/me", cookieOf(other.token));
    expect(res.json().viewer.name).toContain("Bilquis");
    expect(res.json().cartQty).toBe(0);
  });
});
