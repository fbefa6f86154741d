import type { DisputeDetail, DisputeSummary } from "@maidan/contracts/disputes";
import type { DbOrTx } from "@maidan/db/database";
import { photoUrl } from "../disputes/dispute-photos.ts";
import type { DisputeRow } from "../disputes/dispute-records.service.ts";
import * as records from "../disputes/dispute-records.service.ts";

/** The answers' shapes of a dispute, for the shopper and for staff (decision 052). */

const iso = (d: Date | string) => new Date(d).toISOString();

export const summaryOf = (r: DisputeRow): DisputeSummary => ({
  _id: r.id,
  orderId: r.order_id,
  orderNo: r.order_no,
  item: {
    itemId: r.order_item_id,
    name: r.item_name,
    size: r.item_size,
    color: r.item_color,
    img: r.item_img,
    qty: r.item_qty,
    total: r.item_total,
  },
  reason: r.reason,
  wanted: r.wanted,
  status: r.status,
  resolution: r.resolution,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export const customerName = (r: Pick<DisputeRow, "customer_name">) => r.customer_name ?? "Shopper";

/** The thread with its photos; staff's messages signed by the shop. */
export async function detailOf(db: DbOrTx, r: DisputeRow): Promise<DisputeDetail> {
  const [photos, messages] = await Promise.all([
    records.photosOf(db, r.id),
    records.messagesOf(db, r.id),
  ]);
  return {
    ...summaryOf(r),
    description: r.description,
    resolutionNote: r.resolution_note,
    amount: r.amount,
    replacementOrderId: r.replacement_order_id,
    photos: photos.map((p) => photoUrl(p.key)),
    messages: messages.map((m) => ({
      _id: m.id,
      from: m.author,
      author: m.author === "staff" ? "Maidan support" : (m.author_name ?? customerName(r)),
      text: m.text,
      at: iso(m.created_at),
    })),
  };
}
