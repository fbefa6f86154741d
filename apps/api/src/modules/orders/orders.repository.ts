import type { OrderStatus } from "@maidan/contracts/orders";
import type { DbOrTx } from "@maidan/db/database";
import { hotRow } from "@maidan/db/prepared";
import { first, rows } from "@maidan/db/raw-rows";
import type { OrderAddress } from "@maidan/db/schema-orders";
import { sql } from "drizzle-orm";

/** Whose orders: the user's, else the guest's (never a user's order through a guest id). */
export const ownerWhere = (userId: string | null, guestId: string | null) =>
  userId ? sql`o.user_id = ${userId}` : sql`o.guest_id = ${guestId} and o.user_id is null`;

export type NewOrder = {
  checkoutId: string;
  userId: string | null;
  guestId: string | null;
  vendorId: string;
  status: OrderStatus;
  paymentMethod: string;
  qty: number;
  subtotal: number;
  oldSubtotal: number;
  discount: number;
  /** The automatic promotion's part of `discount`, and its name. */
  promotionDiscount?: number;
  promotion?: string | null;
  shipping: number;
  tax: number;
  /** Paid from the wallet (refunded to it on cancellation). */
  walletUsed?: number;
  total: number;
  shippingMethodId: string | null;
  shippingMethodName: string;
  address: OrderAddress;
  confirmCodeHash: string | null;
  confirmBy: Date | null;
  /** The pricing terms of a checkout of several orders (checkout-terms.ts). */
  pricing?: unknown;
};

/** An item as insertOrder's recordset reads it (column names). */
const itemRecord = (i: NewItem) => ({
  product_id: i.productId,
  variant_id: i.variantId,
  name: i.name,
  slug: i.slug,
  sku: i.sku,
  size: i.size,
  color: i.color,
  img: i.img,
  price: i.price,
  mrp: i.mrp,
  qty: i.qty,
  tax: i.tax,
  gift: i.gift ?? false,
});

/**
 * An order with its items and its first status events, in one statement. The events are
 * stamped in list order (clock_timestamp, not now(), which is one instant per transaction).
 */
export const insertOrder = (
  tx: DbOrTx,
  o: NewOrder,
  items: NewItem[],
  events: { status: OrderStatus; note: string | null }[],
) =>
  hotRow<{ id: string; order_no: string }>(
    tx,
    "checkout_insert_order",
    sql`with o as (
      insert into orders (checkout_id, user_id, guest_id, vendor_id, status, payment_method, qty,
        subtotal, old_subtotal, discount, promotion_discount, promotion, shipping, tax, wallet_used,
        total, shipping_method_id, shipping_method_name, address, confirm_code_hash, confirm_by,
        pricing)
      values (${o.checkoutId}, ${o.userId}, ${o.guestId}, ${o.vendorId}, ${o.status},
        ${o.paymentMethod}, ${o.qty}, ${o.subtotal}, ${o.oldSubtotal}, ${o.discount},
        ${o.promotionDiscount ?? 0}, ${o.promotion ?? null}, ${o.shipping}, ${o.tax},
        ${o.walletUsed ?? 0}, ${o.total}, ${o.shippingMethodId}, ${o.shippingMethodName},
        ${JSON.stringify(o.address)}::jsonb, ${o.confirmCodeHash}, ${o.confirmBy},
        ${o.pricing ? JSON.stringify(o.pricing) : null}::jsonb)
      returning id, order_no
    ), lines as (
      insert into order_items (order_id, product_id, variant_id, name, slug, sku, size, color,
        img, price, mrp, qty, tax, total, gift)
      select o.id, i.product_id, i.variant_id, i.name, i.slug, i.sku, i.size, i.color, i.img,
        i.price, i.mrp, i.qty, i.tax, i.price * i.qty, i.gift
      from o, jsonb_to_recordset(${JSON.stringify(items.map(itemRecord))}::jsonb)
        as i(product_id uuid, variant_id uuid, name text, slug text, sku text, size text,
          color text, img text, price int, mrp int, qty int, tax int, gift boolean)
    ), events as (
      insert into order_events (order_id, status, note, created_at)
      select o.id, e.status, e.note, clock_timestamp()
      from o, rows from (jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as (status text, note text))
        with ordinality as e(status, note, n)
      order by e.n
    )
    select id, order_no from o`,
  ).then((r) => {
    if (!r) throw new Error("orders: insert returned nothing");
    return r;
  });

export type NewItem = {
  productId: string;
  variantId: string;
  name: string;
  slug: string;
  sku: string;
  size: string | null;
  color: string | null;
  img: string | null;
  price: number;
  mrp: number;
  qty: number;
  tax: number;
  /** A promotion's free gift (price 0). */
  gift?: boolean;
};

export const insertEvent = (
  tx: DbOrTx,
  orderId: string,
  status: OrderStatus,
  note: string | null,
) =>
  tx.execute(
    // clock_timestamp(): events of one transaction keep their order (now() is one instant).
    sql`insert into order_events (order_id, status, note, created_at) values (${orderId}, ${status}, ${note}, clock_timestamp())`,
  );

export type OrderRow = {
  id: string;
  order_no: string;
  checkout_id: string;
  user_id: string | null;
  guest_id: string | null;
  vendor_id: string;
  vendor_name: string;
  status: OrderStatus;
  payment_method: string;
  payment_status: string;
  currency: string;
  qty: number;
  subtotal: number;
  old_subtotal: number;
  discount: number;
  promotion_discount: number;
  promotion: string | null;
  shipping: number;
  tax: number;
  wallet_used: number;
  total: number;
  shipping_method_name: string;
  address: OrderAddress;
  confirm_code_hash: string | null;
  confirm_attempts: number;
  confirm_by: Date | null;
  cancel_reason: string | null;
  pricing: unknown;
  kept_back: number;
  created_at: Date;
  item_count: number;
  first_name: string | null;
  first_img: string | null;
};

const orderSelect = sql`select o.*, ve.name as vendor_name,
    (select count(*)::int from order_items i where i.order_id = o.id) as item_count,
    (select name from order_items i where i.order_id = o.id order by i.id limit 1) as first_name,
    (select img from order_items i where i.order_id = o.id order by i.id limit 1) as first_img
  from orders o join vendors ve on ve.id = o.vendor_id`;

export const listOrders = (db: DbOrTx, userId: string, limit: number) =>
  rows<OrderRow>(
    db,
    sql`${orderSelect} where o.user_id = ${userId} order by o.created_at desc, o.order_no desc limit ${limit}`,
  );

/** Which of these users have an order that was not cancelled. */
export const usersWithOrders = (db: DbOrTx, userIds: string[]) =>
  rows<{ user_id: string }>(
    db,
    sql`select distinct user_id from orders where status <> 'cancelled'
        and user_id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );

export const findOrder = (db: DbOrTx, userId: string | null, guestId: string | null, id: string) =>
  first<OrderRow>(db, sql`${orderSelect} where o.id = ${id} and ${ownerWhere(userId, guestId)}`);

export const checkoutOrders = (db: DbOrTx, checkoutId: string, forUpdate = false) =>
  rows<OrderRow>(
    db,
    sql`${orderSelect} where o.checkout_id = ${checkoutId} order by o.order_no ${forUpdate ? sql`for update of o` : sql``}`,
  );

export const ownedByStatus = (
  db: DbOrTx,
  userId: string | null,
  guestId: string | null,
  status: OrderStatus,
) =>
  rows<OrderRow>(
    db,
    sql`${orderSelect} where ${ownerWhere(userId, guestId)} and o.status = ${status} order by o.created_at desc limit 20`,
  );

export type ItemRow = {
  id: string;
  product_id: string | null;
  variant_id: string | null;
  name: string;
  slug: string;
  sku: string;
  size: string | null;
  color: string | null;
  img: string | null;
  price: number;
  mrp: number;
  qty: number;
  tax: number;
  total: number;
  gift: boolean;
};
/** The items of several orders, each with its order id. */
export const itemsOfOrders = (db: DbOrTx, orderIds: string[]) =>
  rows<ItemRow & { order_id: string }>(
    db,
    sql`select * from order_items where order_id = any(${`{${orderIds.join(",")}}`}::uuid[])
      order by order_id, id`,
  );

/** An order's amounts after re-pricing (a gift line taken off lowers its unit count). */
export const setAmounts = (
  tx: DbOrTx,
  id: string,
  a: {
    discount: number;
    promotionDiscount: number;
    promotion: string | null;
    shipping: number;
    total: number;
    qtyLess: number;
  },
) =>
  tx.execute(sql`update orders set discount = ${a.discount},
    promotion_discount = ${a.promotionDiscount}, promotion = ${a.promotion},
    shipping = ${a.shipping}, total = ${a.total}, qty = qty - ${a.qtyLess}, updated_at = now()
    where id = ${id}`);

export const deleteItem = (tx: DbOrTx, itemId: string) =>
  tx.execute(sql`delete from order_items where id = ${itemId}`);

export const setKeptBack = (tx: DbOrTx, id: string, amount: number) =>
  tx.execute(sql`update orders set kept_back = ${amount} where id = ${id}`);

export const orderItemsOf = (db: DbOrTx, orderId: string) =>
  rows<ItemRow>(db, sql`select * from order_items where order_id = ${orderId} order by id`);

export const eventsOf = (db: DbOrTx, orderId: string) =>
  rows<{ status: OrderStatus; note: string | null; created_at: Date }>(
    db,
    sql`select status, note, created_at from order_events where order_id = ${orderId} order by created_at, id`,
  );

/** Moves an order from one of `from` to `to`; false when it was no longer in one of them. */
/** What else a status change writes on the order. */
export type TransitionPatch = {
  cancelReason?: string;
  /** The COD confirmation code stops working. */
  clearCode?: boolean;
  /** The order no longer waits for anything (a payment's hold, a code). */
  clearDeadline?: boolean;
  paymentMethod?: string;
  paymentStatus?: "pending" | "paid";
};

const patchSql = (p: TransitionPatch) =>
  sql.join(
    [
      p.cancelReason !== undefined ? sql`, cancel_reason = ${p.cancelReason}` : undefined,
      p.clearCode ? sql`, confirm_code_hash = null` : undefined,
      p.clearDeadline ? sql`, confirm_by = null` : undefined,
      p.paymentMethod !== undefined ? sql`, payment_method = ${p.paymentMethod}` : undefined,
      p.paymentStatus !== undefined ? sql`, payment_status = ${p.paymentStatus}` : undefined,
    ].filter((part) => part !== undefined),
  );

export async function transition(
  tx: DbOrTx,
  id: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  patch: TransitionPatch = {},
) {
  const r =
    await tx.execute(sql`update orders set status = ${to}, updated_at = now() ${patchSql(patch)}
    where id = ${id} and status in (${sql.join(
      from.map((s) => sql`${s}`),
      sql`, `,
    )})`);
  return r.rowCount === 1;
}

/**
 * A new confirmation code (its hash) for a checkout's COD orders: the tries start over and the
 * deadline moves `minutes` on.
 */
export const setConfirmCode = (tx: DbOrTx, checkoutId: string, hash: string, minutes: number) =>
  tx.execute(sql`update orders set confirm_code_hash = ${hash}, confirm_attempts = 0,
      confirm_by = now() + make_interval(mins => ${minutes})
    where checkout_id = ${checkoutId} and status = 'pending_confirmation'`);

/**
 * Counts one try at a checkout's confirmation code if fewer than `max` were made, and answers
 * the code's hash to compare; null when no try is left (or nothing waits for a code). The rows
 * are locked by the update, so concurrent tries are counted one after another.
 */
export const takeConfirmAttempt = (tx: DbOrTx, checkoutId: string, max: number) =>
  rows<{ confirm_code_hash: string | null }>(
    tx,
    sql`update orders set confirm_attempts = confirm_attempts + 1
      where checkout_id = ${checkoutId} and status = 'pending_confirmation'
        and confirm_code_hash is not null and confirm_attempts < ${max}
      returning confirm_code_hash`,
  ).then((r) => r[0]?.confirm_code_hash ?? null);

/** Checkouts with an unconfirmed COD order past its deadline, longest overdue first. */
export const expiredUnconfirmed = (db: DbOrTx, now: Date, limit: number) =>
  rows<{ checkout_id: string }>(
    db,
    sql`select checkout_id from orders where status = 'pending_confirmation' and confirm_by < ${now}
      group by checkout_id order by min(confirm_by) limit ${limit}`,
  ).then((r) => r.map((x) => x.checkout_id));

/** Checkouts with an online order whose stock hold (confirm_by) ended unpaid. */
export const expiredHolds = (db: DbOrTx, now: Date, limit: number) =>
  rows<{ checkout_id: string }>(
    db,
    sql`select distinct checkout_id from orders where status = 'awaiting_payment'
      and confirm_by < ${now} limit ${limit}`,
  ).then((r) => r.map((x) => x.checkout_id));

/** A retry through another gateway: the waiting orders now say which method they wait for. */
export const setAwaitingMethod = (tx: DbOrTx, checkoutId: string, method: string) =>
  tx.execute(sql`update orders set payment_method = ${method}, updated_at = now()
    where checkout_id = ${checkoutId} and status = 'awaiting_payment'`);

/** Who paid what from a wallet for an order (for the refund when it is cancelled). */
export const walletPartOf = (tx: DbOrTx, orderId: string) =>
  first<{ user_id: string | null; wallet_used: number; order_no: string }>(
    tx,
    sql`select user_id, wallet_used, order_no from orders where id = ${orderId}`,
  );

/** An order's money as its cancel sees it (after the cancel moved it, in the same transaction). */
export const moneyOf = (tx: DbOrTx, orderId: string) =>
  first<{
    order_no: string;
    checkout_id: string;
    user_id: string | null;
    guest_id: string | null;
    payment_method: string;
    payment_status: string;
    total: number;
    kept_back: number;
  }>(
    tx,
    sql`select order_no, checkout_id, user_id, guest_id, payment_method, payment_status, total,
      kept_back from orders where id = ${orderId}`,
  );

export const setPaymentStatus = (
  tx: DbOrTx,
  orderId: string,
  status: "paid" | "refund_due" | "refunded",
) =>
  tx.execute(
    sql`update orders set payment_status = ${status}, updated_at = now() where id = ${orderId}`,
  );

export const checkoutOf = (tx: DbOrTx, orderId: string) =>
  first<{ checkout_id: string }>(
    tx,
    sql`select checkout_id from orders where id = ${orderId}`,
  ).then((r) => r?.checkout_id ?? null);
