import { auditList, auditListQuery } from "@maidan/contracts/admin-dashboard";
import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireRole } from "../auth/auth.plugin.ts";
import type { AuditServiceImpl } from "./audit.service.ts";

/**
 * /api/admin/audit: the changes staff made, for managers and admins (decisions 044, 047): by
 * record (record=order:<id>), by actor (actor=<account id>) or all, newest first, paged.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditServiceImpl }> = async (
  app,
  { audit },
) => {
  app.get(
    "/admin/audit",
    {
      preHandler: requireRole("manager"),
      schema: {
        tags: ["admin"],
        summary: "The changes staff made, by record (order:<id>) and actor, newest first, paged",
        querystring: auditListQuery,
        response: { 200: auditList, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    (req) => audit.list(req.query),
  );
};
