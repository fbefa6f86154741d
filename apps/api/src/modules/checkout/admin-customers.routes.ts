import {
  adminCustomerDetail,
  adminCustomerList,
  adminCustomersQuery,
  blockBody,
  orderRefunds,
  refundDoneBody,
  refundFields,
  walletAdjustmentBody,
} from "@maidan/contracts/admin-customers";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireRole, staffOf } from "../auth/auth.plugin.ts";
import { errors, idParam } from "./admin-orders.routes.ts";
import type { StaffCustomersImpl } from "./staff-customers.ts";
import type { StaffRefundsImpl } from "./staff-refunds.ts";

const REFUND = `Gives back some units of some lines ({lines: [{itemId, qty}]}) or an amount of a delivered
order (or of a cancelled one whose payment was partly kept), to the shopper's wallet (a ledger credit) or to the
original method (the gateway's refund where it has one, else owed until staff record it paid back by hand).
More than the order took, in total → 409, nothing written; two refunds at once queue on the order's lock. Each
writes the refund, a timeline row, the order.refunded event, the shopper's SMS and an audit entry together.`;

/**
 * /api/admin/orders/{id}/refunds, /api/admin/refunds and /api/admin/customers (decision 046):
 * managers and admins only.
 */
export const adminCustomersRoutes: FastifyPluginAsyncZod<{
  staffRefunds: StaffRefundsImpl;
  staffCustomers: StaffCustomersImpl;
}> = async (app, { staffRefunds, staffCustomers }) => {
  const tags = ["admin"];
  const manager = requireRole("manager");
  app.get(
    "/admin/orders/:id/refunds",
    {
      preHandler: manager,
      schema: {
        tags,
        summary: "What an order took, what was refunded and what may still be",
        params: idParam,
        response: { 200: orderRefunds, ...errors },
      },
    },
    (req) => staffRefunds.of(staffOf(req), req.params.id),
  );
  app.post(
    "/admin/orders/:id/refunds",
    {
      preHandler: manager,
      schema: {
        tags,
        summary: "Refund (part of) an order to the wallet or the original method",
        description: REFUND,
        params: idParam,
        body: refundFields,
        response: { 200: orderRefunds, ...errors },
      },
    },
    (req) => staffRefunds.refund(staffOf(req), req.params.id, req.body),
  );
  app.post(
    "/admin/refunds/:id/done",
    {
      preHandler: manager,
      schema: {
        tags,
        summary: "Record that an owed refund was paid back by hand (once)",
        params: idParam,
        body: refundDoneBody,
        response: { 200: orderRefunds, ...errors },
      },
    },
    (req) => staffRefunds.done(staffOf(req), req.params.id, req.body),
  );
  app.get(
    "/admin/customers",
    {
      preHandler: manager,
      schema: {
        tags,
        summary: "Shoppers' accounts, searched by name, phone or e-mail, paged",
        querystring: adminCustomersQuery,
        response: { 200: adminCustomerList, ...errors },
      },
    },
    (req) => staffCustomers.list(staffOf(req), req.query),
  );
  app.get(
    "/admin/customers/:id",
    {
      preHandler: manager,
      schema: {
        tags,
        summary: "A shopper's profile, orders, addresses, wallet balance and ledger",
        params: idParam,
        response: { 200: adminCustomerDetail, ...errors },
      },
    },
    (req) => staffCustomers.get(staffOf(req), req.params.id),
  );
  app.post(
    "/admin/customers/:id/wallet-adjustments",
    {
      preHandler: manager,
      schema: {
        tags,
        summary: "Change a shopper's wallet by a signed amount, with a reason (never below 0)",
        params: idParam,
        body: walletAdjustmentBody,
        response: { 200: adminCustomerDetail, ...errors },
      },
    },
    (req) => staffCustomers.adjustWallet(staffOf(req), req.params.id, req.body),
  );
  app.post(
    "/admin/customers/:id/block",
    {
      preHandler: manager,
      schema: {
        tags,
        summary: "Block an account: no sign-in, no refresh, every session ended",
        params: idParam,
        body: blockBody,
        response: { 200: adminCustomerDetail, ...errors },
      },
    },
    (req) => staffCustomers.block(staffOf(req), req.params.id, req.body),
  );
  app.post(
    "/admin/customers/:id/unblock",
    {
      preHandler: manager,
      schema: {
        tags,
        summary: "Unblock an account",
        params: idParam,
        body: blockBody,
        response: { 200: adminCustomerDetail, ...errors },
      },
    },
    (req) => staffCustomers.unblock(staffOf(req), req.params.id, req.body),
  );
};
