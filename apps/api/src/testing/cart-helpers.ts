import type { TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { sameOrigin } from "./auth-helpers.ts";

/** Helpers for cart and order tests (also used by the orders module's tests). */
let n = 0;
export const guest = (id = `guest-${process.pid}-${Date.now()}-${++n}`) => ({
  cookie: `guest=${id}`,
});

export type TestVariant = { vid: string; pid: string; price: number; mrp: number; stock: number };

/** `count` sellable variants of distinct products, optionally of distinct vendors. */
export async function pickVariants(
  t: TestApp,
  count: number,
  opts: { distinctVendors?: boolean } = {},
): Promise<TestVariant[]> {
  const { rows } = await t.database.db.execute(sql`
    select distinct on (${opts.distinctVendors ? sql`p.vendor_id` : sql`p.id`})
      v.id as vid, p.id as pid, v.price, v.mrp, v.stock
    from variants v join products p on p.id = v.product_id
    where v.active and p.active and v.stock > 0
    order by ${opts.distinctVendors ? sql`p.vendor_id` : sql`p.id`}, v.id`);
  if (rows.length < count) throw new Error(`only ${rows.length} variants to pick from`);
  return (rows as TestVariant[]).slice(0, count);
}

export const setStock = (t: TestApp, vid: string, stock: number) =>
  t.database.db.execute(sql`update variants set stock = ${stock} where id = ${vid}`);

export const stockOf = async (t: TestApp, vid: string) =>
  Number(
    (
      (await t.database.db.execute(sql`select stock from variants where id = ${vid}`)).rows[0] as {
        stock: number;
      }
    ).stock,
  );

export function send(
  t: TestApp,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { ...sameOrigin(t), ...headers },
  });
}

export const addToCart = (
  t: TestApp,
  who: Record<string, string>,
  v: { vid: string; pid: string },
  qty = 1,
) => send(t, "POST", "/api/cart/v2/add", who, { pid: v.pid, vid: v.vid, qty });
