import type { DbOrTx } from "@maidan/db/database";
import { rows } from "@maidan/db/raw-rows";
import { sql } from "drizzle-orm";
import { widenedScopeIds } from "../../lib/scope-sql.ts";
import { lineColumns } from "../../lib/sellable-line.ts";
import type { Promotion } from "./promotion-rules.ts";

/**
 * The active promotions that have not ended (the pricing checks the window against its own
 * clock). A category scope is widened here to the categories under it (scope-sql.ts).
 */
export const activePromotions = (db: DbOrTx) =>
  rows<Promotion>(
    db,
    sql`select pr.id, pr.name, pr.kind, pr.value, pr.max_discount,
      pr.min_cart_value, pr.scope, pr.buy_qty, pr.get_qty, pr.starts_at, pr.ends_at, pr.active,
      ${widenedScopeIds(sql`pr.scope`, sql`pr.scope_ids`)} as scope_ids,
      (select row_to_json(g) from (select ${lineColumns}, 1 as qty
        from variants v join products p on p.id = v.product_id join vendors ve on ve.id = p.vendor_id
        where v.id = pr.gift_variant_id) g) as gift
    from promotions pr
    where pr.active and (pr.ends_at is null or pr.ends_at > now())
    order by pr.id`,
  );
