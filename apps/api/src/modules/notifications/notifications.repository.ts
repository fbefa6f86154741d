import type { DbOrTx } from "@maidan/db/database";
import { pushSubscriptions, userNotifications } from "@maidan/db/schema-notifications";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";

export type NotificationRow = typeof userNotifications.$inferSelect;
export type NewNotification = typeof userNotifications.$inferInsert;
export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;
const first = <T>(rows: T[]) => rows[0] ?? null;

// Every shopper query names the owner: someone else's id simply finds nothing.
const owned = (userId: string, id: string) =>
  and(eq(userNotifications.userId, userId), eq(userNotifications.id, id));

export const listNotifications = (db: DbOrTx, userId: string, limit: number) =>
  db
    .select()
    .from(userNotifications)
    .where(eq(userNotifications.userId, userId))
    .orderBy(desc(userNotifications.createdAt), desc(userNotifications.id))
    .limit(limit);

export const countUnread = (db: DbOrTx, userId: string) =>
  db
    .select({ n: count() })
    .from(userNotifications)
    .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)))
    .then((r) => r[0]?.n ?? 0);

/** Marks one read (keeping the first time it was read); null when it is not the user's. */
export const markRead = (db: DbOrTx, userId: string, id: string) =>
  db
    .update(userNotifications)
    .set({ readAt: sql`coalesce(${userNotifications.readAt}, now())` })
    .where(owned(userId, id))
    .returning()
    .then(first);

export const markAllRead = (db: DbOrTx, userId: string) =>
  db
    .update(userNotifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)))
    .returning({ id: userNotifications.id })
    .then((r) => r.length);

/**
 * Inserts it unless its dedupe key is there: the new row, or null for a repeat. `at` (ISO) dates
 * it to its event, to the microsecond, and `nth` keeps one event's notifications in the order
 * written (a microsecond apart); without `at`, the clock.
 */
export const insertNotification = (
  db: DbOrTx,
  row: NewNotification,
  at: string | undefined,
  nth: number,
) =>
  db
    .insert(userNotifications)
    .values(
      at ? { ...row, createdAt: sql`${at}::timestamptz + ${nth} * interval '1 microsecond'` } : row,
    )
    .onConflictDoNothing({ target: userNotifications.dedupeKey })
    .returning()
    .then(first);

export const findNotification = (db: DbOrTx, id: string) =>
  db.select().from(userNotifications).where(eq(userNotifications.id, id)).then(first);

// --- Push subscriptions ---

/** One browser, one row: a browser signed in as someone else now tells that user. */
export const upsertSubscription = (
  db: DbOrTx,
  row: { userId: string; endpoint: string; p256dh: string; auth: string },
) =>
  db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: row.userId,
        p256dh: row.p256dh,
        auth: row.auth,
        lastError: null,
        lastErrorAt: null,
      },
    })
    .returning()
    .then(first);

export const deleteOwnSubscription = (db: DbOrTx, userId: string, endpoint: string) =>
  db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id })
    .then(first);

export const subscriptionsOf = (db: DbOrTx, userId: string) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

export const findSubscription = (db: DbOrTx, id: string) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).then(first);

/** The push service said the subscription is gone (404/410). */
export const deleteSubscription = (db: DbOrTx, id: string) =>
  db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));

export const recordPushError = (db: DbOrTx, id: string, error: string) =>
  db
    .update(pushSubscriptions)
    .set({ lastError: error.slice(0, 500), lastErrorAt: sql`now()` })
    .where(eq(pushSubscriptions.id, id));
