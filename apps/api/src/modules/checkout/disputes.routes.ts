import {
  type AdminDisputesService,
  adminDisputeDetail,
  adminDisputeList,
  adminDisputesQuery,
  DISPUTE_MAX_PHOTOS,
  DISPUTE_PHOTO_MAX_KB,
  type DisputesService,
  disputableOrder,
  disputeDetail,
  disputeList,
  disputeMessageBody,
  disputeMessages,
  openDisputeBody,
  resolveDisputeBody,
} from "@maidan/contracts/disputes";
import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest } from "../../lib/errors.ts";
import { requireRole, requireUser, staffOf, userIdOf } from "../auth/auth.plugin.ts";
import { fromDataUrl } from "../auth/avatar.service.ts";
import { errors, idParam } from "./admin-orders.routes.ts";

const shopperErrors = {
  400: errorBody,
  401: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
};

/**
 * /api/disputes: the signed-in shopper's disputes (decision 052). Another shopper's order or
 * dispute answers 404.
 */
export const disputesRoutes: FastifyPluginAsyncZod<{ disputes: DisputesService }> = async (
  app,
  { disputes },
) => {
  const tags = ["disputes"];
  // Before the body is checked: a visitor gets 401 whatever they sent.
  app.addHook("preValidation", requireUser);
  app.get(
    "/disputes",
    {
      schema: {
        tags,
        summary: "My disputes, newest first, with their status",
        response: { 200: disputeList, 401: errorBody },
      },
    },
    async (req) => ({ disputes: await disputes.listMine(userIdOf(req)) }),
  );
  app.get(
    "/disputes/orders/:orderId",
    {
      schema: {
        tags,
        summary: "What of my order may be disputed: its lines, the window's end, or why not",
        params: z.object({ orderId: z.string().max(100) }),
        response: { 200: disputableOrder, ...shopperErrors },
      },
    },
    (req) => disputes.disputable(userIdOf(req), req.params.orderId),
  );
  app.post(
    "/disputes",
    {
      // Up to five photos as base64 data URLs.
      bodyLimit: Math.ceil(DISPUTE_MAX_PHOTOS * DISPUTE_PHOTO_MAX_KB * 1024 * 1.4) + 64 * 1024,
      schema: {
        tags,
        summary: `Open a dispute on a line of my delivered order within the return window: reason, description, refund or replacement wanted, up to ${DISPUTE_MAX_PHOTOS} photos ({image: data URL}, at most ${DISPUTE_PHOTO_MAX_KB / 1024} MB each). A second open dispute on the line → 409.`,
        body: openDisputeBody,
        response: { 200: disputeDetail, ...shopperErrors, 413: errorBody },
      },
    },
    (req) => {
      const photos = req.body.photos.map((p, n) => {
        const file = fromDataUrl(p.image, p.name ?? `photo-${n + 1}`);
        if (!file) throw badRequest(disputeMessages.notImage);
        return file;
      });
      return disputes.open(userIdOf(req), req.body, photos);
    },
  );
  app.get(
    "/disputes/:id",
    {
      schema: {
        tags,
        summary: "One of my disputes: the thread with staff, photos, status and resolution",
        params: idParam,
        response: { 200: disputeDetail, ...shopperErrors },
      },
    },
    (req) => disputes.get(userIdOf(req), req.params.id),
  );
  app.post(
    "/disputes/:id/messages",
    {
      schema: {
        tags,
        summary: "Reply in my dispute's thread (rate limited; a closed dispute → 409)",
        params: idParam,
        body: disputeMessageBody,
        response: { 200: disputeDetail, ...shopperErrors },
      },
    },
    (req) => disputes.reply(userIdOf(req), req.params.id, req.body),
  );
};

/** /api/admin/disputes (decision 052): managers and admins only. */
export const adminDisputesRoutes: FastifyPluginAsyncZod<{
  staffDisputes: AdminDisputesService;
}> = async (app, { staffDisputes }) => {
  const tags = ["admin"];
  const manager = requireRole("manager");
  app.get(
    "/admin/disputes",
    {
      preHandler: manager,
      schema: {
        tags,
        summary: "The disputes queue, by status, open ones first, paged",
        querystring: adminDisputesQuery,
        response: { 200: adminDisputeList, ...errors },
      },
    },
    (req) => staffDisputes.list(staffOf(req), req.query),
  );
  app.get(
    "/admin/disputes/:id",
    {
      preHandler: manager,
      schema: {
        tags,
        summary: "A dispute: the thread, photos, the shopper and what the order may still refund",
        params: idParam,
        response: { 200: adminDisputeDetail, ...errors },
      },
    },
    (req) => staffDisputes.get(staffOf(req), req.params.id),
  );
  app.post(
    "/admin/disputes/:id/messages",
    {
      preHandler: manager,
      schema: {
        tags,
        summary: "Reply to the shopper (the dispute then awaits them; dispute.message event)",
        params: idParam,
        body: disputeMessageBody,
        response: { 200: adminDisputeDetail, ...errors },
      },
    },
    (req) => staffDisputes.reply(staffOf(req), req.params.id, req.body),
  );
  app.post(
    "/admin/disputes/:id/resolve",
    {
      preHandler: manager,
      schema: {
        tags,
        summary:
          "Close a dispute: refund (wallet or original method, at most the line and what the order has left), replacement order (Rs. 0, stock taken) or reject with a reason",
        params: idParam,
        body: resolveDisputeBody,
        response: { 200: adminDisputeDetail, ...errors },
      },
    },
    (req) => staffDisputes.resolve(staffOf(req), req.params.id, req.body),
  );
};
