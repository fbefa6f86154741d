import type { DbOrTx } from "@maidan/db/database";
import { rows } from "@maidan/db/raw-rows";
import { sql } from "drizzle-orm";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Live: switched on and inside its window (starts_at inclusive, ends_at exclusive). */
const live = sql`f.active and (f.starts_at is null or f.starts_at <= now())
  and (f.ends_at is null or f.ends_at > now())`;

export type FreebieRow = {
  _id: string;
  slug: string;
  title: string;
  description: string;
  image: string | null;
  minOrderValue: number;
  firstOrderOnly: boolean;
  pickCount: number;
  terms: string;
  startsAt: Date | string | null;
  endsAt: Date | string | null;
  productCount: number;
};

/** An offer counts while its product (and its variant, when it names one) is active. */
const offered = sql`from freebie_items i
  join products p on p.id = i.product_id and p.active
  left join variants v on v.id = i.variant_id
  where (i.variant_id is null or v.active)`;

const columns = sql`f.id as "_id", f.slug, f.title, f.description, f.image,
  f.min_order_value as "minOrderValue", f.first_order_only as "firstOrderOnly",
  f.pick_count as "pickCount", f.terms, f.starts_at as "startsAt", f.ends_at as "endsAt",
  (select count(*)::int ${offered} and i.freebie_id = f.id) as "productCount"`;

/** The live campaigns; a handful at a time, so a plain scan is fine. */
export const listLive = (db: DbOrTx) =>
  rows<FreebieRow>(
    db,
    sql`select ${columns} from freebies f where ${live} order by f.sort, f.created_at, f.id`,
  );

export const findLive = async (db: DbOrTx, idOrSlug: string) => {
  const key = UUID.test(idOrSlug) ? sql`f.id = ${idOrSlug}::uuid` : sql`f.slug = ${idOrSlug}`;
  const [f] = await rows<FreebieRow>(
    db,
    sql`select ${columns} from freebies f where ${key} and ${live}`,
  );
  return f ?? null;
};

export type FreebieProductRow = {
  _id: string;
  slug: string;
  name: string;
  img: string | null;
  price: number;
  brand: string | null;
  inStock: boolean;
  variantId: string | null;
  size: string | null;
  color: string | null;
};

/** The campaign's offered products; a named variant's own stock says whether it is in stock. */
export const listProducts = (db: DbOrTx, freebieId: string) =>
  rows<FreebieProductRow>(
    db,
    sql`select p.id as "_id", p.slug, p.name,
          (select im.url from product_images im where im.product_id = p.id
            order by im.sort limit 1) as img,
          coalesce(v.price, p.price) as price,
          (select b.name from brands b where b.id = p.brand_id) as brand,
          case when v.id is null then p.in_stock else v.stock > 0 end as "inStock",
          v.id as "variantId", v.size, v.color
        ${offered} and i.freebie_id = ${freebieId}
        order by i.sort, p.name`,
  );
