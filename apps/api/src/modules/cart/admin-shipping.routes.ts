import {
  type AdminShippingService,
  adminShippingList,
  adminShippingMethod,
  shippingMethodBody,
  shippingMethodParams,
} from "@maidan/contracts/admin-shipping";
import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireRole, staffOf } from "../auth/auth.plugin.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** /api/admin/shipping-methods: the shipping table by city, admins only (decision 061). */
export const adminShippingRoutes: FastifyPluginAsyncZod<{ staff: AdminShippingService }> = async (
  app,
  { staff },
) => {
  const preHandler = requireRole("admin");
  const tags = ["admin"];
  app.get(
    "/admin/shipping-methods",
    {
      preHandler,
      schema: {
        tags,
        summary: "The shipping table: every method, switched on or off, with its cities",
        response: { 200: adminShippingList, ...errors },
      },
    },
    (req) => staff.list(staffOf(req)),
  );
  app.post(
    "/admin/shipping-methods",
    {
      preHandler,
      schema: {
        tags,
        summary: "Add a shipping method; carts on every instance price with it at once",
        body: shippingMethodBody,
        response: { 200: adminShippingMethod, ...errors },
      },
    },
    (req) => staff.create(staffOf(req), req.body),
  );
  app.put(
    "/admin/shipping-methods/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "Replace a shipping method's row (switch it off with active false)",
        params: shippingMethodParams,
        body: shippingMethodBody,
        response: { 200: adminShippingMethod, ...errors },
      },
    },
    (req) => staff.update(staffOf(req), req.params.id, req.body),
  );
};
