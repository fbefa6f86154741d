import { sql } from "drizzle-orm";
import type { Tx } from "../database.ts";
import { rows } from "../raw-rows.ts";
import { freebieItems, freebies } from "../schema-freebies.ts";
import { type FreebieArt, freebieImageFile, mediaUrl } from "./images.ts";

/**
 * The demo campaigns; `from` picks the free products of a leaf category, those whose name
 * matches `names` (a regular expression) first, then the cheapest.
 */
export const FREEBIES = [
  {
    key: "eid-gift",
    art: "Eid gift",
    title: "Eid gift: a free cap or bottle",
    description:
      "Celebrate Eid with us: every order of Rs. 5,000 or more gets a sports cap or a water bottle free.",
    minOrderValue: 5_000,
    firstOrderOnly: false,
    pickCount: 1,
    terms:
      "One free item per order, while stock lasts. The order subtotal, before vouchers and shipping, must be Rs. 5,000 or more. Not exchangeable for cash.",
    color: "Teal",
    shape: "cap",
    from: {
      leaf: "accessories-equipment-hardware-accessories",
      names: "Cap|Water Bottle",
      count: 3,
    },
  },
  {
    key: "first-order-bag",
    art: "First order",
    title: "First order? A free drawstring bag",
    description:
      "New to Maidan? Your first order comes with a light drawstring bag, whatever you buy.",
    minOrderValue: 0,
    firstOrderOnly: true,
    pickCount: 1,
    terms:
      "For a shopper's first order only (cancelled orders do not count). One bag per shopper. Sign in so we can check.",
    color: "Olive",
    shape: "bag",
    from: { leaf: "accessories-equipment-bags", names: "Drawstring", count: 2 },
  },
  {
    key: "cricket-season-bonus",
    art: "Cricket season",
    title: "Cricket season: two balls on us",
    description:
      "Kit up for the season: orders of Rs. 15,000 or more take two cricket or tape balls free.",
    minOrderValue: 15_000,
    firstOrderOnly: false,
    pickCount: 2,
    terms:
      "Two free items per order from the list below. The order subtotal, before vouchers and shipping, must be Rs. 15,000 or more. While stock lasts.",
    color: "Natural",
    shape: "ball",
    from: { leaf: "accessories-equipment-cricket", names: "Ball", count: 4 },
  },
] satisfies (FreebieArt & Record<string, unknown>)[];

/** The campaigns with the products they give away; a campaign with no products is skipped. */
export async function insertDemoFreebies(tx: Tx) {
  for (const [sort, f] of FREEBIES.entries()) {
    const products = await rows<{ id: string }>(
      tx,
      sql`select p.id from products p join categories c on c.id = p.category_id
        where c.slug = ${f.from.leaf} and p.active
        order by (p.name ~ ${f.from.names}) desc, p.price, p.slug limit ${f.from.count}`,
    );
    if (products.length === 0) continue;
    const [row] = await tx
      .insert(freebies)
      .values({
        slug: f.key,
        title: f.title,
        description: f.description,
        image: mediaUrl(freebieImageFile(f.key)),
        minOrderValue: f.minOrderValue,
        firstOrderOnly: f.firstOrderOnly,
        pickCount: f.pickCount,
        terms: f.terms,
        sort,
      })
      .returning({ id: freebies.id });
    if (!row) continue;
    await tx
      .insert(freebieItems)
      .values(products.map((p, i) => ({ freebieId: row.id, productId: p.id, sort: i })));
  }
}
