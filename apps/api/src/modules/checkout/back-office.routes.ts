import {
  type AdminOverviewService,
  adminPaymentList,
  adminPaymentsQuery,
  codQueue,
  dashboard,
  reconciliation,
  reconciliationCsv,
  reconciliationQuery,
} from "@maidan/contracts/admin-dashboard";
import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireRole, staffOf } from "../auth/auth.plugin.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/**
 * The back-office's overview (decision 047): dashboard, payments and their reconciliation, the
 * unconfirmed COD orders. Managers and admins; vendors → 403.
 */
export const backOfficeRoutes: FastifyPluginAsyncZod<{ backOffice: AdminOverviewService }> = async (
  app,
  { backOffice },
) => {
  const tags = ["admin"];
  const guard = requireRole("manager");
  app.get(
    "/admin/dashboard",
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          "Sales today, this week and month (Asia/Karachi), orders by status, COD rates, low stock, payments by outcome",
        response: { 200: dashboard, ...errors },
      },
    },
    (req) => backOffice.dashboard(staffOf(req)),
  );
  app.get(
    "/admin/payments",
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "Payment attempts with their gateway signals, filtered and paged, newest first",
        querystring: adminPaymentsQuery,
        response: { 200: adminPaymentList, ...errors },
      },
    },
    (req) => backOffice.payments(staffOf(req), req.query),
  );
  app.get(
    "/admin/payments/reconciliation",
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          "Each online checkout's paid attempts against its orders marked paid, mismatches first",
        querystring: reconciliationQuery,
        response: { 200: reconciliation, ...errors },
      },
    },
    (req) => backOffice.reconciliation(staffOf(req), req.query),
  );
  app.get(
    "/admin/payments/reconciliation.csv",
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "The reconciliation as CSV",
        querystring: reconciliationQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const { rows } = await backOffice.reconciliation(staffOf(req), req.query);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="reconciliation.csv"')
        .send(reconciliationCsv(rows));
    },
  );
  app.get(
    "/admin/cod-queue",
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          "COD orders waiting for staff's confirmation call, oldest first, with their deadline",
        response: { 200: codQueue, ...errors },
      },
    },
    (req) => backOffice.codQueue(staffOf(req)),
  );
};
