import {
  type AdminPromotionsService,
  adminPromotion,
  adminPromotionList,
  adminPromotionParams,
  promotionBody,
} from "@maidan/contracts/admin-promotions";
import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireRole, staffOf } from "../auth/auth.plugin.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** /api/admin/promotions: managers and admins list, create, edit and switch off (decision 061). */
export const adminPromotionsRoutes: FastifyPluginAsyncZod<{
  staff: AdminPromotionsService;
}> = async (app, { staff }) => {
  const preHandler = requireRole("manager");
  const tags = ["admin"];
  app.get(
    "/admin/promotions",
    {
      preHandler,
      schema: {
        tags,
        summary: "Automatic promotions, newest first, with their status",
        response: { 200: adminPromotionList, ...errors },
      },
    },
    (req) => staff.list(staffOf(req)),
  );
  app.post(
    "/admin/promotions",
    {
      preHandler,
      schema: {
        tags,
        summary: "Make an automatic promotion; the cart's next pricing on every instance uses it",
        body: promotionBody,
        response: { 200: adminPromotion, ...errors },
      },
    },
    (req) => staff.create(staffOf(req), req.body),
  );
  app.get(
    "/admin/promotions/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "One promotion",
        params: adminPromotionParams,
        response: { 200: adminPromotion, ...errors },
      },
    },
    (req) => staff.get(staffOf(req), req.params.id),
  );
  app.put(
    "/admin/promotions/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "Replace a promotion's terms",
        params: adminPromotionParams,
        body: promotionBody,
        response: { 200: adminPromotion, ...errors },
      },
    },
    (req) => staff.update(staffOf(req), req.params.id, req.body),
  );
  app.post(
    "/admin/promotions/:id/switch-off",
    {
      preHandler,
      schema: {
        tags,
        summary: "Switch a promotion off; orders already placed keep their discount",
        params: adminPromotionParams,
        response: { 200: adminPromotion, ...errors },
      },
    },
    (req) => staff.switchOff(staffOf(req), req.params.id),
  );
};
