import {
  adminOrderDetail,
  adminOrderList,
  adminOrdersQuery,
  bulkBody,
  bulkResult,
  noteBody,
  transitionBody,
} from "@maidan/contracts/admin-orders";
import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireRole, staffOf } from "../auth/auth.plugin.ts";
import type { StaffOrdersImpl } from "./staff-orders.ts";

export const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
};
export const idParam = z.object({ id: z.string().max(100) });

/** The signed-in staff member a /api/admin route acts for (its requireRole let them through). */
const TRANSITION = `Moves the order one step: confirm (a COD order, after a phone call), pack, ship (courier
and tracking number required), deliver, or cancel (a reason required; stock, wallet part, voucher use and
an online payment go back); after delivery, request_return (the shopper's reason required) and
receive_return (the parcel is back: its lines' stock goes back, once). A step the order's state does not allow → 409 with its state, nothing changed;
of two staff acting at once one wins and the other gets that 409. Each step writes a timeline row, a domain
event, the shopper's SMS (a job) and an audit entry in one transaction. Managers and admins; vendors → 403.`;

/**
 * /api/admin/orders: the back-office's orders (decision 044). Vendors (and above) read; vendors
 * see only the orders of their own stores. Managers and admins move orders on.
 */
export const adminOrdersRoutes: FastifyPluginAsyncZod<{ staffOrders: StaffOrdersImpl }> = async (
  app,
  { staffOrders },
) => {
  const tags = ["admin"];
  app.get(
    "/admin/orders",
    {
      preHandler: requireRole("vendor"),
      schema: {
        tags,
        summary: "Orders, filtered, searched (order number, phone, e-mail), sorted and paged",
        querystring: adminOrdersQuery,
        response: { 200: adminOrderList, ...errors },
      },
    },
    (req) => staffOrders.list(staffOf(req), req.query),
  );
  app.get(
    "/admin/orders/:id",
    {
      preHandler: requireRole("vendor"),
      schema: {
        tags,
        summary:
          "An order with its items, money, payment attempts, messages, timeline and audit entries",
        params: idParam,
        response: { 200: adminOrderDetail, ...errors },
      },
    },
    (req) => staffOrders.get(staffOf(req), req.params.id),
  );
  app.post(
    "/admin/orders/:id/transition",
    {
      preHandler: requireRole("manager"),
      schema: {
        tags,
        summary: "Move an order one step of its lifecycle",
        description: TRANSITION,
        params: idParam,
        body: transitionBody,
        response: { 200: adminOrderDetail, ...errors },
      },
    },
    (req) => staffOrders.transition(staffOf(req), req.params.id, req.body),
  );
  app.post(
    "/admin/orders/:id/notes",
    {
      preHandler: requireRole("manager"),
      schema: {
        tags,
        summary: "Add a note between staff to an order (listed on the order page, audited)",
        description:
          "Any state. Text 1 to 2000 characters. Managers and admins; vendors → 403. Answers the order.",
        params: idParam,
        body: noteBody,
        response: { 200: adminOrderDetail, ...errors },
      },
    },
    (req) => staffOrders.addNote(staffOf(req), req.params.id, req.body),
  );
  app.post(
    "/admin/orders/bulk",
    {
      preHandler: requireRole("manager"),
      schema: {
        tags,
        summary: "Confirm or pack many orders; each succeeds or fails on its own",
        body: bulkBody,
        response: { 200: bulkResult, ...errors },
      },
    },
    (req) => staffOrders.bulk(staffOf(req), req.body),
  );
};
