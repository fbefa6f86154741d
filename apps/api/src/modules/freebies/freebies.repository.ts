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

/** The variants a claim may pick of each offer: the named one, else the product's active ones. */
export const listOptions = (db: DbOrTx, freebieId: string) =>
  rows<{
    productId: string;
    offerVariantId: string | null;
    _id: string;
    size: string | null;
    color: string | null;
    inStock: boolean;
  }>(
    db,
    sql`select i.product_id as "productId", i.variant_id as "offerVariantId", v.id as "_id",
          v.size, v.color, v.stock > 0 as "inStock"
        from freebie_items i
        join variants v on v.product_id = i.product_id and v.active
          and (i.variant_id is null or v.id = i.variant_id)
        where i.freebie_id = ${freebieId}
        order by i.sort, v.sort, v.id`,
  );

/** Is this variant of this product offered by the campaign (the product and variant active)? */
export const isOffered = async (
  db: DbOrTx,
  freebieId: string,
  productId: string,
  variantId: string,
) =>
  (
    await rows<{ ok: number }>(
      db,
      sql`select 1 as ok ${offered} and i.freebie_id = ${freebieId} and i.product_id = ${productId}
          and exists (select 1 from variants w where w.id = ${variantId}
            and w.product_id = p.id and w.active)
          and (i.variant_id is null or i.variant_id = ${variantId})`,
    )
  ).length > 0;

export type ClaimRow = {
  _id: string;
  status: "claimed" | "ordered" | "cancelled";
  freebieId: string;
  slug: string;
  title: string;
  minOrderValue: number;
  firstOrderOnly: boolean;
  productId: string;
  productSlug: string;
  productName: string;
  img: string | null;
  variantId: string;
  size: string | null;
  color: string | null;
  orderId: string | null;
  orderNo: string | null;
  orderStatus: string | null;
  cancelReason: string | null;
  createdAt: Date | string;
  userId: string;
  userName: string;
  userPhone: string | null;
};

const claimColumns = sql`c.id as "_id", c.status, f.id as "freebieId", f.slug, f.title,
  f.min_order_value as "minOrderValue", f.first_order_only as "firstOrderOnly",
  p.id as "productId", p.slug as "productSlug", p.name as "productName",
  (select im.url from product_images im where im.product_id = p.id order by im.sort limit 1) as img,
  v.id as "variantId", v.size, v.color, o.id as "orderId", o.order_no as "orderNo",
  o.status as "orderStatus", c.cancel_reason as "cancelReason", c.created_at as "createdAt",
  u.id as "userId", trim(concat_ws(' ', u.first_name, u.last_name)) as "userName", u.phone as "userPhone"`;
const claimFrom = sql`from freebie_claims c
  join freebies f on f.id = c.freebie_id
  join products p on p.id = c.product_id
  join variants v on v.id = c.variant_id
  join users u on u.id = c.user_id
  left join orders o on o.id = c.order_id`;

/** A shopper's claims, newest first. */
export const listClaims = (db: DbOrTx, userId: string) =>
  rows<ClaimRow>(
    db,
    sql`select ${claimColumns} ${claimFrom} where c.user_id = ${userId}
      order by c.created_at desc, c.id limit 200`,
  );

/** One claim, the owner's only (null for anyone else's). */
export const findClaim = async (db: DbOrTx, userId: string, claimId: string) => {
  const [c] = await rows<ClaimRow>(
    db,
    sql`select ${claimColumns} ${claimFrom} where c.id = ${claimId} and c.user_id = ${userId}`,
  );
  return c ?? null;
};

/** Staff's list: the newest claims, optionally in one stored status. */
export const listAllClaims = (db: DbOrTx, status: string | null, limit: number) =>
  rows<ClaimRow>(
    db,
    sql`select ${claimColumns} ${claimFrom}
      where (${status}::text is null or c.status = ${status})
      order by c.created_at desc, c.id limit ${limit}`,
  );

/** The shopper's live claim of a campaign, if any. */
export const liveClaim = async (db: DbOrTx, freebieId: string, userId: string) => {
  const [c] = await rows<{ _id: string; status: string }>(
    db,
    sql`select id as "_id", status from freebie_claims
      where freebie_id = ${freebieId} and user_id = ${userId} and status <> 'cancelled'`,
  );
  return c ?? null;
};

/** Inserts a claim; null when the shopper already holds a live one (the unique index). */
export const insertClaim = async (
  tx: DbOrTx,
  c: { freebieId: string; userId: string; productId: string; variantId: string },
) => {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`insert into freebie_claims (freebie_id, user_id, product_id, variant_id)
      values (${c.freebieId}, ${c.userId}, ${c.productId}, ${c.variantId})
      on conflict (freebie_id, user_id) where status <> 'cancelled' do nothing returning id`,
  );
  return row?.id ?? null;
};

/** The shopper's open claims with their terms, locked for the checkout placing them. */
export const lockOpenClaims = (tx: DbOrTx, userId: string) =>
  rows<{
    id: string;
    minOrderValue: number;
    firstOrderOnly: boolean;
    productId: string;
    vendorId: string;
    name: string;
    slug: string;
    img: string | null;
    variantId: string;
    sku: string | null;
    size: string | null;
    color: string | null;
    mrp: number;
  }>(
    tx,
    sql`select c.id, f.min_order_value as "minOrderValue", f.first_order_only as "firstOrderOnly",
        p.id as "productId", p.vendor_id as "vendorId", p.name, p.slug,
        (select im.url from product_images im where im.product_id = p.id
          order by im.sort limit 1) as img,
        v.id as "variantId", v.sku, v.size, v.color, coalesce(v.mrp, v.price, p.price) as mrp
      from freebie_claims c join freebies f on f.id = c.freebie_id
        join products p on p.id = c.product_id join variants v on v.id = c.variant_id
      where c.user_id = ${userId} and c.status = 'claimed'
      order by c.id for update of c`,
  );

/** A claim locked for a change of status (the owner's only). */
export const lockClaim = async (tx: DbOrTx, userId: string, claimId: string) => {
  const [c] = await rows<{
    id: string;
    status: string;
    productId: string;
    variantId: string;
    orderId: string | null;
  }>(
    tx,
    sql`select id, status, product_id as "productId", variant_id as "variantId",
        order_id as "orderId"
      from freebie_claims where id = ${claimId} and user_id = ${userId} for update`,
  );
  return c ?? null;
};

export const setOrdered = (tx: DbOrTx, claimId: string, orderId: string) =>
  tx.execute(sql`update freebie_claims set status = 'ordered', order_id = ${orderId},
    updated_at = now() where id = ${claimId} and status = 'claimed'`);

export const setCancelled = (tx: DbOrTx, claimId: string, reason: string) =>
  tx.execute(sql`update freebie_claims set status = 'cancelled', cancel_reason = ${reason},
    updated_at = now() where id = ${claimId} and status <> 'cancelled'`);

/** Claims still waiting for an order after `days` days, oldest first (the expiry sweep). */
export const staleClaims = (db: DbOrTx, days: number, limit: number) =>
  rows<{ id: string; userId: string; productId: string; productName: string; productSlug: string }>(
    db,
    sql`select c.id, c.user_id as "userId", c.product_id as "productId",
          p.name as "productName", p.slug as "productSlug"
        from freebie_claims c join products p on p.id = c.product_id
        where c.status = 'claimed' and c.created_at < now() - make_interval(days => ${days}::int)
        order by c.created_at limit ${limit}`,
  );

/** The claims an order carried, cancelled with it (its cancellation gives their units back). */
export const cancelClaimsOfOrder = (tx: DbOrTx, orderId: string, reason: string) =>
  tx.execute(sql`update freebie_claims set status = 'cancelled', cancel_reason = ${reason},
    updated_at = now() where order_id = ${orderId} and status = 'ordered'`);

/** Has the shopper an order that was not cancelled (a first-order campaign's test)? */
export const hasOrdered = async (tx: DbOrTx, userId: string) =>
  (
    await rows<{ ok: number }>(
      tx,
      sql`select 1 as ok from orders where user_id = ${userId} and status <> 'cancelled' limit 1`,
    )
  ).length > 0;
