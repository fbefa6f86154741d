import { errorBody, isAppError } from "@maidan/contracts/errors";
import {
  cancelBody,
  changePaymentQuery,
  changePaymentResult,
  confirmBody,
  linkConfirmBody,
  orderDetail,
  orderSummary,
  placeOrderBody,
  placeOrderResult,
  resendCodeResult,
} from "@maidan/contracts/orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerOf, requireUser, userIdOf } from "../auth/auth.plugin.ts";
import type { CheckoutServiceImpl } from "./checkout.service.ts";
import { confirmLinkPage, invalidLinkPage, LINK_PAGE_HEADERS } from "./confirm-link-page.ts";

const errors = {
  400: errorBody,
  401: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
  429: errorBody,
};
const idParam = z.object({ id: z.string().max(100) });

const PLACE_DESCRIPTION = `Places the caller's cart as cash-on-delivery order(s), one per vendor.
Prices, discounts, shipping and totals are computed by the server; any such field in the body is ignored.
Idempotent: send an \`Idempotency-Key\` header (8–200 visible characters); without one the cart id is the key.
A retry returns the first answer; the same key with a different body → 422; a retry while the first is
still running → 409. Stock is taken with conditional updates in the same transaction: not enough left → 409
and nothing is written. When COD confirmation is on, orders start as \`pending_confirmation\` and the shopper
confirms with the SMS code (POST /api/orders/my/{id}/confirm) or the signed link. Unconfirmed COD orders
and their SMS are limited per phone number, per shopper and per IP address (COD_HOLD_*, COD_SMS_*): over a
limit → 429 and nothing is written.`;

/** /api/orders and /api/pay/change-payment-method (spec §7): the checkout workflow's calls. */
export const checkoutRoutes: FastifyPluginAsyncZod<{
  checkout: CheckoutServiceImpl;
  /** Whether the shop takes sandbox payments: its pages then carry the ribbon (decision 024). */
  testMode?: () => boolean;
}> = async (app, { checkout: orders, testMode = () => false }) => {
  const tags = ["orders"];

  app.post(
    "/orders",
    {
      schema: {
        tags,
        summary: "Place a cash-on-delivery order from the cart",
        description: PLACE_DESCRIPTION,
        headers: z.object({ "idempotency-key": z.string().max(200).optional() }).loose(),
        body: placeOrderBody,
        response: { 200: placeOrderResult, ...errors },
      },
    },
    (req) =>
      orders.place(ownerOf(req), req.body, {
        idempotencyKey: req.headers["idempotency-key"] ?? null,
        ip: req.ip,
      }),
  );

  app.get(
    "/orders/my",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "My orders, newest first",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }),
        response: { 200: z.array(orderSummary), ...errors },
      },
    },
    (req) => orders.listMine(userIdOf(req), req.query.limit),
  );

  app.get(
    "/orders/awaiting-payment",
    {
      schema: {
        tags,
        summary: "My orders whose online payment did not complete (/checkout/repayment)",
        response: { 200: z.array(orderSummary), ...errors },
      },
    },
    (req) => orders.awaitingPayment(ownerOf(req)),
  );

  app.get(
    "/orders/my/:id",
    {
      schema: {
        tags,
        summary: "One of my orders (a guest's by the guest cookie); anyone else's → 404",
        params: idParam,
        response: { 200: orderDetail, ...errors },
      },
    },
    (req) => orders.getMine(ownerOf(req), req.params.id),
  );

  app.post(
    "/orders/my/:id/cancel",
    {
      schema: {
        tags,
        summary:
          "Cancel before dispatch: stock goes back; an order paid online is refunded to the original method or (signed in) the wallet",
        params: idParam,
        body: cancelBody.nullish(),
        response: { 200: orderDetail, ...errors },
      },
    },
    (req) => orders.cancelMine(ownerOf(req), req.params.id, req.body),
  );

  app.post(
    "/orders/my/:id/confirm",
    {
      schema: {
        tags,
        summary: "Confirm a COD order with the 6-digit SMS code (5 tries)",
        params: idParam,
        body: confirmBody,
        response: { 200: orderDetail, ...errors },
      },
    },
    (req) => orders.confirmWithCode(ownerOf(req), req.params.id, req.body),
  );

  app.post(
    "/orders/my/:id/resend-code",
    {
      schema: {
        tags,
        summary: "Send a new COD confirmation code by SMS (the old one stops working)",
        description:
          "Only while the order waits for confirmation (else 409). One code a minute and three per checkout (else 429). The deadline to confirm moves on with the new code.",
        params: idParam,
        response: { 200: resendCodeResult, ...errors },
      },
    },
    (req) => orders.resendCode(ownerOf(req), req.params.id, { ip: req.ip }),
  );

  app.get(
    "/orders/confirm-link",
    {
      schema: {
        tags,
        summary: "The one-tap confirmation page from the SMS (confirms only when its button posts)",
        description:
          "A page with the order numbers, the amount and a button that posts; once confirmed it says so. A link that is not valid answers a 404 page. Never cached, no referrer.",
        // Checked by the service: a cut-off link gets the page that says so, not a JSON error.
        querystring: z.object({
          c: z.string().max(100).optional(),
          sig: z.string().max(300).optional(),
        }),
      },
    },
    async (req, reply) => {
      const link = { c: req.query.c ?? "", sig: req.query.sig ?? "" };
      const opts = { testMode: testMode() };
      reply.headers(LINK_PAGE_HEADERS);
      try {
        return confirmLinkPage(await orders.linkStatus(link), link, opts);
      } catch (e) {
        if (!isAppError(e) || e.status >= 500) throw e;
        return reply.code(404).send(invalidLinkPage(opts));
      }
    },
  );

  app.post(
    "/orders/confirm-link",
    {
      schema: {
        tags,
        summary:
          "Confirm by the signed link (JSON answers ids and total; a form post goes back to the link's page, which says the order is confirmed)",
        body: linkConfirmBody,
        response: {
          200: z.object({ ids: z.array(z.string()), total: z.number().int() }),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const form = req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded");
      const page = `/api/orders/confirm-link?${new URLSearchParams(req.body)}`;
      try {
        const r = await orders.confirmWithLink(req.body);
        // The page tells a phone with no session that it worked (it needs no sign-in).
        return form ? reply.redirect(page, 303) : r;
      } catch (e) {
        // A cancelled or unknown checkout: its page says which.
        if (form && isAppError(e) && (e.status === 404 || e.status === 409))
          return reply.redirect(page, 303);
        throw e;
      }
    },
  );

  app.get(
    "/pay/change-payment-method",
    {
      schema: {
        tags: ["payments"],
        summary: "Switch an order whose online payment failed to cash on delivery",
        querystring: changePaymentQuery,
        response: { 200: changePaymentResult, ...errors },
      },
    },
    (req) => orders.changePaymentMethod(ownerOf(req), req.query, { ip: req.ip }),
  );
};
