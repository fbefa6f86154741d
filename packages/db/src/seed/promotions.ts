import { sql } from "drizzle-orm";
import type { Tx } from "../database.ts";
import { first, rows } from "../raw-rows.ts";
import { promotions } from "../schema-promotions.ts";

/**
 * Demo automatic promotions (decision 014): 10% off clothing from Rs. 5,000 of it, buy 2 get 1
 * free on team-sports gear, and a free water bottle from Rs. 15,000 (when the catalogue has one).
 */
export async function insertDemoPromotions(tx: Tx) {
  const ids = async (slugs: string[]) =>
    (
      await rows<{ id: string }>(
        tx,
        sql`select id from categories where slug in (${sql.join(
          slugs.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      )
    ).map((r) => r.id);
  const gift = await first<{ id: string }>(
    tx,
    sql`select v.id from variants v join products p on p.id = v.product_id
      join categories c on c.id = p.category_id
      where c.slug = 'accessories-equipment-hardware-accessories' and p.active and v.active
      order by (p.name like '%Water Bottle%') desc, v.price, v.sku limit 1`,
  );
  await tx.insert(promotions).values([
    {
      name: "Sportswear Week: 10% off clothing",
      kind: "percentage",
      value: 10,
      maxDiscount: 2_000,
      minCartValue: 5_000,
      scope: "category",
      scopeIds: await ids(["men-clothing", "women-clothing", "kids-clothing"]),
    },
    {
      name: "Buy 2, get 1 free on team sports",
      kind: "buy_x_get_y",
      buyQty: 2,
      getQty: 1,
      scope: "category",
      scopeIds: await ids(["accessories-equipment-team-sports"]),
    },
    ...(gift
      ? [
          {
            name: "Free gift on orders of Rs. 15,000 or more",
            kind: "free_gift" as const,
            minCartValue: 15_000,
            giftVariantId: gift.id,
          },
        ]
      : []),
  ]);
}
