import {
  type AdminVouchersService,
  adminVoucher,
  adminVoucherList,
  adminVoucherParams,
  createVoucherBody,
  updateVoucherBody,
} from "@maidan/contracts/admin-vouchers";
import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireRole, staffOf } from "../auth/auth.plugin.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** /api/admin/vouchers: managers and admins list, create, edit and end vouchers (decision 061). */
export const adminVouchersRoutes: FastifyPluginAsyncZod<{ staff: AdminVouchersService }> = async (
  app,
  { staff },
) => {
  const preHandler = requireRole("manager");
  const tags = ["admin"];
  app.get(
    "/admin/vouchers",
    {
      preHandler,
      schema: {
        tags,
        summary: "Vouchers, newest first, with their uses and status",
        response: { 200: adminVoucherList, ...errors },
      },
    },
    (req) => staff.list(staffOf(req)),
  );
  app.post(
    "/admin/vouchers",
    {
      preHandler,
      schema: {
        tags,
        summary: "Make a voucher (a taken code is 409)",
        body: createVoucherBody,
        response: { 200: adminVoucher, ...errors, 409: errorBody },
      },
    },
    (req) => staff.create(staffOf(req), req.body),
  );
  app.get(
    "/admin/vouchers/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "One voucher",
        params: adminVoucherParams,
        response: { 200: adminVoucher, ...errors },
      },
    },
    (req) => staff.get(staffOf(req), req.params.id),
  );
  app.patch(
    "/admin/vouchers/:id",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Change a voucher's terms (the code stays); total uses cannot go below the uses made (409)",
        params: adminVoucherParams,
        body: updateVoucherBody,
        response: { 200: adminVoucher, ...errors, 409: errorBody },
      },
    },
    (req) => staff.update(staffOf(req), req.params.id, req.body),
  );
  app.post(
    "/admin/vouchers/:id/end",
    {
      preHandler,
      schema: {
        tags,
        summary: "Switch a voucher off now: no new uses; orders that used it keep their discount",
        params: adminVoucherParams,
        response: { 200: adminVoucher, ...errors },
      },
    },
    (req) => staff.end(staffOf(req), req.params.id),
  );
};
