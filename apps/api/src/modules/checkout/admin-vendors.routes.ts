import {
  type AdminVendorApplicationsService,
  adminCallBackList,
  adminCallBacksQuery,
  adminVendorApplication,
  adminVendorApplicationList,
  adminVendorApplicationsQuery,
  callBackRequest,
  callBackUpdateBody,
  rejectApplicationBody,
} from "@maidan/contracts/vendor-applications";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireRole, staffOf } from "../auth/auth.plugin.ts";
import { errors, idParam } from "./admin-orders.routes.ts";

const DECIDE = `In one transaction with the application locked: the decision, the audit entry, the
vendor_application.decided event and the applicant's SMS and e-mail. A decided application → 409, nothing
changed (of two staff at once, one wins).`;

/** /api/admin/vendor-applications and /api/admin/call-backs (decision 053): managers and admins. */
export const adminVendorsRoutes: FastifyPluginAsyncZod<{
  staffVendors: AdminVendorApplicationsService;
}> = async (app, { staffVendors }) => {
  const tags = ["admin"];
  const manager = requireRole("manager");
  app.get(
    "/admin/vendor-applications",
    {
      preHandler: manager,
      schema: {
        tags,
        summary: "Vendor applications, oldest first, by status",
        querystring: adminVendorApplicationsQuery,
        response: { 200: adminVendorApplicationList, ...errors },
      },
    },
    (req) => staffVendors.list(staffOf(req), req.query),
  );
  app.get(
    "/admin/vendor-applications/:id",
    {
      preHandler: manager,
      schema: {
        tags,
        summary: "One vendor application",
        params: idParam,
        response: { 200: adminVendorApplication, ...errors },
      },
    },
    (req) => staffVendors.get(staffOf(req), req.params.id),
  );
  app.get(
    "/admin/vendor-applications/:id/documents/:n",
    {
      preHandler: manager,
      schema: {
        tags,
        summary: "A document the applicant sent (PDF or picture), for staff only",
        description:
          "Served with its type as read from its bytes, never cached; pictures sandboxed (decision 058). Visitors 401, shoppers and vendors 403.",
        params: idParam.extend({ n: z.coerce.number().int().min(1).max(10) }),
        produces: ["application/pdf", "image/jpeg", "image/png", "image/webp"],
        response: { 200: z.unknown().describe("The document's bytes"), ...errors },
      },
    },
    async (req, reply) => {
      const d = await staffVendors.document(staffOf(req), req.params.id, req.params.n);
      // A picture is shown sandboxed; a PDF opens in the browser's own viewer, which a
      // sandbox would refuse to start.
      if (d.type !== "application/pdf") reply.header("content-security-policy", "sandbox");
      return reply
        .type(d.type)
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .header(
          "content-disposition",
          `inline; filename="${d.name.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(d.name)}`,
        )
        .send(Buffer.from(d.bytes));
    },
  );
  app.post(
    "/admin/vendor-applications/:id/approve",
    {
      preHandler: manager,
      schema: {
        tags,
        summary: "Approve: the applicant's account becomes a vendor's and their store page opens",
        description: DECIDE,
        params: idParam,
        response: { 200: adminVendorApplication, ...errors },
      },
    },
    (req) => staffVendors.approve(staffOf(req), req.params.id),
  );
  app.post(
    "/admin/vendor-applications/:id/reject",
    {
      preHandler: manager,
      schema: {
        tags,
        summary: "Reject with a reason the applicant is told",
        description: DECIDE,
        params: idParam,
        body: rejectApplicationBody,
        response: { 200: adminVendorApplication, ...errors },
      },
    },
    (req) => staffVendors.reject(staffOf(req), req.params.id, req.body),
  );
  app.get(
    "/admin/call-backs",
    {
      preHandler: manager,
      schema: {
        tags,
        summary: "Call-back requests, oldest first, by status",
        querystring: adminCallBacksQuery,
        response: { 200: adminCallBackList, ...errors },
      },
    },
    (req) => staffVendors.callBacks(staffOf(req), req.query),
  );
  app.post(
    "/admin/call-backs/:id",
    {
      preHandler: manager,
      schema: {
        tags,
        summary: "Set a call-back's status (new, called, closed) with a note; audited",
        params: idParam,
        body: callBackUpdateBody,
        response: { 200: callBackRequest, ...errors },
      },
    },
    (req) => staffVendors.updateCallBack(staffOf(req), req.params.id, req.body),
  );
};
