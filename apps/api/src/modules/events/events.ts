import type { DbOrTx } from "@maidan/db/database";
import type { Jobs } from "../jobs/jobs.ts";
import * as repo from "./events.repository.ts";

/**
 * What happens in the shop that other parts react to (decision 035). The back-office's names
 * (shipped, delivered, refunded) are here for it to emit.
 */
export const EVENT_NAMES = [
  "order.placed",
  "order.confirmed",
  "order.packed",
  "order.cancelled",
  "order.shipped",
  "order.delivered",
  "order.refunded",
  "order.return_requested",
  "order.returned",
  "payment.paid",
  "payment.failed",
  // Shopper features (issue #16/#17). Every payload below carries `userId`, the shopper to tell,
  // and the facts a notification names and links to:
  // review.published {userId, reviewId, productId, productSlug, productName}
  // dispute.opened {userId, disputeId, orderId, orderNumber}
  // dispute.message {userId, disputeId, orderId, orderNumber, from: "staff" | "shopper"}
  // dispute.resolved {userId, disputeId, orderId, orderNumber, resolution, amount?}
  // wishlist.price_dropped {userId, productId, productSlug, productName, oldPrice, newPrice}
  // wishlist.back_in_stock {userId, productId, productSlug, productName}
  // vendor_application.decided {userId | null, applicationId, approved, reason?}
  // lucky_draw.won {userId, drawId, title, amount, place}
  // referral.rewarded {userId (the referrer), referralId, friend ("Ali K."), amount, orderNo}
  // freebie.expired {userId, claimId, productName, productSlug, days}
  "review.published",
  "dispute.opened",
  "dispute.message",
  "dispute.resolved",
  "wishlist.price_dropped",
  "wishlist.back_in_stock",
  "vendor_application.decided",
  "lucky_draw.won",
  "referral.rewarded",
  "freebie.expired",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** An event as its consumers get it. Payloads hold facts, never secrets (codes, tokens). */
export type DomainEvent = {
  id: string;
  name: EventName;
  /** The checkout, order or payment attempt the event is about. */
  subjectId: string | null;
  payload: Record<string, unknown>;
  /**
   * When it happened (ISO), which is not when a consumer runs: a retried or queued job runs
   * later. Absent from jobs queued before it was added.
   */
  at?: string;
};

export type Events = {
  /** Records the event in the caller's transaction, with one job per consumer of its name. */
  emit(
    tx: DbOrTx,
    name: EventName,
    subjectId: string | null,
    payload: Record<string, unknown>,
  ): Promise<void>;
  /**
   * A consumer: its own queue (`events.<consumer>`), so each consumer retries and fails on its
   * own. Call before the job queue starts. `when` decides from the event, at emit time, whether
   * this consumer gets a job at all: a consumer with nothing to do for most events (say, a
   * guest's order) costs the business transaction no job row.
   */
  on(
    names: EventName[],
    consumer: string,
    handle: (e: DomainEvent) => Promise<unknown>,
    opts?: { when?: (e: Omit<DomainEvent, "id">) => boolean },
  ): void;
};

export function createEvents(jobs: Jobs): Events {
  type Consumer = { queue: string; when?: (e: Omit<DomainEvent, "id">) => boolean };
  const consumers = new Map<EventName, Consumer[]>();
  return {
    async emit(tx, name, subjectId, payload) {
      const { id, at } = await repo.insertEvent(tx, { name, subjectId, payload });
      for (const c of consumers.get(name) ?? [])
        if (!c.when || c.when({ name, subjectId, payload }))
          await jobs.enqueue<DomainEvent>(tx, c.queue, { id, name, subjectId, payload, at });
    },
    on(names, consumer, handle, opts) {
      const queue = `events.${consumer}`;
      jobs.define<DomainEvent>({ name: queue, handle: (e) => handle(e) });
      for (const n of names)
        consumers.set(n, [...(consumers.get(n) ?? []), { queue, when: opts?.when }]);
    },
  };
}
