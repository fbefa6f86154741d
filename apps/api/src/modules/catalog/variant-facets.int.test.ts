import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The trigger of migration 0010 keeps products.sizes / colors / in_stock equal to what the active
// variants say. Each test changes variants with plain SQL (as an admin tool or checkout would) and
// compares the copies against a fresh aggregate.

let t: TestApp;
let pid: string;
beforeAll(async () => {
  t = await createTestApp({ products: 6 });
  const [p] = await q<{ id: string }>(sql`select id from products order by created_at, id limit 1`);
  pid = p?.id ?? "";
});
afterAll(() => t?.close());

const q = async <T>(query: ReturnType<typeof sql>) =>
  (await t.database.db.execute(query)).rows as T[];

type Copies = { sizes: string[]; colors: string[]; inStock: boolean };
const copies = async (id: string) =>
  (
    await q<Copies>(sql`select sizes, colors, in_stock as "inStock" from products where id = ${id}`)
  )[0];
const truth = async (id: string) =>
  (
    await q<Copies>(sql`select
      coalesce(array_agg(distinct size order by size) filter (where size is not null), '{}') as sizes,
      coalesce(array_agg(distinct color order by color) filter (where color is not null), '{}') as colors,
      coalesce(bool_or(stock > 0), false) as "inStock"
      from variants where product_id = ${id} and active`)
  )[0];

let sku = 0;
const addVariant = (size: string | null, color: string | null, stock: number) =>
  q<{ id: string }>(sql`insert into variants (product_id, sku, size, color, price, mrp, stock)
    values (${pid}, ${`TEST-${++sku}`}, ${size}, ${color}, 1000, 1200, ${stock}) returning id`).then(
    (r) => r[0]?.id ?? "",
  );

describe("products.sizes, colors and in_stock follow the variants", () => {
  it("the seed and the backfill agree with the variants for every product", async () => {
    const wrong = await q(sql`select p.id from products p where (p.sizes, p.colors, p.in_stock)
      is distinct from (
        coalesce((select array_agg(distinct v.size order by v.size) from variants v
          where v.product_id = p.id and v.active and v.size is not null), '{}'),
        coalesce((select array_agg(distinct v.color order by v.color) from variants v
          where v.product_id = p.id and v.active and v.color is not null), '{}'),
        exists (select 1 from variants v where v.product_id = p.id and v.active and v.stock > 0))`);
    expect(wrong).toEqual([]);
  });

  it("insert, change of size or colour, deactivation and delete", async () => {
    const id = await addVariant("Z9", "Ultraviolet", 3);
    expect((await copies(pid))?.sizes).toContain("Z9");
    expect((await copies(pid))?.colors).toContain("Ultraviolet");
    await q(sql`update variants set size = 'Z8', color = 'Infrared' where id = ${id}`);
    let c = await copies(pid);
    expect(c?.sizes).toContain("Z8");
    expect(c?.sizes).not.toContain("Z9");
    expect(c?.colors).not.toContain("Ultraviolet");
    expect(c).toEqual(await truth(pid));
    await q(sql`update variants set active = false where id = ${id}`);
    expect((await copies(pid))?.sizes).not.toContain("Z8");
    await q(sql`update variants set active = true where id = ${id}`);
    expect((await copies(pid))?.sizes).toContain("Z8");
    await q(sql`delete from variants where id = ${id}`);
    c = await copies(pid);
    expect(c?.sizes).not.toContain("Z8");
    expect(c).toEqual(await truth(pid));
  });

  it("in_stock turns off when the last unit sells and on when stock comes back", async () => {
    await q(sql`update variants set stock = 0 where product_id = ${pid}`);
    const id = await addVariant("Z7", "Teal", 2);
    expect((await copies(pid))?.inStock).toBe(true);
    await q(sql`update variants set stock = stock - 1 where id = ${id} and stock >= 1`);
    expect((await copies(pid))?.inStock).toBe(true);
    await q(sql`update variants set stock = stock - 1 where id = ${id} and stock >= 1`);
    expect((await copies(pid))?.inStock).toBe(false);
    await q(sql`update variants set stock = stock + 5 where id = ${id}`);
    expect((await copies(pid))?.inStock).toBe(true);
    expect(await copies(pid)).toEqual(await truth(pid));
  });

  it("the listing filters and facets read the copies", async () => {
    const id = await addVariant("Z6", "Chartreuse", 4);
    const [slug] = await q<{ slug: string }>(sql`select slug from products where id = ${pid}`);
    const res = await t.app.inject({ method: "GET", url: "/api/products?size=Z6&limit=60" });
    const body = res.json();
    expect(body.items.map((p: { slug: string }) => p.slug)).toEqual([slug?.slug]);
    expect(body.facets.colors.map((c: { value: string }) => c.value)).toContain("Chartreuse");
    await q(sql`delete from variants where id = ${id}`);
  });

  it("a stock decrement that leaves stock above 0 takes no lock on the product row", async () => {
    const id = await addVariant("Z5", "Amber", 10);
    // Z5 is the product's only variant in stock, so selling all of it flips in_stock.
    await q(sql`update variants set stock = 0 where product_id = ${pid} and id <> ${id}`);
    const other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    const decrement = (by: number, timeout: string) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = '${timeout}'`));
        return tx.execute(
          sql`update variants set stock = stock - ${by} where id = ${id} and stock >= ${by}`,
        );
      });
    try {
      // Another transaction holds the product row (as an admin editing it would).
      await other.query("begin");
      await other.query("select 1 from products where id = $1 for update", [pid]);
      // Checkout's conditional decrement, 10 → 7: the trigger's WHEN is false, no product lock.
      const r = await decrement(3, "2s");
      expect(r.rowCount).toBe(1);
      // Selling the last 7 flips in_stock, so that one needs the product row and times out.
      const err = await decrement(7, "300ms").then(
        () => null,
        (e: Error) => e,
      );
      expect(String((err?.cause as Error | undefined)?.message ?? err)).toMatch(/lock timeout/);
      await other.query("rollback");
      expect((await decrement(7, "2s")).rowCount).toBe(1);
      expect((await copies(pid))?.inStock).toBe(false);
    } finally {
      await other.end();
    }
  });
});
