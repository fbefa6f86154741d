/**
 * In-app notifications and web push (spec §3 "Notifications: a notification object", §7
 * `GET user_notifications`, `GET user_notifications/{id}/read`; issue #16, decision 049).
 */
import { z } from "zod";

export const NOTIFICATION_KINDS = [
  "order_placed",
  "order_confirmed",
  "order_shipped",
  "order_delivered",
  "review_reminder",
  "order_cancelled",
  "order_refunded",
  "payment_failed",
  "review_published",
  "dispute_opened",
  "dispute_message",
  "dispute_resolved",
  "price_drop",
  "back_in_stock",
  "vendor_application",
  "lucky_draw_won",
  "referral_bonus",
  "freebie_expired",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const userNotification = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path of the shop: the order, the product's page, the dispute, … */
  link: z.string(),
  createdAt: z.string(),
  /** When it was read; null while unread. */
  readAt: z.string().nullable(),
});
export type UserNotification = z.infer<typeof userNotification>;

/** The signed-in shopper's notifications, newest first, and how many are unread. */
export const notificationList = z.object({
  notifications: z.array(userNotification),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const MAX_NOTIFICATIONS = 100;
export const notificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_NOTIFICATIONS).default(50),
});

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "Not a base64url value");

/**
 * A browser's PushSubscription as `toJSON()` gives it: the spec's `pushToken`. The endpoint is the
 * push service's address the shop posts to.
 */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushUnsubscribeBody = z.object({ endpoint: z.string().min(1).max(2000) });

/** The key a browser subscribes with (`applicationServerKey`), base64url. */
export const vapidKey = z.object({ publicKey: z.string() });

export type NotificationsService = {
  list(userId: string, query?: unknown): Promise<NotificationList>;
  unreadCount(userId: string): Promise<number>;
  /** Marks one read; another shopper's or an unknown id → NOT_FOUND. */
  markRead(userId: string, id: string): Promise<UserNotification>;
  markAllRead(userId: string): Promise<{ marked: number }>;
  vapidPublicKey(): Promise<string>;
  /** Stores the browser's subscription for the shopper (a browser signed in anew moves to them). */
  subscribe(userId: string, body: unknown): Promise<void>;
  /** Removes the shopper's subscription of that endpoint; another's or none → NOT_FOUND. */
  unsubscribe(userId: string, body: unknown): Promise<void>;
};
