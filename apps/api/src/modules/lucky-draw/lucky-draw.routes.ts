import { errorBody } from "@maidan/contracts/errors";
import {
  type AdminLuckyDrawService,
  adminLuckyDraw,
  adminLuckyDrawList,
  createLuckyDrawBody,
  type LuckyDrawService,
  luckyDrawPage,
  luckyDrawParams,
  luckyDrawProof,
} from "@maidan/contracts/lucky-draw";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors.ts";
import { requireRole, staffOf } from "../auth/auth.plugin.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

const RUN = `The server makes a secret seed and publishes its SHA-256 at once; a job runs the draw once
after it closes (a second run finds it drawn), publishes the seed and the ticket list, picks the winners
by the published rule and credits each winner's wallet, with an in-app notification and an SMS.`;

/**
 * /api/lucky-draws (open to everyone; a signed-in shopper also gets their own tickets) and
 * /api/admin/lucky-draws (managers and admins), decision 056.
 */
export const luckyDrawRoutes: FastifyPluginAsyncZod<{
  shopper: LuckyDrawService;
  staff: AdminLuckyDrawService;
}> = async (app, { shopper, staff }) => {
  app.get(
    "/lucky-draws",
    {
      schema: {
        tags: ["lucky-draw"],
        summary:
          "The current draw (prize, closing time, the seed's hash), past draws with their winners, and the signed-in shopper's tickets in the current one (`mine`, null when signed out)",
        response: { 200: luckyDrawPage },
      },
    },
    (req) => shopper.page(req.viewer.user?.id ?? null),
  );

  app.get(
    "/lucky-draws/:id/proof",
    {
      schema: {
        tags: ["lucky-draw"],
        summary:
          "A drawn draw's seed, ordered ticket list, rule and winners, to recompute the winners (404 until it has run)",
        params: luckyDrawParams,
        response: { 200: luckyDrawProof, 400: errorBody, 404: errorBody },
      },
    },
    async (req, reply) => {
      const proof = await shopper.proof(req.params.id);
      if (!proof) throw notFound("This draw has not been drawn yet");
      reply.header("content-disposition", `inline; filename="lucky-draw-${proof.drawId}.json"`);
      return proof;
    },
  );

  const manager = requireRole("manager");
  app.get(
    "/admin/lucky-draws",
    {
      preHandler: manager,
      schema: {
        tags: ["admin"],
        summary: "Lucky draws, latest closing first, with their entries so far",
        response: { 200: adminLuckyDrawList, ...errors },
      },
    },
    (req) => staff.list(staffOf(req)),
  );
  app.post(
    "/admin/lucky-draws",
    {
      preHandler: manager,
      schema: {
        tags: ["admin"],
        summary: "Make a lucky draw with a wallet-credit prize",
        description: RUN,
        body: createLuckyDrawBody,
        response: { 200: adminLuckyDraw, ...errors },
      },
    },
    (req) => staff.create(staffOf(req), req.body),
  );
};
