import { auditEntry, auditQuery, recordOf } from "@maidan/contracts/admin-orders";
import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireRole } from "../auth/auth.plugin.ts";
import type { AuditServiceImpl } from "./audit.service.ts";

/** /api/admin/audit: a record's change history, for managers and admins (decision 044). */
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
        summary: "The changes staff made to one record (record=order:<id>), oldest first",
        querystring: auditQuery,
        response: {
          200: z.object({ entries: z.array(auditEntry) }),
          400: errorBody,
          401: errorBody,
          403: errorBody,
        },
      },
    },
    async (req) => {
      const { type, id } = recordOf(req.query.record);
      return { entries: await audit.entriesOf(type, id) };
    },
  );
};
