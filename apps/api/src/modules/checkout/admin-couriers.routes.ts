import {
  codCollections,
  codCollectionsQuery,
  courierBooking,
  courierBookingBody,
  REFUSED_PHONES_LIMIT,
  refusedPhones,
  slipsQuery,
} from "@maidan/contracts/admin-couriers";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireRole, staffOf } from "../auth/auth.plugin.ts";
import { errors, idParam } from "./admin-orders.routes.ts";
import type { CourierShippingImpl } from "./courier-shipping.ts";

const BOOKING = `Books a packed order with a courier (its API, or its sandbox in test mode), keeps the
consignment number and the courier's answer, and ships the order through its lifecycle step (timeline,
event, the shopper's SMS, audit) in one transaction. Booking an order again books nothing: 200 with the
booking it has (201 when new). Not packed → 409; the courier refusing or not answering → 409 with why,
nothing kept. Managers and admins.`;

/** The order's papers, as PDF (decision 045). */
const DOCUMENTS = [
  {
    kind: "label",
    role: "manager",
    summary: "The shipping label (A6), once booked with a courier",
  },
  { kind: "slip", role: "vendor", summary: "The packing slip; vendors get their own store's" },
  { kind: "invoice", role: "manager", summary: "The invoice (A4)" },
] as const;

/** /api/admin: couriers and the order's printed papers (decision 045). */
export const adminCouriersRoutes: FastifyPluginAsyncZod<{ shipping: CourierShippingImpl }> = async (
  app,
  { shipping },
) => {
  const tags = ["admin"];
  app.post(
    "/admin/orders/:id/courier-booking",
    {
      preHandler: requireRole("manager"),
      schema: {
        tags,
        summary: "Book a packed order with a courier and ship it",
        description: BOOKING,
        params: idParam,
        body: courierBookingBody,
        response: { 200: courierBooking, 201: courierBooking, ...errors },
      },
    },
    async (req, reply) => {
      const b = await shipping.book(staffOf(req), req.params.id, req.body);
      return reply.code(b.created ? 201 : 200).send(b);
    },
  );
  const pdfReply = (reply: FastifyReply, pdf: Buffer, name: string) =>
    reply
      .type("application/pdf")
      .header("cache-control", "no-store")
      .header("content-disposition", `inline; filename="${name}.pdf"`)
      .send(pdf);
  const pdfAnswer = { 200: z.unknown().describe("The PDF"), ...errors };
  app.get(
    "/admin/orders/slips.pdf",
    {
      preHandler: requireRole("vendor"),
      schema: {
        tags,
        summary: "Many orders' packing slips, one page each (vendors: their own store's)",
        querystring: slipsQuery,
        produces: ["application/pdf"],
        response: pdfAnswer,
      },
    },
    async (req, reply) => pdfReply(reply, await shipping.slips(staffOf(req), req.query), "slips"),
  );
  for (const d of DOCUMENTS)
    app.get(
      `/admin/orders/:id/${d.kind}.pdf`,
      {
        preHandler: requireRole(d.role),
        schema: {
          tags,
          summary: d.summary,
          params: idParam,
          produces: ["application/pdf"],
          response: pdfAnswer,
        },
      },
      async (req, reply) =>
        pdfReply(
          reply,
          await shipping.document(staffOf(req), req.params.id, d.kind),
          `${d.kind}-${req.params.id}`,
        ),
    );
  app.get(
    "/admin/couriers/cod-collections",
    {
      preHandler: requireRole("manager"),
      schema: {
        tags,
        summary: "Cash collected at the door, per courier per day",
        querystring: codCollectionsQuery,
        response: { 200: codCollections, ...errors },
      },
    },
    (req) => shipping.codCollected(staffOf(req), req.query),
  );
  app.get(
    "/admin/couriers/refused-phones",
    {
      preHandler: requireRole("manager"),
      schema: {
        tags,
        summary: `Phones whose parcels came back refused or returned, latest first (at most ${REFUSED_PHONES_LIMIT})`,
        response: { 200: refusedPhones, ...errors },
      },
    },
    (req) => shipping.refusedPhones(staffOf(req)),
  );
};
