import { errorBody } from "@maidan/contracts/errors";
import {
  type NotificationsService,
  notificationList,
  notificationsQuery,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  userNotification,
  vapidKey,
} from "@maidan/contracts/notifications";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser, unauthorizedBody, userIdOf } from "../auth/auth.plugin.ts";

const idParam = z.object({ id: z.string().max(100) });
const errors = { 400: errorBody, 401: unauthorizedBody, 404: errorBody };
const ok = z.object({ status: z.boolean() });

/**
 * /api/user_notifications (spec §7) and /api/push: the signed-in shopper's notifications and
 * their browsers' push subscriptions. The VAPID key is public: a page needs it to subscribe.
 */
export const notificationRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async (app, { notifications }) => {
  const tags = ["notifications"];

  app.get(
    "/push/vapid-public-key",
    {
      schema: {
        tags,
        summary: "The key a browser subscribes to the shop's web push with",
        response: { 200: vapidKey },
      },
    },
    async () => ({ publicKey: await notifications.vapidPublicKey() }),
  );

  app.get(
    "/user_notifications",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "My notifications, newest first, with the unread count",
        querystring: notificationsQuery,
        response: { 200: notificationList, ...errors },
      },
    },
    (req) => notifications.list(userIdOf(req), req.query),
  );
  // §7 names a GET: the storefront refreshes the list after it.
  app.get(
    "/user_notifications/:id/read",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Mark one of my notifications read",
        params: idParam,
        response: { 200: userNotification, ...errors },
      },
    },
    (req) => notifications.markRead(userIdOf(req), req.params.id),
  );
  app.post(
    "/user_notifications/read-all",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Mark all my notifications read",
        response: { 200: z.object({ marked: z.number().int() }), ...errors },
      },
    },
    (req) => notifications.markAllRead(userIdOf(req)),
  );
  app.post(
    "/push/subscriptions",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Store this browser's push subscription (the spec's pushToken) for me",
        body: pushSubscriptionBody,
        response: { 200: ok, ...errors },
      },
    },
    async (req) => {
      await notifications.subscribe(userIdOf(req), req.body);
      return { status: true };
    },
  );
  app.delete(
    "/push/subscriptions",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Stop web push to this browser",
        body: pushUnsubscribeBody,
        response: { 200: ok, ...errors },
      },
    },
    async (req) => {
      await notifications.unsubscribe(userIdOf(req), req.body);
      return { status: true };
    },
  );
};
