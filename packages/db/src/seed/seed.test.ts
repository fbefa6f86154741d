import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "../database.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import {
  DEFAULT_SHOPPER,
  isSeeded,
  type SeedOptions,
  type SeedResult,
  seedDatabase,
} from "./index.ts";

/** The server the integration set-up provides, else TEST_PG_SERVER_URL, else the local one. */
const serverUrl =
  ((inject as (key: string) => unknown)("pgServerUrl") as string | undefined) ??
  process.env.TEST_PG_SERVER_URL ??
  "postgres://root@127.0.0.1:5432/postgres";

const mediaDir = mkdtempSync(join(tmpdir(), "maidan-seed-media-"));
const options: SeedOptions = {
  products: 320,
  mediaDir,
  admin: { email: "admin@maidan.test", password: "admin-secret" },
  shopper: DEFAULT_SHOPPER,
  hashPassword: async (plain) => `x:${plain}`,
  staff: {
    manager: { email: "manager@maidan.test", password: "manager-secret" },
    vendorPasswords: ["vendor-one-secret", "vendor-two-secret"],
  },
};

let a: Database;
let b: Database;
let first: SeedResult;

async function rows<T>(db: Database, sql: string): Promise<T[]> {
  return (await db.pool.query(sql)).rows as T[];
}
async function count(db: Database, sql: string): Promise<number> {
  const [row] = await rows<{ n: number }>(db, `select count(*)::int as n from (${sql}) q`);
  return row?.n ?? 0;
}

beforeAll(async () => {
  a = await createTestDatabase(serverUrl);
  b = await createTestDatabase(serverUrl);
  first = await seedDatabase(a.db, options);
  await seedDatabase(b.db, options);
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe("seedDatabase", () => {
  it("seeds the catalogue", async () => {
    expect(first).toEqual({
      seeded: true,
      products: 320,
      admin: { email: options.admin.email },
      shopper: { email: DEFAULT_SHOPPER.email },
      staff: [
        { role: "manager", email: "manager@maidan.test", password: "manager-secret" },
        expect.objectContaining({ role: "vendor", password: "vendor-one-secret" }),
        expect.objectContaining({ role: "vendor", password: "vendor-two-secret" }),
      ],
    });
    expect(await count(a, "select 1 from products")).toBeGreaterThanOrEqual(300);
    expect(await count(a, "select 1 from brands")).toBeGreaterThanOrEqual(20);
    expect(await count(a, "select 1 from vendors")).toBeGreaterThanOrEqual(5);
    const names = await rows<{ name: string }>(a, "select name from products");
    for (const word of ["joggers", "kameez", "shoes", "shirt"]) {
      expect(names.some((p) => p.name.toLowerCase().includes(word))).toBe(true);
    }
  });

  it("gives the back-office a manager and two vendors who own stores with products", async () => {
    const staff = await rows<{
      email: string;
      role: string;
      password_hash: string;
      products: number;
    }>(
      a,
      `select u.email, u.role, u.password_hash,
         (select count(*)::int from products p join vendors v on v.id = p.vendor_id
           where v.owner_id = u.id) as products
       from users u where u.password_hash like 'x:%-secret' and u.role in ('manager', 'vendor')
       order by u.role, u.email`,
    );
    expect(staff.map((s) => [s.role, s.password_hash])).toEqual([
      ["manager", "x:manager-secret"],
      ["vendor", expect.stringMatching(/^x:vendor-(one|two)-secret$/)],
      ["vendor", expect.stringMatching(/^x:vendor-(one|two)-secret$/)],
    ]);
    for (const s of staff.filter((x) => x.role === "vendor"))
      expect(s.products, s.email).toBeGreaterThan(0);
    const vendors = first.staff.filter((s) => s.role === "vendor");
    expect(vendors.map((v) => v.email)).toEqual(
      expect.arrayContaining(staff.filter((s) => s.role === "vendor").map((s) => s.email)),
    );
  });

  it("gives every product variants and images, with consistent prices", async () => {
    const noVariant =
      "select 1 from products p where not exists (select 1 from variants v where v.product_id = p.id)";
    const noImage =
      "select 1 from products p where not exists (select 1 from product_images i where i.product_id = p.id)";
    expect(await count(a, noVariant)).toBe(0);
    expect(await count(a, noImage)).toBe(0);
    expect(await count(a, "select 1 from products where price > mrp or price <= 0")).toBe(0);
    expect(await count(a, "select 1 from variants where price > mrp or price <= 0")).toBe(0);
    const lowest = `select 1 from products p where p.price <> (select min(price) from variants v where v.product_id = p.id)`;
    expect(await count(a, lowest)).toBe(0);
    expect(await count(a, "select 1 from products where mrp > price")).toBeGreaterThan(50);
    expect(await count(a, "select 1 from variants where stock between 1 and 3")).toBeGreaterThan(0);
    expect(await count(a, "select 1 from variants where stock = 0")).toBeGreaterThan(0);
  });

  it("draws a product's close-up in its own first colour (a Navy shoe's was black)", async () => {
    const details = await rows<{ url: string; color: string }>(
      a,
      `select i.url, (select v.color from variants v where v.product_id = i.product_id
                      order by v.sort, v.id limit 1) as color
       from product_images i where i.url like '%-detail.webp'`,
    );
    expect(details.length).toBeGreaterThan(10);
    for (const { url, color } of details) {
      expect(url).toContain(`-${color.toLowerCase().replace(/\s+/g, "-")}-detail.webp`);
    }
  });

  it("names the summer landing page after what it lists: women's categories, its own banner", async () => {
    const [entry] = await rows<{
      data: { banner: string; tags?: string[]; categories: { slug: string }[] };
    }>(a, "select data from landing where route = 'women-summer-collection'");
    expect(entry?.data.banner).toContain("women-summer-collection");
    expect(entry?.data.tags).toBeUndefined();
    for (const c of entry?.data.categories ?? []) expect(c.slug).toMatch(/^women-/);
    const banner = join(mediaDir, (entry?.data.banner ?? "").slice("/media/".length));
    expect(existsSync(banner), banner).toBe(true);
  });

  it("writes every referenced image, as WebP with a JPEG fallback", async () => {
    const urls = await rows<{ url: string }>(
      a,
      `select url from product_images union select image from categories
       union select img from banners union select logo from vendors union select banner from vendors
       union select image from freebies`,
    );
    expect(urls.length).toBeGreaterThan(20);
    for (const { url } of urls) {
      expect(url).toMatch(/^\/media\/.+\.webp$/);
      const file = join(mediaDir, url.slice("/media/".length));
      expect(existsSync(file), file).toBe(true);
      expect(existsSync(file.replace(/\.webp$/, ".jpg")), file).toBe(true);
    }
  });

  it("creates categories, content, shipping and users", async () => {
    const slugs = (await rows<{ slug: string }>(a, "select slug from categories")).map(
      (c) => c.slug,
    );
    for (const slug of [
      "men",
      "women",
      "kids",
      "accessories-equipment",
      "men-clothing",
      "men-shoes",
      "women-clothing",
      "women-shoes",
      "kids-clothing",
      "kids-shoes",
      "women-eastern-wear",
      "accessories-equipment-hardware-accessories",
      "accessories-equipment-fitness-gear",
    ]) {
      expect(slugs).toContain(slug);
    }
    expect(
      await count(a, "select 1 from landing where route = 'sale' and landing_page = 'sale'"),
    ).toBe(1);
    expect(await count(a, "select 1 from shipping_methods where is_default")).toBe(1);
    expect(await count(a, "select 1 from banners where kind = 'slider'")).toBeGreaterThanOrEqual(3);
    expect(
      await count(a, "select 1 from banners where kind = 'mobile_slider'"),
    ).toBeGreaterThanOrEqual(3);
    expect(await count(a, "select 1 from pages where page_type = 'static'")).toBeGreaterThanOrEqual(
      6,
    );
    expect(
      await count(a, "select 1 from pages where page_type = 'dynamic'"),
    ).toBeGreaterThanOrEqual(2);
    expect(await count(a, "select 1 from help_articles")).toBeGreaterThanOrEqual(12);
    // Every demo freebie campaign gives away at least one active product of its own leaf.
    const offers = await rows<{ slug: string; n: number }>(
      a,
      `select f.slug, count(p.id)::int as n from freebies f
       left join freebie_items i on i.freebie_id = f.id
       left join products p on p.id = i.product_id and p.active group by f.slug order by f.slug`,
    );
    expect(offers.map((o) => o.slug)).toEqual([
      "cricket-season-bonus",
      "eid-gift",
      "first-order-bag",
    ]);
    for (const o of offers) expect(o.n, o.slug).toBeGreaterThan(0);
    const [settings] = await rows<Record<string, unknown>>(a, "select * from settings");
    expect(settings).toMatchObject({
      id: 1,
      shop_name: "Maidan",
      guest_login: true,
      main_theme: 3,
    });
    expect(settings?.currency).toEqual({ symbol: "Rs.", code: "PKR" });
    const users = await rows<{ email: string; role: string; password_hash: string }>(
      a,
      "select email, role, password_hash from users where role in ('admin', 'user') order by role",
    );
    expect(users).toEqual([
      { email: options.admin.email, role: "admin", password_hash: "x:admin-secret" },
      { email: DEFAULT_SHOPPER.email, role: "user", password_hash: "x:shopper123" },
    ]);
  });

  it("is deterministic across fresh databases", async () => {
    const sql = `select p.slug, p.name, p.price, p.mrp, p.created_at,
        (select json_agg(json_build_object('sku', v.sku, 'price', v.price, 'stock', v.stock) order by v.sort)
         from variants v where v.product_id = p.id) as variants
      from products p order by p.slug`;
    const [ra, rb] = await Promise.all([rows(a, sql), rows(b, sql)]);
    expect(ra.length).toBe(320);
    expect(rb).toEqual(ra);
  });

  it("is idempotent", async () => {
    expect(await isSeeded(a.db)).toBe(true);
    const again = await seedDatabase(a.db, options);
    expect(again.seeded).toBe(false);
    expect(await count(a, "select 1 from products")).toBe(320);
  });
});
