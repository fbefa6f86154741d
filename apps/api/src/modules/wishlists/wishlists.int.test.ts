import { MAX_WISHLIST_ITEMS, MAX_WISHLISTS } from "@maidan/contracts/wishlists";
import { rows } from "@maidan/db/raw-rows";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, get, post, sameOrigin, signUp } from "../../testing/auth-helpers.ts";

let t: TestApp;
type Pick = { productId: string; variantId: string; price: number; mrp: number };
let picks: Pick[];

beforeAll(async () => {
  // Enough products for more than MAX_WISHLIST_ITEMS variants (the limit's test fills a list).
  t = await createTestApp({ products: 40 });
  // Products with several active variants in stock, one variant each.
  picks = await rows<Pick & Record<string, unknown>>(
    t.database.db,
    sql`select distinct on (p.id) p.id as "productId", v.id as "variantId", v.price, v.mrp
        from products p join variants v on v.product_id = p.id and v.active and v.stock > 0
        where p.active order by p.id, v.sort`,
  );
});
afterAll(() => t?.close());

const send = (method: "PATCH" | "DELETE", url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { ...sameOrigin(t), ...bearer(token) },
  });
const mine = async (token: string) => (await get(t, "/api/wishlists/my", bearer(token))).json();
const pick = (i: number) => {
  const p = picks[i];
  if (!p) throw new Error(`no product ${i}`);
  return p;
};

describe("/api/wishlists", () => {
  it("answers 401 signed out, and an empty list of wishlists before the first save", async () => {
    expect((await get(t, "/api/wishlists/my")).statusCode).toBe(401);
    const a = await signUp(t);
    expect(await mine(a.token)).toEqual([]);
  });

  it("the heart toggles a product (with its variant) in the default list", async () => {
    const a = await signUp(t);
    const p = pick(0);
    const on = await post(t, "/api/wishlists/toggle", p, bearer(a.token));
    expect(on.json()).toEqual({ saved: true, productId: p.productId });
    const [list] = await mine(a.token);
    expect(list).toMatchObject({ name: "My wishlist", isDefault: true });
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      product: { _id: p.productId, inStock: true },
      variant: { _id: p.variantId, price: p.price, stock: expect.any(Number) },
      priceWhenAdded: p.price,
    });
    // Toggling again (from a tile: no variant) takes the product out.
    const off = await post(t, "/api/wishlists/toggle", { productId: p.productId }, bearer(a.token));
    expect(off.json()).toEqual({ saved: false, productId: p.productId });
    expect((await mine(a.token))[0].items).toEqual([]);
    // Save (after signing in from a heart) never removes.
    for (let i = 0; i < 2; i++)
      expect(
        (await post(t, "/api/wishlists/save", { productId: p.productId }, bearer(a.token))).json(),
      ).toEqual({ saved: true, productId: p.productId });
    expect((await mine(a.token))[0].items).toHaveLength(1);
  });

  it("makes, renames and deletes named lists; adds and removes items; the default stays", async () => {
    const a = await signUp(t);
    const made = await post(t, "/api/wishlists", { name: "  Eid gifts " }, bearer(a.token));
    expect(made.statusCode).toBe(200);
    const gifts = made.json();
    expect(gifts).toMatchObject({ name: "Eid gifts", isDefault: false, items: [] });
    const lists = await mine(a.token);
    expect(lists.map((l: { name: string }) => l.name)).toEqual(["My wishlist", "Eid gifts"]);
    const renamed = await send("PATCH", `/api/wishlists/${gifts._id}`, a.token, { name: "Gifts" });
    expect(renamed.json()).toMatchObject({ _id: gifts._id, name: "Gifts" });
    const added = await post(t, `/api/wishlists/${gifts._id}/items`, pick(1), bearer(a.token));
    expect(added.statusCode).toBe(200);
    // The same product and variant again: the one item, unchanged.
    const again = await post(t, `/api/wishlists/${gifts._id}/items`, pick(1), bearer(a.token));
    expect(again.json()._id).toBe(added.json()._id);
    expect((await mine(a.token))[1].items).toHaveLength(1);
    const gone = await send(
      "DELETE",
      `/api/wishlists/${gifts._id}/items/${added.json()._id}`,
      a.token,
    );
    expect(gone.json()).toEqual({ status: true });
    expect((await mine(a.token))[1].items).toEqual([]);
    const defaultId = lists[0]._id;
    const refused = await send("DELETE", `/api/wishlists/${defaultId}`, a.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      status: 400,
      message: "Your default list cannot be deleted.",
    });
    expect((await send("DELETE", `/api/wishlists/${gifts._id}`, a.token)).statusCode).toBe(200);
    expect((await mine(a.token)).map((l: { _id: string }) => l._id)).toEqual([defaultId]);
  });

  it("refuses bad input with 4xx and writes nothing", async () => {
    const a = await signUp(t);
    const asA = bearer(a.token);
    for (const name of ["", "   ", "x".repeat(41)]) {
      const res = await post(t, "/api/wishlists", { name }, asA);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: expect.any(String) });
    }
    const unknown = { productId: "00000000-0000-4000-8000-000000000000" };
    expect((await post(t, "/api/wishlists/toggle", unknown, asA)).statusCode).toBe(404);
    expect((await post(t, "/api/wishlists/toggle", { productId: "nope" }, asA)).statusCode).toBe(
      404,
    );
    // A variant of another product.
    const mixed = { productId: pick(0).productId, variantId: pick(1).variantId };
    expect((await post(t, "/api/wishlists/toggle", mixed, asA)).statusCode).toBe(404);
    expect((await post(t, "/api/wishlists/toggle", {}, asA)).statusCode).toBe(400);
    const lists = await mine(a.token);
    expect(lists.flatMap((l: { items: unknown[] }) => l.items)).toEqual([]);
  });

  it(`keeps at most ${MAX_WISHLISTS} lists and ${MAX_WISHLIST_ITEMS} products a list`, async () => {
    const a = await signUp(t);
    for (let i = 1; i < MAX_WISHLISTS; i++)
      expect(
        (await post(t, "/api/wishlists", { name: `List ${i}` }, bearer(a.token))).statusCode,
      ).toBe(200);
    const over = await post(t, "/api/wishlists", { name: "One more" }, bearer(a.token));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(`You can keep at most ${MAX_WISHLISTS} lists.`);
    expect(await mine(a.token)).toHaveLength(MAX_WISHLISTS);
    // A full default list (filled in the database: the catalogue has fewer products).
    const [list] = await mine(a.token);
    const filled = await t.database.db.execute(
      sql`insert into wishlist_items (wishlist_id, product_id, variant_id, price_when_added, seen_price, seen_in_stock)
          select ${list._id}, v.product_id, v.id, v.price, v.price, true from variants v
          where v.product_id <> ${pick(2).productId} limit ${MAX_WISHLIST_ITEMS}`,
    );
    expect(filled.rowCount).toBe(MAX_WISHLIST_ITEMS);
    const full = await post(t, "/api/wishlists/toggle", pick(2), bearer(a.token));
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe(
      `A list can hold at most ${MAX_WISHLIST_ITEMS} products. Remove some to add more.`,
    );
  });

  it("user B can never read, rename, delete or change user A's lists and items: 404", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const list = (await post(t, "/api/wishlists", { name: "Mine" }, bearer(a.token))).json();
    const item = (
      await post(t, `/api/wishlists/${list._id}/items`, pick(0), bearer(a.token))
    ).json();
    const asB = b.token;
    // B's own lists never show A's.
    await post(t, "/api/wishlists/toggle", pick(1), bearer(asB));
    const bLists = await mine(asB);
    expect(bLists.map((l: { _id: string }) => l._id)).not.toContain(list._id);
    expect(JSON.stringify(bLists)).not.toContain(item._id);
    const rename = await send("PATCH", `/api/wishlists/${list._id}`, asB, { name: "Hacked" });
    expect(rename.statusCode).toBe(404);
    expect((await send("DELETE", `/api/wishlists/${list._id}`, asB)).statusCode).toBe(404);
    const add = await post(t, `/api/wishlists/${list._id}/items`, pick(1), bearer(asB));
    expect(add.statusCode).toBe(404);
    const remove = await send("DELETE", `/api/wishlists/${list._id}/items/${item._id}`, asB);
    expect(remove.statusCode).toBe(404);
    // B's own list with A's item id: not B's item either.
    const bDefault = bLists[0]._id;
    expect(
      (await send("DELETE", `/api/wishlists/${bDefault}/items/${item._id}`, asB)).statusCode,
    ).toBe(404);
    // Nothing of A's changed.
    const aLists = await mine(a.token);
    expect(aLists.find((l: { _id: string }) => l._id === list._id)).toMatchObject({
      name: "Mine",
      items: [{ _id: item._id }],
    });
  });
});

describe("wishlist watch: price drops and returns to stock", () => {
  const eventsOf = (name: string, userId: string) =>
    rows<{ payload: Record<string, unknown> }>(
      t.database.db,
      sql`select payload from domain_events where name = ${name} and payload->>'userId' = ${userId}
          order by created_at`,
    );
  const watch = () => t.app.domains.wishlistWatch.run();

  it("emits wishlist.price_dropped once a day per shopper and product, with the prices", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const p = pick(3);
    await post(t, "/api/wishlists/toggle", p, bearer(a.token));
    // A has it in two lists; B once, without a variant.
    const other = (await post(t, "/api/wishlists", { name: "Later" }, bearer(a.token))).json();
    await post(t, `/api/wishlists/${other._id}/items`, p, bearer(a.token));
    await post(t, "/api/wishlists/toggle", { productId: p.productId }, bearer(b.token));
    await watch();
    expect(await eventsOf("wishlist.price_dropped", a.id)).toEqual([]);
    const [before] = await rows<{ price: number }>(
      t.database.db,
      sql`select price from products where id = ${p.productId}`,
    );
    // Below the product's lowest price: the variant and the product as a whole both drop.
    const lower = (before?.price ?? p.price) - 100;
    await t.database.db.execute(
      sql`update variants set price = ${lower} where id = ${p.variantId}`,
    );
    await t.database.db.execute(
      sql`update products set price = ${lower} where id = ${p.productId}`,
    );
    await watch();
    const [product] = await rows<{ slug: string; name: string; price: number }>(
      t.database.db,
      sql`select slug, name, price from products where id = ${p.productId}`,
    );
    const aEvents = await eventsOf("wishlist.price_dropped", a.id);
    expect(aEvents.map((e) => e.payload)).toEqual([
      {
        userId: a.id,
        productId: p.productId,
        productSlug: product?.slug,
        productName: product?.name,
        oldPrice: p.price,
        newPrice: lower,
      },
    ]);
    // B saved the product as a whole: its lowest price dropped.
    expect((await eventsOf("wishlist.price_dropped", b.id)).map((e) => e.payload)).toMatchObject([
      { userId: b.id, productId: p.productId, oldPrice: before?.price, newPrice: lower },
    ]);
    // Another drop the same day: no second notice; nothing changed: nothing at all.
    await t.database.db.execute(
      sql`update variants set price = ${lower - 50} where id = ${p.variantId}`,
    );
    await watch();
    await watch();
    expect(await eventsOf("wishlist.price_dropped", a.id)).toHaveLength(1);
    // A rise is seen but is no news.
    await t.database.db.execute(
      sql`update variants set price = ${p.price} where id = ${p.variantId}`,
    );
    await watch();
    expect(await eventsOf("wishlist.price_dropped", a.id)).toHaveLength(1);
  });

  it("emits wishlist.back_in_stock once a day when the saved variant comes back", async () => {
    const a = await signUp(t);
    const p = pick(4);
    await t.database.db.execute(sql`update variants set stock = 0 where id = ${p.variantId}`);
    await post(t, "/api/wishlists/toggle", p, bearer(a.token));
    const [list] = await mine(a.token);
    expect(list.items[0].variant.stock).toBe(0);
    await watch();
    expect(await eventsOf("wishlist.back_in_stock", a.id)).toEqual([]);
    await t.database.db.execute(sql`update variants set stock = 3 where id = ${p.variantId}`);
    await watch();
    const [product] = await rows<{ slug: string; name: string }>(
      t.database.db,
      sql`select slug, name from products where id = ${p.productId}`,
    );
    expect((await eventsOf("wishlist.back_in_stock", a.id)).map((e) => e.payload)).toEqual([
      {
        userId: a.id,
        productId: p.productId,
        productSlug: product?.slug,
        productName: product?.name,
      },
    ]);
    // Sold out and back again the same day: still one notice.
    await t.database.db.execute(sql`update variants set stock = 0 where id = ${p.variantId}`);
    await watch();
    await t.database.db.execute(sql`update variants set stock = 2 where id = ${p.variantId}`);
    await watch();
    expect(await eventsOf("wishlist.back_in_stock", a.id)).toHaveLength(1);
    // The next day (the notice row moved back a day), it is news again.
    await t.database.db.execute(
      sql`update wishlist_alerts set day = day - 1 where user_id = ${a.id}`,
    );
    await t.database.db.execute(sql`update variants set stock = 0 where id = ${p.variantId}`);
    await watch();
    await t.database.db.execute(sql`update variants set stock = 4 where id = ${p.variantId}`);
    await watch();
    expect(await eventsOf("wishlist.back_in_stock", a.id)).toHaveLength(2);
  });
});
