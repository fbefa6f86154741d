import { errorBody } from "@maidan/contracts/errors";
import {
  type AdminFreebieClaimService,
  adminFreebieClaimList,
  CLAIM_STATES,
  type FreebieClaimService,
  type FreebieService,
  freebieClaim,
  freebieClaimBody,
  freebieClaimList,
  freebieClaimParams,
  freebieDetail,
  freebieList,
  freebieParams,
} from "@maidan/contracts/freebies";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors.ts";
import { requireRole, requireUser, unauthorizedBody, userIdOf } from "../auth/auth.plugin.ts";

const errors = { 400: errorBody, 401: unauthorizedBody, 404: errorBody };
const adminQuery = z.object({
  state: z.enum(CLAIM_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

/**
 * Spec §7 `GET /freebies/{id}`: open to everyone; a bearer or cookie token adds the viewer.
 * The shopper's claims (decision 057) are signed-in calls; staff see every claim.
 */
export const freebieRoutes: FastifyPluginAsyncZod<{
  freebies: FreebieService;
  claims: FreebieClaimService;
  staff: AdminFreebieClaimService;
}> = async (app, { freebies, claims, staff }) => {
  app.get(
    "/freebies",
    {
      schema: {
        tags: ["freebies"],
        summary: "Live freebie campaigns",
        response: { 200: freebieList },
      },
    },
    () => freebies.list(),
  );

  app.get(
    "/freebies/:id",
    {
      schema: {
        tags: ["freebies"],
        summary:
          "One live freebie campaign (by slug or id): its free products and terms. With a bearer or cookie token, `viewer` says whether the shopper's cart qualifies now; null for anonymous callers",
        params: freebieParams,
        response: { 200: freebieDetail, 400: errorBody, 404: errorBody },
      },
    },
    async (req) => {
      const found = await freebies.detail(req.params.id, req.viewer.user?.id ?? null);
      if (!found) throw notFound("This freebie could not be found");
      return found;
    },
  );

  const tags = ["freebies"];
  app.get(
    "/freebies/my",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "My freebie claims, newest first, each with where it stands and its order",
        response: { 200: freebieClaimList, ...errors },
      },
    },
    (req) => claims.mine(userIdOf(req)),
  );
  app.get(
    "/freebies/my/:id",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "One of my freebie claims with the order it shipped in (404 for anyone else's)",
        params: freebieClaimParams,
        response: { 200: freebieClaim, ...errors },
      },
    },
    (req) => claims.one(userIdOf(req), req.params.id),
  );
  app.post(
    "/freebies/my/:id/cancel",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Give a claim back before it ships: its unit returns to stock (and its Rs. 0 line leaves its order)",
        params: freebieClaimParams,
        response: { 200: freebieClaim, 409: errorBody, ...errors },
      },
    },
    (req) => claims.cancel(userIdOf(req), req.params.id),
  );
  app.post(
    "/freebies/:id/claim",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Claim one offered product (the variant picked) of a live campaign whose terms my cart meets: its unit is held for my next order, which carries it at Rs. 0. One live claim per campaign",
        params: freebieParams,
        body: freebieClaimBody,
        response: { 200: freebieClaim, 409: errorBody, ...errors },
      },
    },
    (req) => claims.claim(userIdOf(req), req.params.id, req.body),
  );
  app.get(
    "/admin/freebie-claims",
    {
      preHandler: requireRole("manager"),
      schema: {
        tags: ["admin"],
        summary: "Freebie claims, newest first, with their shoppers (managers and admins)",
        querystring: adminQuery,
        response: { 200: adminFreebieClaimList, ...errors, 403: errorBody },
      },
    },
    (req) => staff.list(req.query),
  );
};
