import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { addToCart, guest, send, setStock } from "@maidan/api/testing/cart-helpers";
import { ADDRESS, placeOrder } from "@maidan/api/testing/order-helpers";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockPageBuild } from "../testing/stock-page-build.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { mountStorefront } from "./mount.ts";

/**
 * Caches and stock (decision 017): with a cache lifetime set (tests normally run with caching
 * off), an order that takes stock (cash on delivery or online), a cancellation and an expiry
 * (an unconfirmed COD order, an unpaid online hold) that give it back drop the product's cached
 * detail and its cached first-visit pages at once; other products' stay cached; a product that
 * sells out drops listings too.
 */
const TTL = "600000";
let t: TestApp;
let renders = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { CACHE_TTL_MS: TTL },
    extend: (app) => {
      app.register(async (scope) => {
        await mountStorefront(scope as never, {
          services: app.domains.services,
          onCatalogChange: app.domains.onPagesChange,
          build: async () => stockPageBuild(() => renders++),
          mode: "production",
          serveAssets: false,
          publicUrl: "http://localhost:3000",
          pageCacheMs: Number(TTL),
        });
      });
    },
  });
});
afterAll(() => t?.close());

type Product = { id: string; slug: string; vid: string };
let picked = 0;

/** Products no earlier test used, with one sellable variant each (the others sold out). */
async function products(n: number, stock: number): Promise<Product[]> {
  const { rows } = await t.database.db.execute(sql`
    select distinct on (p.id) p.id, p.slug, v.id as vid
    from products p join variants v on v.product_id = p.id
    where p.active and v.active order by p.id, v.id limit ${n} offset ${picked}`);
  picked += n;
  const list = rows as Product[];
  for (const p of list) {
    await t.database.db.execute(sql`update variants set stock = 0 where product_id = ${p.id}`);
    await setStock(t, p.vid, stock);
  }
  return list;
}

const page = async (slug: string) => (await t.app.inject({ url: `/${slug}` })).body;
const apiStock = async (slug: string) =>
  (await t.app.inject({ url: `/api/products/${slug}` })).json().stock as number;

async function order(p: Product, qty: number) {
  const who = guest();
  expect((await addToCart(t, who, { vid: p.vid, pid: p.id }, qty)).statusCode).toBe(200);
  const res = await placeOrder(t, who, { address: ADDRESS, paymentMethod: "COD" });
  expect(res.statusCode).toBe(200);
  return { who, id: res.json().orders[0]._id as string };
}

/** The catalogue's listeners run after the commit without being awaited: let them finish. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("cached catalogue pages and stock", () => {
  it("serves cached reads while nothing changes (the cache is on)", async () => {
    const [p] = await products(1, 5);
    if (!p) throw new Error("no product");
    expect(await page(p.slug)).toContain("stock 5");
    const before = renders;
    await setStock(t, p.vid, 4); // behind the catalogue's back: not seen until the lifetime ends
    expect(await page(p.slug)).toContain("stock 5");
    expect(await apiStock(p.slug)).toBe(5);
    expect(renders).toBe(before);
  });

  it("an order drops that product's detail and page, and only that product's", async () => {
    const [sold, other] = await products(2, 5);
    if (!sold || !other) throw new Error("no products");
    expect(await page(sold.slug)).toContain("stock 5");
    expect(await page(other.slug)).toContain("stock 5");
    expect(await apiStock(sold.slug)).toBe(5);

    await order(sold, 2);
    await settled();
    expect(await apiStock(sold.slug)).toBe(3);
    expect(await page(sold.slug)).toContain("stock 3");
    // The other product's page is still the cached render.
    await setStock(t, other.vid, 1);
    const before = renders;
    expect(await page(other.slug)).toContain("stock 5");
    expect(renders).toBe(before);
  });

  it("a cancellation and an expiry give the stock back to the cached pages", async () => {
    const [p] = await products(1, 6);
    if (!p) throw new Error("no product");
    const first = await order(p, 1);
    const second = await order(p, 2);
    await settled();
    expect(await page(p.slug)).toContain("stock 3");

    const cancel = await send(t, "POST", `/api/orders/my/${first.id}/cancel`, first.who);
    expect(cancel.statusCode).toBe(200);
    await settled();
    expect(await page(p.slug)).toContain("stock 4");
    expect(await apiStock(p.slug)).toBe(4);

    // The second order is never confirmed by SMS: its time runs out and its stock comes back.
    const later = new Date(Date.now() + 24 * 3600_000);
    const orders = t.app.domains.checkout;
    expect(await orders.expireUnconfirmed(later)).toBeGreaterThanOrEqual(1);
    await settled();
    expect(await page(p.slug)).toContain("stock 6");
    expect(await apiStock(p.slug)).toBe(6);
    expect(second.id).toBeTruthy();
  });

  it("an online order holds stock; when its hold runs out unpaid the stock comes back", async () => {
    const [p] = await products(1, 3);
    if (!p) throw new Error("no product");
    expect(await page(p.slug)).toContain("stock 3");
    const who = guest();
    expect((await addToCart(t, who, { vid: p.vid, pid: p.id }, 1)).statusCode).toBe(200);
    const pay = await send(t, "POST", "/api/pay/easypaisa", who, {
      address: ADDRESS,
      paymentMethod: "easypaisa",
    });
    expect(pay.statusCode).toBe(200);
    await settled();
    expect(await page(p.slug)).toContain("stock 2");

    await t.database.db.execute(
      sql`update payment_attempts set expires_at = now() - interval '1 minute' where status = 'pending'`,
    );
    await t.app.domains.payments.runInquiries();
    await settled();
    expect(await page(p.slug)).toContain("stock 3");
    expect(await apiStock(p.slug)).toBe(3);
  });

  it("selling out drops the cached listings that showed it in stock, and every page", async () => {
    const [p, other] = await products(2, 1);
    if (!p || !other) throw new Error("no products");
    await page(other.slug);
    const category = (
      (
        await t.database.db.execute(
          sql`select c.slug from categories c join products p on p.category_id = c.id where p.id = ${p.id}`,
        )
      ).rows[0] as { slug: string }
    ).slug;
    const inStockListing = async () => {
      const res = await t.app.inject({
        url: `/api/products?category=${category}&inStock=true&limit=60`,
      });
      return (res.json().items as { _id: string }[]).some((i) => i._id === p.id);
    };
    expect(await apiStock(p.slug)).toBe(1);
    expect(await inStockListing()).toBe(true);
    const rendered = await page(p.slug);
    expect(rendered).toContain("stock 1");

    await order(p, 1);
    await settled();
    expect(await inStockListing()).toBe(false);
    expect(await page(p.slug)).toContain("stock 0");
    // Home, listings and landing pages may show its tile: the page cache starts over.
    const before = renders;
    await page(other.slug);
    expect(renders).toBe(before + 1);
  });
});

describe("a cached page in each encoding", () => {
  it("is rendered once and sent as brotli, gzip or uncompressed, the same page decoded", async () => {
    const [p] = await products(1, 3);
    if (!p) throw new Error("no product");
    const get = (encoding?: string) =>
      t.app.inject({
        url: `/${p.slug}`,
        headers: encoding ? { "accept-encoding": encoding } : {},
      });
    const before = renders;
    const br = await get("gzip, deflate, br");
    const gz = await get("gzip");
    const plain = await get();
    const again = await get();
    expect(renders).toBe(before + 1);
    expect([br.headers["content-encoding"], gz.headers["content-encoding"]]).toEqual([
      "br",
      "gzip",
    ]);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("stock 3");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(again.body).toBe(plain.body);
  });
});
