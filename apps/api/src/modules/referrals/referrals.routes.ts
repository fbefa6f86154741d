import { errorBody } from "@maidan/contracts/errors";
import {
  adminReferral,
  invite,
  myEarnings,
  myReferral,
  referralSettings,
} from "@maidan/contracts/referrals";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors.ts";
import {
  requireRole,
  requireUser,
  staffOf,
  unauthorizedBody,
  userIdOf,
} from "../auth/auth.plugin.ts";
import type { ReferralsImpl } from "./referrals.service.ts";

const errors = { 400: errorBody, 401: unauthorizedBody, 403: errorBody, 404: errorBody };
const tags = ["referrals"];
/** /api/referral: the programme, invites, the shopper's friends and earnings (decision 055). */
export const referralRoutes: FastifyPluginAsyncZod<{ referrals: ReferralsImpl }> = async (
  app,
  { referrals },
) => {
  app.get(
    "/referral/settings",
    {
      schema: {
        tags,
        summary: "The programme's current amounts: bonus, welcome credit, minimum order, cap",
        response: { 200: referralSettings },
      },
    },
    () => referrals.settings(),
  );
  app.get(
    "/referral/invite/:code",
    {
      schema: {
        tags,
        summary: "Who invites with this code (first name and initial) and what a friend gets",
        params: z.object({ code: z.string().max(40) }),
        response: { 200: invite, ...errors },
      },
    },
    async (req) => {
      const found = await referrals.invite(req.params.code);
      if (!found) throw notFound("This invite link is not valid");
      return found;
    },
  );
  app.get(
    "/referral/my",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "My code, invite link and the friends who joined with it, with where each stands",
        response: { 200: myReferral, ...errors },
      },
    },
    (req) => referrals.mine(userIdOf(req)),
  );
  app.get(
    "/referral/earnings",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "My referral earnings: pending (friends not yet delivered) and credited, by source",
        response: { 200: myEarnings, ...errors },
      },
    },
    (req) => referrals.earnings(userIdOf(req)),
  );
  app.get(
    "/admin/referrals",
    {
      preHandler: requireRole("manager"),
      schema: {
        tags: ["admin"],
        summary: "Referrals, newest first, 50 a page (managers and admins)",
        querystring: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
        response: { 200: z.array(adminReferral), ...errors },
      },
    },
    (req) => referrals.staff.list(staffOf(req), req.query.page),
  );
  app.get(
    "/admin/referrals/settings",
    {
      preHandler: requireRole("manager"),
      schema: {
        tags: ["admin"],
        summary: "The referral programme's settings (managers and admins)",
        response: { 200: referralSettings, ...errors },
      },
    },
    (req) => referrals.staff.settings(staffOf(req)),
  );
  app.put(
    "/admin/referrals/settings",
    {
      preHandler: requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary: "Change the referral programme's amounts, minimum order and monthly cap (admins)",
        body: referralSettings,
        response: { 200: referralSettings, ...errors },
      },
    },
    (req) => referrals.staff.setSettings(staffOf(req), req.body),
  );
};
