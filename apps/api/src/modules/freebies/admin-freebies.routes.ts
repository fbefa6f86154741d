import {
  type AdminFreebieCampaignsService,
  adminFreebieCampaign,
  adminFreebieList,
  adminFreebieParams,
  freebieCampaignBody,
} from "@maidan/contracts/admin-freebies";
import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireRole, staffOf } from "../auth/auth.plugin.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** /api/admin/freebies: managers and admins make, edit and switch off campaigns (decision 061). */
export const adminFreebiesRoutes: FastifyPluginAsyncZod<{
  staff: AdminFreebieCampaignsService;
}> = async (app, { staff }) => {
  const preHandler = requireRole("manager");
  const tags = ["admin"];
  app.get(
    "/admin/freebies",
    {
      preHandler,
      schema: {
        tags,
        summary: "Freebie campaigns, newest first, with their products and status",
        response: { 200: adminFreebieList, ...errors },
      },
    },
    (req) => staff.list(staffOf(req)),
  );
  app.post(
    "/admin/freebies",
    {
      preHandler,
      schema: {
        tags,
        summary: "Make a freebie campaign, live between its dates (a taken address is 409)",
        body: freebieCampaignBody,
        response: { 200: adminFreebieCampaign, ...errors, 409: errorBody },
      },
    },
    (req) => staff.create(staffOf(req), req.body),
  );
  app.get(
    "/admin/freebies/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "One freebie campaign with its products",
        params: adminFreebieParams,
        response: { 200: adminFreebieCampaign, ...errors },
      },
    },
    (req) => staff.get(staffOf(req), req.params.id),
  );
  app.put(
    "/admin/freebies/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "Replace a campaign's terms and products; claims already made keep their unit",
        params: adminFreebieParams,
        body: freebieCampaignBody,
        response: { 200: adminFreebieCampaign, ...errors, 409: errorBody },
      },
    },
    (req) => staff.update(staffOf(req), req.params.id, req.body),
  );
  app.post(
    "/admin/freebies/:id/switch-off",
    {
      preHandler,
      schema: {
        tags,
        summary: "Switch a campaign off: no new claims; claims already made stand",
        params: adminFreebieParams,
        response: { 200: adminFreebieCampaign, ...errors },
      },
    },
    (req) => staff.switchOff(staffOf(req), req.params.id),
  );
};
