import type {
  DisputeReason,
  DisputeResolution,
  DisputeStatus,
  DisputeWanted,
} from "@maidan/contracts/disputes";
import type { DbOrTx } from "@maidan/db/database";
import { first, rows } from "@maidan/db/raw-rows";
import { disputeMessages, disputePhotos, disputes } from "@maidan/db/schema-disputes";
import { type SQL, sql } from "drizzle-orm";

/** A dispute with its order number, line and shopper, as every read answers it. */
export type DisputeRow = {
  id: string;
  order_id: string;
  order_no: string;
  order_status: string;
  order_item_id: string;
  user_id: string;
  reason: DisputeReason;
  description: string;
  wanted: DisputeWanted;
  status: DisputeStatus;
  resolution: DisputeResolution | null;
  resolution_note: string | null;
  amount: number | null;
  refund_id: string | null;
  replacement_order_id: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  item_name: string;
  item_size: string | null;
  item_color: string | null;
  item_img: string | null;
  item_qty: number;
  item_total: number;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
};

const select = sql`select d.id, d.order_id, o.order_no, o.status as order_status, d.order_item_id,
    d.user_id, d.reason, d.description, d.wanted, d.status, d.resolution, d.resolution_note,
    d.amount, d.refund_id, d.replacement_order_id, d.created_at, d.updated_at,
    i.name as item_name, i.size as item_size, i.color as item_color, i.img as item_img,
    i.qty as item_qty, i.total as item_total,
    nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as customer_name,
    u.email as customer_email, u.phone as customer_phone
  from disputes d
  join orders o on o.id = d.order_id
  join order_items i on i.id = d.order_item_id
  join users u on u.id = d.user_id`;

/** One dispute; with `userId`, only if it is that shopper's; `forUpdate` locks its row. */
export const findDispute = (db: DbOrTx, id: string, userId?: string, forUpdate = false) =>
  first<DisputeRow>(
    db,
    sql`${select} where d.id = ${id} ${userId ? sql`and d.user_id = ${userId}` : sql``}
      ${forUpdate ? sql`for update of d` : sql``}`,
  );

/** A shopper's disputes, newest first. */
export const disputesOfUser = (db: DbOrTx, userId: string, limit = 200) =>
  rows<DisputeRow>(
    db,
    sql`${select} where d.user_id = ${userId} order by d.created_at desc, d.id limit ${limit}`,
  );

const statusWhere = (status?: DisputeStatus): SQL =>
  status ? sql`d.status = ${status}` : sql`true`;

/** The staff queue: by status or all, the longest untouched first among open ones. */
export const listDisputes = (
  db: DbOrTx,
  f: { status?: DisputeStatus },
  limit: number,
  offset: number,
) =>
  rows<DisputeRow>(
    db,
    sql`${select} where ${statusWhere(f.status)}
      order by (d.status in ('open', 'awaiting_shopper')) desc, d.updated_at desc, d.id
      limit ${limit} offset ${offset}`,
  );

export const countDisputes = async (db: DbOrTx, f: { status?: DisputeStatus }) =>
  Number(
    (
      await first<{ n: number }>(
        db,
        sql`select count(*)::int as n from disputes d where ${statusWhere(f.status)}`,
      )
    )?.n ?? 0,
  );

/** The open disputes (open or awaiting the shopper) of an order's lines, by item id. */
export const openOfOrder = (db: DbOrTx, orderId: string) =>
  rows<{ id: string; order_item_id: string }>(
    db,
    sql`select id, order_item_id from disputes
      where order_id = ${orderId} and status in ('open', 'awaiting_shopper')`,
  );

/** When the order was delivered (its last `delivered` timeline row), or null. */
export const deliveredAt = async (db: DbOrTx, orderId: string) => {
  const r = await first<{ at: string | Date | null }>(
    db,
    sql`select max(created_at) as at from order_events where order_id = ${orderId} and status = 'delivered'`,
  );
  return r?.at ? new Date(r.at) : null;
};

export type NewDispute = {
  orderId: string;
  orderItemId: string;
  userId: string;
  reason: DisputeReason;
  description: string;
  wanted: DisputeWanted;
};

/** Null when the line has an open dispute already (the unique partial index said no). */
export async function insertDispute(tx: DbOrTx, d: NewDispute) {
  const inserted = await tx
    .insert(disputes)
    .values(d)
    .onConflictDoNothing({
      target: disputes.orderItemId,
      where: sql`status in ('open', 'awaiting_shopper')`,
    })
    .returning({ id: disputes.id });
  return inserted[0]?.id ?? null;
}

export const insertPhotos = async (tx: DbOrTx, disputeId: string, keys: string[]) => {
  if (keys.length > 0)
    await tx.insert(disputePhotos).values(keys.map((key) => ({ disputeId, key })));
};

export const photosOf = (db: DbOrTx, disputeId: string) =>
  rows<{ key: string }>(
    db,
    sql`select key from dispute_photos where dispute_id = ${disputeId} order by created_at, id`,
  );

export const insertMessage = (
  tx: DbOrTx,
  m: { disputeId: string; authorId: string; author: "shopper" | "staff"; text: string },
) => tx.insert(disputeMessages).values(m);

export type MessageRow = {
  id: string;
  author: "shopper" | "staff";
  text: string;
  created_at: string | Date;
  author_name: string | null;
};

export const messagesOf = (db: DbOrTx, disputeId: string) =>
  rows<MessageRow>(
    db,
    sql`select m.id, m.author, m.text, m.created_at,
        nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as author_name
      from dispute_messages m left join users u on u.id = m.author_id
      where m.dispute_id = ${disputeId}
      order by m.created_at, m.id`,
  );

/** Moves the dispute to `status` (from an open state); false when it was closed meanwhile. */
export const setStatus = async (tx: DbOrTx, id: string, status: "open" | "awaiting_shopper") =>
  (
    await tx.execute(
      sql`update disputes set status = ${status}, updated_at = now()
        where id = ${id} and status in ('open', 'awaiting_shopper')`,
    )
  ).rowCount === 1;

/** Closes an open dispute; false when it was closed already. */
export const close = async (
  tx: DbOrTx,
  id: string,
  c: {
    status: "resolved" | "rejected";
    resolution: DisputeResolution;
    note: string;
    amount: number | null;
    refundId: string | null;
    replacementOrderId: string | null;
    staffId: string;
  },
) =>
  (
    await tx.execute(
      sql`update disputes set status = ${c.status}, resolution = ${c.resolution},
          resolution_note = ${c.note}, amount = ${c.amount}, refund_id = ${c.refundId},
          replacement_order_id = ${c.replacementOrderId}, resolved_by = ${c.staffId},
          updated_at = now()
        where id = ${id} and status in ('open', 'awaiting_shopper')`,
    )
  ).rowCount === 1;
