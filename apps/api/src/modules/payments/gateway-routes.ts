import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { userIdOf } from "../auth/auth.plugin.ts";
import type {
  Handoff,
  PageRoute,
  PaymentGateway,
  SignalRoute,
  StartAnswer,
  StartRoute,
} from "./gateways/payment-gateway.ts";
import { anyFields } from "./gateways/route-kit.ts";
import type { Landing } from "./payment-results.ts";
import type { PaymentsServiceImpl } from "./payments.service.ts";
import type { SettleResult } from "./settlement.ts";

/** What every §7 order call takes besides its gateway's own fields (which may override these). */
const common = {
  address: z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== "", "Choose a delivery address"),
  paymentMethod: z.string().max(40).optional(),
  walletId: z.string().max(100).nullable().optional(),
  useWallet: z.boolean().optional(),
  rePayId: z.string().max(100).nullable().optional(),
};

const owner = (req: FastifyRequest) => ({
  userId: req.viewer?.user?.id ?? null,
  guestId: req.viewer?.guestId ?? null,
});

/** Keeps only the schema parts a route declares. */
const defined = (parts: Record<string, z.ZodType | undefined>) =>
  Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== undefined));

/**
 * A gateway's start call: the body checked by zod, read by the gateway's route, the payment
 * started (an order's checkout, or the signed-in shopper's top-up), and the answer put in the
 * gateway's §7 shape. The gateway's own URL and method go in `x-payment-url` and
 * `x-payment-method`.
 */
export function startRoute(
  app: FastifyInstance,
  payments: PaymentsServiceImpl,
  g: PaymentGateway,
  route: StartRoute<unknown>,
) {
  const order = route.purpose === "order";
  app.route({
    method: "POST",
    url: route.path,
    schema: {
      tags: ["payments"],
      summary: route.summary,
      body: z.object(order ? { ...common, ...route.body } : route.body),
      response: { 200: anyFields },
    },
    handler: async (req, reply) => {
      const b = req.body as Record<string, unknown>;
      const { method, options, amount } = route.read(b);
      let s: Handoff;
      let rePayId: string | null = null;
      if (order) {
        const started = await payments.start(
          owner(req),
          {
            gateway: g.name,
            method,
            address: b.address,
            walletId: b.walletId as string | null | undefined,
            useWallet: b.useWallet as boolean | undefined,
            rePayId: b.rePayId as string | null | undefined,
            options,
          },
          { idempotencyKey: (req.headers["idempotency-key"] as string | undefined) ?? null },
        );
        s = started;
        rePayId = started.checkout.checkoutId;
      } else {
        // A top-up credits a wallet: only a signed-in shopper has one (401 otherwise).
        s = await payments.startTopUp(userIdOf(req), {
          gateway: g.name,
          method,
          amount: amount ?? Number.NaN,
          options,
        });
      }
      let answer: StartAnswer;
      if (s.ok) {
        reply.header("x-payment-url", s.action).header("x-payment-method", s.method);
        answer = { ok: true, action: s.action, method: s.method, fields: s.fields, rePayId };
      } else answer = { ok: false, message: s.message, rePayId };
      return route.answer(answer, b);
    },
  });
}

/**
 * Whether a gateway's post comes from the shopper's browser (a form navigation, answered with a
 * redirect) or from the gateway's server (answered with a status and JSON). Keenu and NIFT post
 * to one URL both ways; browsers mark navigations with Sec-Fetch-Mode and ask for HTML.
 */
const fromBrowser = (req: FastifyRequest) =>
  req.headers["sec-fetch-mode"] === "navigate" ||
  String(req.headers.accept ?? "").includes("text/html");

/**
 * The answer to a gateway's server: 200 when the signal was applied, repeated or recorded for a
 * refund; 404 for a reference we never issued, 400 for another gateway's or another amount's,
 * 409 for a failure after the attempt settled. The body says why (decision 019).
 */
function serverAnswer(r: SettleResult | null, landing: Landing) {
  if (!r) return { accepted: true, status: landing.status };
  if (r.accepted) return { accepted: true, status: r.attempt.status };
  switch (r.refusal) {
    case "unknown":
      throw notFound(r.message);
    case "mismatch":
      throw badRequest(r.message);
    case "out_of_order":
      throw conflict(r.message);
    case "refund_due":
      return { accepted: false, refundDue: true, message: r.message };
  }
}

/**
 * A return, callback or IPN of the gateway's: verified and applied by the service, answered
 * with a redirect (the browser) or JSON (the gateway's server). Banks post cross-site, without
 * our session cookie: these routes are exempt from the CSRF check and need no session.
 */
export function signalRoute(
  app: FastifyInstance,
  payments: PaymentsServiceImpl,
  g: PaymentGateway,
  route: SignalRoute,
) {
  app.route({
    method: route.method,
    url: route.path,
    config: { crossSite: route.method === "POST" },
    schema: {
      tags: ["payments"],
      summary: route.summary,
      ...defined({ querystring: route.querystring, params: route.params, body: route.body }),
    },
    handler: async (req, reply) => {
      const { result, landing } = await payments.receive(g.name, route, {
        query: (req.query ?? {}) as Record<string, unknown>,
        params: (req.params ?? {}) as Record<string, string>,
        body: (req.body ?? {}) as Record<string, unknown>,
        rawUrl: req.url,
        tag: route.tag,
      });
      const browser =
        route.kind === "return" || (route.kind === "return-or-callback" && fromBrowser(req));
      return browser ? reply.redirect(landing.location, 303) : serverAnswer(result, landing);
    },
  });
}

/** Anything else a gateway serves (Keenu's bank list), with its settings. */
export function pageRoute(
  app: FastifyInstance,
  payments: PaymentsServiceImpl,
  g: PaymentGateway,
  route: PageRoute<unknown>,
) {
  app.route({
    method: route.method,
    url: route.path,
    schema: {
      tags: ["payments"],
      summary: route.summary,
      ...(route.response ? { response: { 200: route.response } } : {}),
    },
    handler: () =>
      payments.withGateway(g.name, (ctx) => route.handle(ctx), {
        newPayments: route.newPayments,
      }),
  });
}
