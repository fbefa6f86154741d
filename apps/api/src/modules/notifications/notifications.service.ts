import {
  type NotificationList,
  type NotificationsService,
  notificationsQuery,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  type UserNotification,
} from "@maidan/contracts/notifications";
import type { Db } from "@maidan/db/database";
import { logger } from "@maidan/observability/log";
import { badRequest, notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import type { DomainEvent } from "../events/events.ts";
import type { Jobs } from "../jobs/jobs.ts";
import * as repo from "./notifications.repository.ts";
import { type Draft, draftsFor, type OrderLookup } from "./notify-events.ts";
import type { PushSender } from "./web-push.ts";

/** The queue of web pushes: one job per notification and subscription. */
export const PUSH_QUEUE = "notifications.push";
type PushJob = { notificationId: string; subscriptionId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missing = () => notFound("Notification not found");

const view = (n: repo.NotificationRow): UserNotification => ({
  _id: n.id,
  kind: n.kind as UserNotification["kind"],
  title: n.title,
  body: n.body,
  link: n.link,
  createdAt: n.createdAt.toISOString(),
  readAt: n.readAt ? n.readAt.toISOString() : null,
});

export type NotificationsDeps = {
  db: Db;
  jobs: Jobs;
  /** Orders are another domain: the server hands over how to read an order's owner and number. */
  orders: OrderLookup;
  push: PushSender;
  /** Push endpoints on plain http (the tests' local push service); production takes https only. */
  allowHttpEndpoints: boolean;
};

/**
 * In-app notifications and web push (decision 049): the shopper's list, and the consumer of
 * domain events that writes them. A notification is written once per event (its dedupe key), in
 * one transaction with a push job per subscription of its shopper.
 */
export function createNotifications(deps: NotificationsDeps) {
  const { db, jobs } = deps;

  jobs.define<PushJob>({
    name: PUSH_QUEUE,
    // Past a day the push would be stale; the notification is in the app anyway.
    retryLimit: 5,
    keepSeconds: 24 * 3600,
    handle: (job) => push(job),
  });

  async function write(drafts: Draft[]) {
    if (drafts.length === 0) return 0;
    return db.transaction(async (tx) => {
      let written = 0;
      for (const [nth, d] of drafts.entries()) {
        const row = await repo.insertNotification(
          tx,
          {
            userId: d.userId,
            kind: d.kind,
            title: d.title,
            body: d.body,
            link: d.link,
            subjectId: d.subjectId,
            dedupeKey: d.key,
          },
          d.at,
          nth,
        );
        // A repeat (the consumer ran twice): written and pushed the first time.
        if (!row) continue;
        written++;
        for (const s of await repo.subscriptionsOf(tx, d.userId))
          await jobs.enqueue<PushJob>(tx, PUSH_QUEUE, {
            notificationId: row.id,
            subscriptionId: s.id,
          });
      }
      return written;
    });
  }

  async function push({ notificationId, subscriptionId }: PushJob) {
    const [n, s] = await Promise.all([
      repo.findNotification(db, notificationId),
      repo.findSubscription(db, subscriptionId),
    ]);
    // Unsubscribed, moved to another shopper, or already read in the app: nothing to push.
    if (!n || !s || s.userId !== n.userId || n.readAt) return { skipped: true };
    const r = await deps.push.send(s, {
      title: n.title,
      body: n.body,
      link: n.link,
      tag: n.id.replaceAll("-", ""),
    });
    if (r.outcome === "gone") {
      await repo.deleteSubscription(db, s.id);
      return { removed: r.status };
    }
    if (r.outcome === "failed") {
      await repo.recordPushError(db, s.id, r.error);
      throw new Error(`push: ${r.error}`);
    }
    return { sent: true };
  }

  const service: NotificationsService = {
    async list(userId, query): Promise<NotificationList> {
      const q = parseInput(notificationsQuery, query ?? {});
      const [rows, unread] = await Promise.all([
        repo.listNotifications(db, userId, q.limit),
        repo.countUnread(db, userId),
      ]);
      return { notifications: rows.map(view), unread };
    },
    unreadCount: (userId) => repo.countUnread(db, userId),
    async markRead(userId, id) {
      if (!UUID.test(id)) throw missing();
      const row = await repo.markRead(db, userId, id);
      if (!row) throw missing();
      return view(row);
    },
    async markAllRead(userId) {
      return { marked: await repo.markAllRead(db, userId) };
    },
    vapidPublicKey: () => deps.push.publicKey(),
    async subscribe(userId, body) {
      const b = parseInput(pushSubscriptionBody, body);
      const url = new URL(b.endpoint);
      if (url.protocol !== "https:" && !deps.allowHttpEndpoints)
        throw badRequest("endpoint: a push service's address starts with https://");
      await repo.upsertSubscription(db, {
        userId,
        endpoint: b.endpoint,
        p256dh: b.keys.p256dh,
        auth: b.keys.auth,
      });
    },
    async unsubscribe(userId, body) {
      const b = parseInput(pushUnsubscribeBody, body);
      if (!(await repo.deleteOwnSubscription(db, userId, b.endpoint)))
        throw notFound("Subscription not found");
    },
  };

  return {
    ...service,
    /** The `notifications` consumer of domain events (compose.ts): idempotent per event. */
    async onEvent(e: DomainEvent) {
      const written = await write(await draftsFor(e, deps.orders));
      if (written > 0) logger().debug({ event: e.name, written }, "notifications: written");
      return { written };
    },
  };
}

export type NotificationsImpl = ReturnType<typeof createNotifications>;
