import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sameOrigin } from "../../testing/auth-helpers.ts";
import { addToCart, guest, send, type TestVariant } from "../../testing/cart-helpers.ts";
import { multipart } from "../../testing/multipart.ts";
import { buy, placeOrder } from "../../testing/order-helpers.ts";
import { everyRole } from "../../testing/staff-helpers.ts";

/**
 * The back-office's catalogue (decision 060): products with variants per role, bad input,
 * images, stock adjustments racing checkouts, and a price change reaching the shop at once.
 */
let t: TestApp;
let roles: Awaited<ReturnType<typeof everyRole>>;
let categoryId: string;
let otherVendorId: string;
let vendorStoreId: string;

const one = async <T>(query: ReturnType<typeof sql>) =>
  (await t.database.db.execute(query)).rows[0] as T;

beforeAll(async () => {
  t = await createTestApp({ products: 8 });
  roles = await everyRole(t);
  categoryId = (await one<{ id: string }>(sql`select id from categories order by sort limit 1`)).id;
  const stores = (await t.database.db.execute(sql`select id from vendors order by name limit 2`))
    .rows as { id: string }[];
  vendorStoreId = stores[0]?.id as string;
  otherVendorId = stores[1]?.id as string;
  await t.database.db.execute(
    sql`update vendors set owner_id = ${roles.vendorId} where id = ${vendorStoreId}`,
  );
});
afterAll(() => t?.close());

let n = 0;
/** A valid product body with two variants and unique SKUs and slug. */
function body(over: Record<string, unknown> = {}) {
  const k = `${Date.now().toString(36)}${++n}`;
  return {
    name: `Test Kurta ${k}`,
    slug: `test-kurta-${k}`,
    description: "A cotton kurta for summer.",
    categoryId,
    vendorId: otherVendorId,
    status: "draft",
    keywords: "summer, eidwear",
    synonyms: ["libaas"],
    seoTitle: "Cotton kurta",
    variants: [
      { sku: `K-${k}-M`, size: "M", color: "White", price: 2500, salePrice: 1999, stock: 10 },
      { sku: `K-${k}-L`, size: "L", color: "White", price: 2500, stock: 4 },
    ],
    ...over,
  };
}
const create = (b: unknown, who = roles.manager) => send(t, "POST", "/api/admin/products", who, b);
const countNamed = async (name: string) =>
  (await one<{ n: number }>(sql`select count(*)::int as n from products where name = ${name}`)).n;

describe("products", () => {
  it("a manager creates a draft with two variants: not in the shop until published, audited", async () => {
    const b = body();
    const res = await create(b);
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p.status).toBe("draft");
    expect(
      p.variants.map((v: { price: number; salePrice: number | null; stock: number }) => [
        v.price,
        v.salePrice,
        v.stock,
      ]),
    ).toEqual(
      [
        [2500, 1999],
        [2500, null],
      ].map(([a, b], i) => [a, b, [10, 4][i]]),
    );
    expect(p.keywords).toEqual(["summer", "eidwear"]);
    expect((await send(t, "GET", `/api/products/${b.slug}`, {})).statusCode).toBe(404);

    const pub = await send(t, "PUT", `/api/admin/products/${p._id}`, roles.manager, {
      ...b,
      status: "active",
      variants: p.variants.map((v: { _id: string; sku: string; size: string }) => ({
        id: v._id,
        sku: v.sku,
        size: v.size,
        color: "White",
        price: 2500,
      })),
    });
    expect(pub.statusCode, pub.body).toBe(200);
    const shop = await send(t, "GET", `/api/products/${b.slug}`, {});
    expect(shop.statusCode).toBe(200);
    expect(shop.json()).toMatchObject({ price: 2500, seoTitle: "Cotton kurta" });
    // Found by its Roman-Urdu synonym and its keyword (neither in its name or description).
    for (const q of ["libaas", "eidwear"]) {
      const found = await send(t, "GET", `/api/search?q=${q}`, {});
      expect(
        found.json().items.map((x: { slug: string }) => x.slug),
        q,
      ).toContain(b.slug);
    }
    const audit = await send(t, "GET", `/api/admin/audit?record=product:${p._id}`, roles.admin);
    expect(
      audit
        .json()
        .entries.map((e: { action: string }) => e.action)
        .sort(),
    ).toEqual(["product_created", "product_updated"]);
  });

  it("bad input → 400 naming the field, nothing written", async () => {
    for (const [variant, field] of [
      [{ price: -1 }, "variants.0.price"],
      [{ salePrice: 3000 }, "variants.0.salePrice"],
      [{ stock: undefined }, "variants.0.stock"],
    ] as const) {
      const b = body();
      const v0 = { ...b.variants[0], ...variant };
      const res = await create({ ...b, variants: [v0, b.variants[1]] });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(field);
      expect(await countNamed(b.name)).toBe(0);
    }
  });

  it("a duplicate SKU or slug → 409 naming the other product", async () => {
    const first = body();
    const made = (await create(first)).json();
    const sameSku = body();
    sameSku.variants[1] = { ...sameSku.variants[1], sku: first.variants[0]?.sku } as never;
    const r1 = await create(sameSku);
    expect(r1.statusCode).toBe(409);
    expect(r1.json().message).toContain(first.name);
    expect(r1.json().message).toContain(made._id);
    const r2 = await create(body({ slug: first.slug }));
    expect(r2.statusCode).toBe(409);
    expect(r2.json().message).toContain(first.name);
    expect(await countNamed(sameSku.name)).toBe(0);
  });

  it("vendors: their own store only, never publishing, never seeing others' products", async () => {
    const other = (await create(body())).json();
    expect(
      (await send(t, "GET", `/api/admin/products/${other._id}`, roles.vendor)).statusCode,
    ).toBe(404);
    expect(
      (await create(body({ status: "active", vendorId: undefined }), roles.vendor)).statusCode,
    ).toBe(403);
    expect((await create(body({ vendorId: otherVendorId }), roles.vendor)).statusCode).toBe(403);
    const mine = await create(body({ vendorId: undefined }), roles.vendor);
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().vendorId).toBe(vendorStoreId);
    const list = (await send(t, "GET", "/api/admin/products", roles.vendor)).json();
    expect(list.products.length).toBeGreaterThan(0);
    const ids = list.products.map((p: { _id: string }) => p._id);
    expect(ids).toContain(mine.json()._id);
    expect(ids).not.toContain(other._id);
    // A manager publishes it.
    const b = mine.json();
    const pub = await send(t, "PUT", `/api/admin/products/${b._id}`, roles.manager, {
      name: b.name,
      slug: b.slug,
      categoryId,
      vendorId: b.vendorId,
      status: "active",
      variants: b.variants.map((v: { _id: string; sku: string; size: string; price: number }) => ({
        id: v._id,
        sku: v.sku,
        size: v.size,
        color: "White",
        price: v.price,
      })),
    });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json().status).toBe("active");
  });

  it("search and status filter the list", async () => {
    const b = body();
    await create(b);
    const res = await send(
      t,
      "GET",
      `/api/admin/products?status=draft&q=${encodeURIComponent(b.variants[0]?.sku ?? "")}`,
      roles.manager,
    );
    expect(res.json().products.map((p: { name: string }) => p.name)).toEqual([b.name]);
  });

  it("delete: removed when never ordered, archived when ordered", async () => {
    const lone = (await create(body())).json();
    const del = await send(t, "DELETE", `/api/admin/products/${lone._id}`, roles.manager);
    expect(del.json()).toEqual({ outcome: "deleted" });
    expect(await countNamed(lone.name)).toBe(0);

    const sold = (await create(body({ status: "active" }))).json();
    const v: TestVariant = {
      vid: sold.variants[0]._id,
      pid: sold._id,
      price: 1999,
      mrp: 2500,
      stock: 10,
    };
    await buy(t, guest(), v, 1);
    const del2 = await send(t, "DELETE", `/api/admin/products/${sold._id}`, roles.manager);
    expect(del2.json()).toEqual({ outcome: "archived" });
    expect((await send(t, "GET", `/api/products/${sold.slug}`, {})).statusCode).toBe(404);
  });
});

const png = (color: string) =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: color } })
    .png()
    .toBuffer();

describe("images", () => {
  it("upload (checked by its bytes, alt required), reorder, alt text, delete", async () => {
    const p = (await create(body())).json();
    const upload = async (
      fields: Record<string, string>,
      file?: { bytes: Buffer; type: string },
    ) => {
      const m = multipart(fields, file);
      return t.app.inject({
        method: "POST",
        url: `/api/admin/products/${p._id}/images`,
        payload: m.payload,
        headers: { ...sameOrigin(t), ...roles.manager, ...m.headers },
      });
    };
    const notImage = await upload(
      { alt: "x" },
      { bytes: Buffer.from("<html>"), type: "image/png" },
    );
    expect(notImage.statusCode).toBe(400);
    const noAlt = await upload({ alt: " " }, { bytes: await png("#c00"), type: "image/png" });
    expect(noAlt.statusCode).toBe(400);
    for (const [i, color] of ["#c00", "#0c0", "#00c"].entries()) {
      const res = await upload(
        { alt: `Kurta view ${i + 1}` },
        { bytes: await png(color), type: "image/png" },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const images = (await send(t, "GET", `/api/admin/products/${p._id}`, roles.manager)).json()
      .images as { _id: string; url: string; alt: string }[];
    expect(images.map((i) => i.alt)).toEqual(["Kurta view 1", "Kurta view 2", "Kurta view 3"]);
    const served = await t.app.inject({ method: "GET", url: images[0]?.url as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");

    const order = [images[2], images[0], images[1]].map((i) => i?._id);
    const moved = await send(t, "PUT", `/api/admin/products/${p._id}/images/order`, roles.manager, {
      order,
    });
    expect(moved.json().images.map((i: { _id: string }) => i._id)).toEqual(order);
    const alt = await send(
      t,
      "PUT",
      `/api/admin/products/${p._id}/images/${images[0]?._id}`,
      roles.manager,
      { alt: "Front" },
    );
    expect(alt.json().images[1].alt).toBe("Front");
    const del = await send(
      t,
      "DELETE",
      `/api/admin/products/${p._id}/images/${images[0]?._id}`,
      roles.manager,
    );
    expect(del.json().images).toHaveLength(2);
    await t.app.domains.jobs.drain(); // the file goes in a job (decision 065)
    expect((await t.app.inject({ method: "GET", url: images[0]?.url as string })).statusCode).toBe(
      404,
    );
  });
});

describe("stock", () => {
  const adjust = (vid: string, b: unknown, who = roles.manager) =>
    send(t, "POST", `/api/admin/stock/${vid}/adjust`, who, b);

  it("received adds, damaged takes, counted sets, never below zero; history and low stock", async () => {
    const p = (await create(body())).json();
    const vid = p.variants[1]._id as string; // 4 units
    expect((await adjust(vid, { reason: "received", qty: 6 })).json().stock).toBe(10);
    expect((await adjust(vid, { reason: "damaged", qty: 3, note: "torn" })).json().stock).toBe(7);
    const below = await adjust(vid, { reason: "damaged", qty: 8 });
    expect(below.statusCode).toBe(409);
    expect((await adjust(vid, { reason: "counted", qty: 2 })).json()).toMatchObject({
      stock: 2,
      delta: -5,
    });
    const h = (await send(t, "GET", `/api/admin/stock/${vid}/history`, roles.manager)).json();
    expect(h.entries.map((e: { reason: string; delta: number }) => [e.reason, e.delta])).toEqual([
      ["counted", -5],
      ["damaged", -3],
      ["received", 6],
      ["initial", 4],
    ]);
    const low = (await send(t, "GET", "/api/admin/stock/low?threshold=2", roles.manager)).json();
    expect(low.variants.map((v: { _id: string }) => v._id)).toContain(vid);
    // A vendor adjusts only their own stores' stock.
    expect((await adjust(vid, { reason: "received", qty: 1 }, roles.vendor)).statusCode).toBe(404);
  });

  it("an adjustment racing 20 checkouts leaves the right stock", async () => {
    const p = (await create(body({ status: "active" }))).json();
    const vid = p.variants[0]._id as string;
    await adjust(vid, { reason: "counted", qty: 30 });
    const v: TestVariant = { vid, pid: p._id, price: 1999, mrp: 2500, stock: 30 };
    const buyers = Array.from({ length: 20 }, () => guest());
    for (const who of buyers) expect((await addToCart(t, who, v, 1)).statusCode).toBe(200);
    const [adjusted, ...orders] = await Promise.all([
      adjust(vid, { reason: "received", qty: 5 }),
      ...buyers.map((who) => placeOrder(t, who)),
    ]);
    expect(adjusted?.statusCode).toBe(200);
    expect(orders.map((o) => o.statusCode)).toEqual(buyers.map(() => 200));
    const { stock } = await one<{ stock: number }>(
      sql`select stock from variants where id = ${vid}`,
    );
    expect(stock).toBe(30 - 20 + 5);
    // The adjustment's recorded figure is what it left, whenever it ran among the orders.
    const h = (await send(t, "GET", `/api/admin/stock/${vid}/history`, roles.manager)).json();
    expect(h.entries[0].stockAfter).toBe(adjusted?.json().stock);
  });
});

describe("a price change", () => {
  it("shows on the product page and in the cart's next pricing, never in an order placed", async () => {
    const b = body({ status: "active" });
    const p = (await create(b)).json();
    const v: TestVariant = { vid: p.variants[1]._id, pid: p._id, price: 2500, mrp: 2500, stock: 4 };
    // The page is read (and cached) at the old price; a cart holds the variant; an order is placed.
    expect((await send(t, "GET", `/api/products/${b.slug}`, {})).json().variants[1].price).toBe(
      2500,
    );
    const shopper = guest();
    await addToCart(t, shopper, v, 1);
    const order = await buy(t, guest(), v, 1);
    const orderId = order.orders[0]._id as string;

    const res = await send(t, "PUT", `/api/admin/products/${p._id}`, roles.manager, {
      ...b,
      variants: p.variants.map((x: { _id: string; sku: string; size: string }) => ({
        id: x._id,
        sku: x.sku,
        size: x.size,
        color: "White",
        price: 3200,
        salePrice: 2800,
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = (await send(t, "GET", `/api/products/${b.slug}`, {})).json();
    expect(page.variants[1]).toMatchObject({ price: 2800, mrp: 3200 });
    const cart = (await send(t, "GET", "/api/cart", shopper)).json();
    expect(JSON.stringify(cart)).toContain("2800");
    expect(cart.subtotal).toBe(2800);
    const line = await one<{ price: number }>(
      sql`select price from order_items where order_id = ${orderId}`,
    );
    expect(line.price).toBe(2500);
  });
});

describe("the product picker of the voucher and promotion forms (decision 064)", () => {
  it("finds products by name or SKU with their variants, reads chosen ones back by id, managers only", async () => {
    const b = body();
    const made = (await create(b)).json();
    const sku = b.variants[0]?.sku as string;
    const byName = await send(
      t,
      "GET",
      `/api/admin/product-picks?q=${encodeURIComponent(b.name)}`,
      roles.manager,
    );
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().products).toEqual([
      {
        _id: made._id,
        name: b.name,
        vendor: expect.any(String),
        variants: [
          // By SKU: L before M.
          { _id: expect.any(String), sku: b.variants[1]?.sku, label: "L / White", price: 2500 },
          { _id: expect.any(String), sku, label: "M / White", price: 1999 },
        ],
      },
    ]);
    const bySku = (
      await send(t, "GET", `/api/admin/product-picks?q=${sku.toLowerCase()}`, roles.admin)
    ).json();
    expect(bySku.products.map((p: { _id: string }) => p._id)).toEqual([made._id]);
    const variantId = byName.json().products[0].variants[1]._id;
    const back = (
      await send(t, "GET", `/api/admin/product-picks?ids=${made._id},${variantId}`, roles.manager)
    ).json();
    expect(back.products.map((p: { _id: string }) => p._id)).toEqual([made._id]);
    // A wildcard is a character, not a pattern.
    expect(
      (await send(t, "GET", "/api/admin/product-picks?q=%25%25%25", roles.manager)).json().products,
    ).toEqual([]);
    expect((await send(t, "GET", "/api/admin/product-picks", roles.manager)).statusCode).toBe(400);
    expect(
      (await send(t, "GET", "/api/admin/product-picks?ids=nope", roles.manager)).statusCode,
    ).toBe(400);
    expect(
      (await send(t, "GET", "/api/admin/product-picks?q=kurta", roles.vendor)).statusCode,
    ).toBe(403);
  });
});
