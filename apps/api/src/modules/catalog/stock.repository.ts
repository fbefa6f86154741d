import type { DbOrTx } from "@maidan/db/database";
import { sql } from "drizzle-orm";

/** The slug and in-stock flag (kept by the variants trigger, decision 008) of these products. */
export const productsInStock = async (db: DbOrTx, ids: string[]) =>
  (
    await db.execute(
      sql`select id, slug, in_stock as "inStock" from products
        where id = any(array[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::uuid[])`,
    )
  ).rows as { id: string; slug: string; inStock: boolean }[];
