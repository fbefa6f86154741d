import type { DbOrTx } from "@maidan/db/database";
import { first } from "@maidan/db/raw-rows";
import { type SQL, sql } from "drizzle-orm";

/*
 * A scope's ids as pricing reads them (promotions and vouchers, decisions 014 and 064): a
 * category scope is widened to the categories under it, since products sit in the leaves of the
 * tree; a product scope is its ids as stored.
 */
export const widenedScopeIds = (scope: SQL, ids: SQL) => sql`case when ${scope} = 'category'
  then coalesce((with recursive tree(id) as (
      select unnest(${ids})
      union select c.id from categories c join tree t on c.parent_id = t.id)
    select array_agg(id) from tree), '{}') else ${ids} end`;

/** How many of `ids` name a category (or a product): a scope is checked before it is stored. */
export const countScopeIds = async (db: DbOrTx, scope: "category" | "product", ids: string[]) =>
  (
    await first<{ n: number }>(
      db,
      scope === "category"
        ? sql`select count(*)::int as n from categories where id = any(${sql.param(ids)}::uuid[])`
        : sql`select count(*)::int as n from products where id = any(${sql.param(ids)}::uuid[])`,
    )
  )?.n ?? 0;
