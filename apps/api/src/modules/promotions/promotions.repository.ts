import type { DbOrTx } from "@maidan/db/database";
import { rows } from "@maidan/db/raw-rows";
import { sql } from "drizzle-orm";
import { lineColumns } from "../../lib/sellable-line.ts";
import type { Promotion } from "./promotion-rules.ts";

/**
 * The active promotions that have not ended (the pricing checks the window against its own
 * clock). A category scope is widened here to the categories under it, since products sit in
 * the leaves of the tree.
 */
export const activePromotions = (db: DbOrTx) =>
  rows<Promotion>(
    db,
    sql`select pr.id, pr.name, pr.kind, pr.value, pr.max_discount,
      pr.min_cart_value, pr.scope, pr.buy_qty, pr.get_qty, pr.starts_at, pr.ends_at, pr.active,
      case when pr.scope = 'category' then coalesce((
        with recursive tree(id) as (
          select unnest(pr.scope_ids)
          union select c.id from categories c join tree t on c.parent_id = t.id)
        select array_agg(id) from tree), '{}') else pr.scope_ids end as scope_ids,
      (select row_to_json(g) from (select ${lineColumns}, 1 as qty
        from variants v join products p on p.id = v.product_id join vendors ve on ve.id = p.vendor_id
        where v.id = pr.gift_variant_id) g) as gift
    from promotions pr
    where pr.active and (pr.ends_at is null or pr.ends_at > now())
    order by pr.id`,
  );
