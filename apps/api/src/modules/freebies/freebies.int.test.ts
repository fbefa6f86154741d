import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, cookieOf, get, signUp } from "../../testing/auth-helpers.ts";
import { addToCart, pickVariants, setStock } from "../../testing/cart-helpers.ts";
import { buy } from "../../testing/order-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 40 });
});
afterAll(() => t?.close());

let n = 0;
const HOUR = 3_600_000;
/** A campaign giving away `productIds` (and optionally one variant), with its own slug. */
async function campaign(cols: Record<string, unknown>, items: { pid: string; vid?: string }[]) {
  const slug = `test-freebie-${++n}`;
  const c = { min: 0, first: false, active: true, starts: null, ends: null, ...cols };
  const [row] = (
    await t.database.db.execute(sql`insert into freebies (slug, title, description, terms,
      min_order_value, first_order_only, pick_count, active, starts_at, ends_at, sort)
      values (${slug}, ${`Test freebie ${n}`}, 'A test campaign', 'Test terms apply.', ${c.min},
        ${c.first}, 1, ${c.active}, ${c.starts}, ${c.ends}, ${100 + n}) returning id`)
  ).rows as { id: string }[];
  if (!row) throw new Error("insert failed");
  for (const [i, it] of items.entries()) {
    await t.database.db.execute(sql`insert into freebie_items (freebie_id, product_id, variant_id, sort)
      values (${row.id}, ${it.pid}, ${it.vid ?? null}, ${i})`);
  }
  return { id: row.id, slug };
}

describe("GET /api/freebies", () => {
  it("lists live campaigns only: not switched off, started, not ended", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    const live = await campaign({}, [{ pid: v.pid }]);
    const off = await campaign({ active: false }, [{ pid: v.pid }]);
    const ended = await campaign({ ends: new Date(Date.now() - HOUR).toISOString() }, [
      { pid: v.pid },
    ]);
    const later = await campaign({ starts: new Date(Date.now() + HOUR).toISOString() }, [
      { pid: v.pid },
    ]);
    const res = await get(t, "/api/freebies");
    expect(res.statusCode).toBe(200);
    const slugs = res.json().freebies.map((f: { slug: string }) => f.slug);
    expect(slugs).toContain(live.slug);
    for (const gone of [off, ended, later]) expect(slugs).not.toContain(gone.slug);
    // The demo seed's campaigns are there too, each with its products counted.
    expect(slugs).toContain("eid-gift");
    const mine = res.json().freebies.find((f: { slug: string }) => f.slug === live.slug);
    expect(mine).toMatchObject({ _id: live.id, productCount: 1, minOrderValue: 0 });
  });
});

describe("GET /api/freebies/:id", () => {
  it("answers anonymous callers by slug or id with the products, their links and the terms", async () => {
    const [a, b] = await pickVariants(t, 2);
    if (!a || !b) throw new Error("no variants");
    await setStock(t, b.vid, 0);
    const f = await campaign({ min: 2_500 }, [{ pid: a.pid }, { pid: b.pid, vid: b.vid }]);
    const bySlug = await get(t, `/api/freebies/${f.slug}`);
    expect(bySlug.statusCode).toBe(200);
    const body = bySlug.json();
    expect(body).toMatchObject({
      _id: f.id,
      slug: f.slug,
      terms: "Test terms apply.",
      minOrderValue: 2_500,
      productCount: 2,
      viewer: null,
    });
    expect(body.products.map((p: { _id: string }) => p._id)).toEqual([a.pid, b.pid]);
    expect(body.products[0].variant).toBeNull();
    // The second offer names one variant, now sold out: its own stock decides.
    expect(body.products[1]).toMatchObject({
      variant: { _id: b.vid },
      inStock: false,
      price: b.price,
    });
    for (const p of body.products) expect(p.slug).toMatch(/^[a-z0-9-]+$/);
    const byId = await get(t, `/api/freebies/${f.id}`);
    expect(byId.json()).toEqual(body);
  });

  it("answers 404 {message, status} for unknown, switched-off and ended campaigns", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    const off = await campaign({ active: false }, [{ pid: v.pid }]);
    const ended = await campaign({ ends: new Date(Date.now() - HOUR).toISOString() }, [
      { pid: v.pid },
    ]);
    for (const key of [
      "no-such-freebie",
      "00000000-0000-4000-8000-000000000000",
      off.slug,
      off.id,
      ended.slug,
    ]) {
      const res = await get(t, `/api/freebies/${key}`);
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toEqual({
        message: "This freebie could not be found",
        status: 404,
        code: "NOT_FOUND",
      });
    }
  });

  it("answers 400 {message, status} for a malformed id", async () => {
    for (const key of ["Bad%20Slug", "%27%3B--", "-leading-dash", "UPPER", "a".repeat(121)]) {
      const res = await get(t, `/api/freebies/${key}`);
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: expect.any(String) });
    }
  });

  it("tells a signed-in shopper (bearer or cookie) how far their cart is from the minimum", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 100);
    const f = await campaign({ min: v.price * 2 }, [{ pid: v.pid }]);
    const u = await signUp(t);
    const before = await get(t, `/api/freebies/${f.slug}`, bearer(u.token));
    expect(before.json().viewer).toEqual({
      cartSubtotal: 0,
      remaining: v.price * 2,
      firstOrderMet: true,
      qualifies: false,
      claim: null,
    });
    expect((await addToCart(t, bearer(u.token), v, 1)).statusCode).toBe(200);
    const half = await get(t, `/api/freebies/${f.slug}`, cookieOf(u.token));
    expect(half.json().viewer).toMatchObject({ cartSubtotal: v.price, remaining: v.price });
    expect((await addToCart(t, bearer(u.token), v, 1)).statusCode).toBe(200);
    const enough = await get(t, `/api/freebies/${f.slug}`, bearer(u.token));
    expect(enough.json().viewer).toEqual({
      cartSubtotal: v.price * 2,
      remaining: 0,
      firstOrderMet: true,
      qualifies: true,
      claim: null,
    });
    // The campaign part is the same as an anonymous caller sees.
    const anonymous = (await get(t, `/api/freebies/${f.slug}`)).json();
    expect({ ...enough.json(), viewer: null }).toEqual(anonymous);
  });

  it("holds a first-order campaign back from a shopper who has ordered", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 100);
    const f = await campaign({ first: true }, [{ pid: v.pid }]);
    const u = await signUp(t);
    const fresh = await get(t, `/api/freebies/${f.id}`, bearer(u.token));
    expect(fresh.json().viewer).toMatchObject({ firstOrderMet: true, qualifies: true });
    await buy(t, bearer(u.token), v);
    const after = await get(t, `/api/freebies/${f.id}`, bearer(u.token));
    expect(after.json().viewer).toMatchObject({ firstOrderMet: false, qualifies: false });
  });

  it("treats an invalid token as an anonymous caller", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    const f = await campaign({}, [{ pid: v.pid }]);
    const res = await get(t, `/api/freebies/${f.slug}`, bearer("not-a-token"));
    expect(res.statusCode).toBe(200);
    expect(res.json().viewer).toBeNull();
  });
});

describe("OpenAPI", () => {
  it("describes both freebie routes with their answers", async () => {
    const doc = (await get(t, "/api/docs/json")).json();
    expect(Object.keys(doc.paths["/api/freebies"].get.responses)).toEqual(["200"]);
    const one = doc.paths["/api/freebies/{id}"].get;
    expect(Object.keys(one.responses).sort()).toEqual(["200", "400", "404"]);
    expect(one.responses["200"].content["application/json"].schema.properties).toHaveProperty(
      "viewer",
    );
  });
});
