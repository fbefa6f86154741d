import {
  type DisputableOrder,
  type DisputeDetail,
  type DisputePhotoUpload,
  type DisputesService,
  disputeMessageBody,
  disputeMessages,
  openDisputeFields,
} from "@maidan/contracts/disputes";
import type { Db } from "@maidan/db/database";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { Kv } from "../../lib/kv.ts";
import { parseInput } from "../../lib/parse.ts";
import { limit } from "../auth/rate-limit.ts";
import { disputePhotoFiles, preparePhotos } from "../disputes/dispute-photos.ts";
import * as records from "../disputes/dispute-records.service.ts";
import type { Events } from "../events/events.ts";
import type { MediaStorage } from "../media/media-storage.ts";
import * as orderService from "../orders/order-records.service.ts";
import { detailOf, summaryOf } from "./dispute-view.ts";

/*
 * The shopper's side of disputes (issue #16, decision 052): open one on a line of their own
 * delivered order within the return window, with photos; list them; read and answer the thread.
 * Someone else's order or dispute is 404; nothing is written for a refused request.
 */

export type DisputesDeps = {
  db: Db;
  media: MediaStorage;
  kv: Kv;
  events?: Events;
  /** Days after delivery a line may be disputed (DISPUTE_WINDOW_DAYS). */
  windowDays: number;
  now?: () => Date;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;
/** Messages a shopper may send per hour, over all their disputes; and disputes opened per day. */
export const MESSAGES_PER_HOUR = 20;
export const DISPUTES_PER_DAY = 10;

const noOrder = () => notFound("Order not found");
const noDispute = () => notFound("Dispute not found");

export function createDisputes(deps: DisputesDeps): DisputesService {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const files = disputePhotoFiles(deps.media);

  /** The shopper's order and why it may not be disputed now (null: it may). */
  async function ownOrder(userId: string, orderId: string) {
    if (!UUID.test(orderId)) throw noOrder();
    const o = await orderService.findOrder(db, userId, null, orderId);
    if (!o) throw noOrder();
    const delivered = o.status === "delivered" ? await records.deliveredAt(db, o.id) : null;
    const until = delivered ? new Date(delivered.getTime() + deps.windowDays * DAY_MS) : null;
    const refusal = !until
      ? disputeMessages.notDelivered
      : now() > until
        ? disputeMessages.outsideWindow(deps.windowDays)
        : null;
    return { o, until, refusal };
  }

  async function mine(userId: string, id: string) {
    if (!UUID.test(id)) throw noDispute();
    const r = await records.findDispute(db, id, userId);
    if (!r) throw noDispute();
    return r;
  }

  return {
    async listMine(userId) {
      return (await records.disputesOfUser(db, userId)).map(summaryOf);
    },

    async disputable(userId, orderId): Promise<DisputableOrder> {
      const { o, until, refusal } = await ownOrder(userId, orderId);
      const [items, open] = await Promise.all([
        orderService.orderItemsOf(db, o.id),
        records.openOfOrder(db, o.id),
      ]);
      return {
        orderId: o.id,
        orderNo: o.order_no,
        refusal,
        until: until?.toISOString() ?? null,
        lines: items.map((i) => ({
          itemId: i.id,
          name: i.name,
          size: i.size,
          color: i.color,
          img: i.img,
          qty: i.qty,
          total: i.total,
          openDisputeId: open.find((d) => d.order_item_id === i.id)?.id ?? null,
        })),
      };
    },

    async open(userId, input, photos: DisputePhotoUpload[]): Promise<DisputeDetail> {
      const body = parseInput(openDisputeFields, input);
      const { o, refusal } = await ownOrder(userId, body.orderId);
      if (refusal) throw conflict(refusal);
      const items = await orderService.orderItemsOf(db, o.id);
      if (!items.some((i) => i.id === body.itemId)) throw badRequest(disputeMessages.unknownLine);
      const open = await records.openOfOrder(db, o.id);
      if (open.some((d) => d.order_item_id === body.itemId))
        throw conflict(disputeMessages.alreadyOpen);
      const prepared = await preparePhotos(photos);
      await limit(
        deps.kv,
        `dispute-open:${userId}`,
        DISPUTES_PER_DAY,
        86_400,
        disputeMessages.tooManyDisputes,
      );
      const keys = await files.save(userId, prepared);
      let id: string | null = null;
      try {
        id = await db.transaction(async (tx) => {
          const created = await records.insertDispute(tx, {
            orderId: o.id,
            orderItemId: body.itemId,
            userId,
            reason: body.reason,
            description: body.description,
            wanted: body.wanted,
          });
          // Another request opened one on this line first (the unique partial index).
          if (!created) throw conflict(disputeMessages.alreadyOpen);
          await records.insertPhotos(tx, created, keys);
          await deps.events?.emit(tx, "dispute.opened", created, {
            userId,
            disputeId: created,
            orderId: o.id,
            orderNo: o.order_no,
          });
          return created;
        });
      } finally {
        if (!id) await files.remove(keys);
      }
      return detailOf(db, await mine(userId, id));
    },

    async get(userId, id) {
      return detailOf(db, await mine(userId, id));
    },

    async reply(userId, id, input) {
      const { text } = parseInput(disputeMessageBody, input);
      const first = await mine(userId, id);
      if (first.status === "resolved" || first.status === "rejected")
        throw conflict(disputeMessages.closed);
      await limit(
        deps.kv,
        `dispute-msg:${userId}`,
        MESSAGES_PER_HOUR,
        3600,
        disputeMessages.tooManyMessages,
      );
      await db.transaction(async (tx) => {
        const r = await records.findDispute(tx, id, userId, true);
        if (!r) throw noDispute();
        if (r.status === "resolved" || r.status === "rejected")
          throw conflict(disputeMessages.closed);
        await records.insertMessage(tx, {
          disputeId: id,
          authorId: userId,
          author: "shopper",
          text,
        });
        // The shopper answered: the dispute is back with staff.
        await records.setStatus(tx, id, "open");
      });
      return detailOf(db, await mine(userId, id));
    },
  };
}
