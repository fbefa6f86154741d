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
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** An event as its consumers get it. Payloads hold facts, never secrets (codes, tokens). */
export type DomainEvent = {
  id: string;
  name: EventName;
  /** The checkout, order or payment attempt the event is about. */
  subjectId: string | null;
  payload: Record<string, unknown>;
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
   * own. Call before the job queue starts.
   */
  on(names: EventName[], consumer: string, handle: (e: DomainEvent) => Promise<unknown>): void;
};

export function createEvents(jobs: Jobs): Events {
  const consumers = new Map<EventName, string[]>();
  return {
    async emit(tx, name, subjectId, payload) {
      const id = await repo.insertEvent(tx, { name, subjectId, payload });
      for (const queue of consumers.get(name) ?? [])
        await jobs.enqueue<DomainEvent>(tx, queue, { id, name, subjectId, payload });
    },
    on(names, consumer, handle) {
      const queue = `events.${consumer}`;
      jobs.define<DomainEvent>({ name: queue, handle: (e) => handle(e) });
      for (const n of names) consumers.set(n, [...(consumers.get(n) ?? []), queue]);
    },
  };
}
