import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { requireRole, userIdOf } from "../auth/auth.plugin.ts";
import { EASYPAISA_METHODS } from "./gateways/easypaisa/easypaisa.ts";
import type { PaymentsServiceImpl, StartInput } from "./payments.service.ts";
import type { SettleResult } from "./settlement.ts";

/** Spec §8 for a method this endpoint does not offer (wallet top-up included). */
const notImplemented = (name: string) =>
  badRequest(`The checkout service ${name} not yet implemented`);
const NIFT_METHODS = ["NiftPayBank", "NiftPayCard"];

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
function serverAnswer(r: SettleResult) {
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

const common = {
  address: z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== "", "Choose a delivery address"),
  paymentMethod: z.string().max(40).optional(),
  walletId: z.string().max(100).nullable().optional(),
  useWallet: z.boolean().optional(),
  rePayId: z.string().max(100).nullable().optional(),
};
const anyFields = z.record(z.string(), z.unknown());
const easypaisaMethod = z.enum(EASYPAISA_METHODS).optional();

/**
 * Easypay's hand-off as §7 answers it: every value URL-encoded (the storefront decodes them),
 * and Easypay's own `paymentMethod` under `paymentMethod_ep` (ours is the spec's method name).
 */
function easypaisaFields(fields: Record<string, string>) {
  const { paymentMethod, ...rest } = fields;
  return {
    ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, encodeURIComponent(v)])),
    paymentMethod_ep: encodeURIComponent(paymentMethod ?? ""),
  };
}

const owner = (req: FastifyRequest) => ({
  userId: req.viewer?.user?.id ?? null,
  guestId: req.viewer?.guestId ?? null,
});
const echo = (b: {
  address?: unknown;
  paymentMethod?: string;
  walletId?: string | null;
  useWallet?: boolean;
}) => ({
  address: b.address,
  paymentMethod: b.paymentMethod,
  walletId: b.walletId ?? null,
  useWallet: b.useWallet ?? false,
});

/**
 * Spec §7 "Payments", relative to /api, plus the return, callback and IPN endpoints the
 * gateways call. The gateway's own URL for each hand-off goes in the `x-payment-url` header.
 */
export const paymentsRoutes: FastifyPluginAsync<{ payments: PaymentsServiceImpl }> = async (
  app,
  { payments },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const start = async (req: FastifyRequest, reply: FastifyReply, input: StartInput) => {
    const res = await payments.start(owner(req), input, {
      idempotencyKey: (req.headers["idempotency-key"] as string | undefined) ?? null,
    });
    if (!res.ok)
      return { ok: false as const, message: res.message, rePayId: res.checkout.checkoutId };
    reply.header("x-payment-url", res.action).header("x-payment-method", res.method);
    return {
      ok: true as const,
      fields: res.fields,
      action: res.action,
      rePayId: res.checkout.checkoutId,
    };
  };
  const schema = <B extends z.ZodType>(summary: string, body: B) => ({
    tags: ["payments"],
    summary,
    body,
    response: { 200: anyFields },
  });

  r.post(
    "/pay/hbl",
    {
      schema: schema(
        "HBL Pay: hbl_success ('yes' or not) and hbl_url, opened by a GET form",
        z.object(common),
      ),
    },
    async (req, reply) => {
      const s = await start(req, reply, { gateway: "hbl", method: "HBL", ...req.body });
      return s.ok
        ? { hbl_success: "yes", hbl_url: s.action, rePayId: s.rePayId, ...echo(req.body) }
        : {
            hbl_success: "no",
            hbl_url: "",
            message: s.message,
            rePayId: s.rePayId,
            ...echo(req.body),
          };
    },
  );

  r.post(
    "/pay/keenu",
    {
      schema: schema(
        "Keenu: hidden fields for a POST form to the bank gateway (leave out address and paymentMethod)",
        z.object({ ...common, bankId: z.string().min(1, "Choose your bank").max(20) }),
      ),
    },
    async (req, reply) => {
      const s = await start(req, reply, { gateway: "keenu", method: "Keenu", ...req.body });
      return s.ok
        ? { ...s.fields, ...echo(req.body) }
        : { status: false, message: s.message, ...echo(req.body), rePayId: s.rePayId };
    },
  );

  r.post(
    "/pay/nift_pay",
    {
      schema: schema(
        "NIFT ePay: {status, message, gateway fields} submitted as a POST form",
        z.object({
          ...common,
          paymentMethod: z.string("Choose NiftPayBank or NiftPayCard").max(40),
        }),
      ),
    },
    async (req, reply) => {
      if (!NIFT_METHODS.includes(req.body.paymentMethod))
        throw notImplemented(req.body.paymentMethod);
      const s = await start(req, reply, {
        gateway: "nift",
        method: req.body.paymentMethod,
        ...req.body,
      });
      return s.ok
        ? { status: true, message: "", ...s.fields, ...echo(req.body) }
        : { status: false, message: s.message, ...echo(req.body), rePayId: s.rePayId };
    },
  );

  r.post(
    "/pay/alfalah_pay",
    {
      schema: schema(
        "Bank Alfalah: fields posted to the gateway (leave out address, paymentMethod, handShakeStatus, walletId, useWallet)",
        z.object({ ...common, transactionTypeId: z.enum(["1", "2", "3"]).optional() }),
      ),
    },
    async (req, reply) => {
      const s = await start(req, reply, {
        gateway: "alfalah",
        method: "alfalah_pay",
        ...req.body,
        alfalahType: req.body.transactionTypeId,
      });
      return s.ok
        ? { handShakeStatus: true, ...s.fields, ...echo(req.body) }
        : {
            handShakeStatus: false,
            status: false,
            message: s.message,
            ...echo(req.body),
            rePayId: s.rePayId,
          };
    },
  );

  r.post(
    "/pay/easypaisa",
    {
      schema: schema(
        "Easypaisa: URL-encoded fields for a GET form (paymentMethod_ep becomes paymentMethod)",
        z.object({
          ...common,
          paymentMethod_ep: easypaisaMethod,
        }),
      ),
    },
    async (req, reply) => {
      const s = await start(req, reply, {
        gateway: "easypaisa",
        method: "easypaisa",
        ...req.body,
        easypaisaMethod: req.body.paymentMethod_ep,
      });
      if (!s.ok)
        return { status: false, message: s.message, ...echo(req.body), rePayId: s.rePayId };
      return { ...easypaisaFields(s.fields), ...echo(req.body), rePayId: s.rePayId };
    },
  );

  r.post(
    "/pay/easypaisa_wallet",
    {
      schema: schema(
        "Wallet top-up through Easypaisa: the same GET-form hand-off; the wallet is credited only on a verified success",
        z.object({
          amount: z
            .number("Enter the amount in whole rupees")
            .int("Enter the amount in whole rupees"),
          paymentMethod: z.string().max(40),
          paymentMethod_ep: easypaisaMethod,
        }),
      ),
    },
    async (req, reply) => {
      const { amount, paymentMethod } = req.body;
      if (paymentMethod !== "easypaisa_wallet" && paymentMethod !== "easypaisa") {
        throw notImplemented(paymentMethod);
      }
      // A top-up credits a wallet: only a signed-in shopper has one (401 otherwise).
      const s = await payments.startTopUp(userIdOf(req), {
        amount,
        easypaisaMethod: req.body.paymentMethod_ep,
      });
      if (!s.ok) return { status: false, message: s.message };
      reply.header("x-payment-url", s.action).header("x-payment-method", s.method);
      return { ...easypaisaFields(s.fields), paymentMethod };
    },
  );

  // --- What the gateways call. None of these needs the session cookie. ---
  r.get(
    "/payments/easypaisa/return",
    {
      schema: {
        tags: ["payments"],
        summary: "Easypay's second postBackURL (a hint: we inquire before deciding)",
        querystring: anyFields,
      },
    },
    async (req, reply) => reply.redirect((await payments.easypaisaReturn(req.query)).location, 303),
  );
  r.get(
    "/payments/easypaisa/ipn",
    {
      schema: {
        tags: ["payments"],
        summary: "Easypay IPN: we fetch the order-status URL from Easypay's host",
        querystring: z.object({ url: z.string().max(500) }),
      },
    },
    async (req) => serverAnswer(await payments.easypaisaIpn(req.query.url)),
  );
  r.get(
    "/payments/alfalah/return",
    {
      schema: {
        tags: ["payments"],
        summary: "APG ReturnURL (?RC&RD&TS&O, a hint: we ask OrderStatus before deciding)",
        querystring: anyFields,
      },
    },
    async (req, reply) => reply.redirect((await payments.alfalahReturn(req.query)).location, 303),
  );
  r.get(
    "/payments/alfalah/ipn",
    {
      schema: {
        tags: ["payments"],
        summary: "APG IPN listener (?url=…/HS/api/IPN/OrderStatus/…)",
        querystring: z.object({ url: z.string().max(500) }),
      },
    },
    async (req) => serverAnswer(await payments.alfalahIpn(req.query.url)),
  );
  for (const path of ["return", "cancel"] as const) {
    r.get(
      `/payments/hbl/${path}/:token`,
      {
        schema: {
          tags: ["payments"],
          summary: `HBLPay ${path === "return" ? "RETURN_URL" : "CANCEL_URL"} (?data=, RSA-encrypted to our key; the token binds it to one payment)`,
          params: z.object({ token: z.string().max(100) }),
          querystring: anyFields,
        },
      },
      async (req, reply) =>
        reply.redirect(
          (await payments.hblReturn(req.url, { path, token: req.params.token })).location,
          303,
        ),
    );
    // The URL without a token (payments started before tokens existed) can only be refused.
    r.get(
      `/payments/hbl/${path}`,
      {
        schema: {
          tags: ["payments"],
          summary: `HBLPay ${path} without its token: refused (400)`,
          querystring: anyFields,
        },
      },
      async (req, reply) =>
        reply.redirect((await payments.hblReturn(req.url, { path, token: null })).location, 303),
    );
  }
  r.post(
    "/payments/keenu/callback",
    {
      schema: {
        tags: ["payments"],
        summary:
          "Keenu callback (HMAC-MD5 checksum): a browser is redirected, a server gets JSON (4xx when refused)",
        body: anyFields,
      },
    },
    async (req, reply) => {
      const r = await payments.keenuCallback(req.body);
      return fromBrowser(req) ? reply.redirect(r.landing.location, 303) : serverAnswer(r.result);
    },
  );
  r.post(
    "/payments/nift/callback",
    {
      schema: {
        tags: ["payments"],
        summary:
          "NIFT ePay post to pp_ReturnURL (pp_SecureHash): a browser is redirected, a server gets JSON (4xx when refused)",
        body: anyFields,
      },
    },
    async (req, reply) => {
      const r = await payments.niftCallback(req.body);
      return fromBrowser(req) ? reply.redirect(r.landing.location, 303) : serverAnswer(r.result);
    },
  );
  // --- Staff: refunds owed (decision 023). ---
  r.get(
    "/payments/refunds",
    {
      preHandler: requireRole("manager"),
      schema: {
        tags: ["payments"],
        summary:
          "Refunds owed: cancelled orders paid online whose money goes back to the original method, and money taken too late",
        response: { 200: anyFields },
      },
    },
    async () => payments.refundsOwed(),
  );
  r.post(
    "/payments/refunds/:id/refunded",
    {
      preHandler: requireRole("manager"),
      schema: {
        tags: ["payments"],
        summary: "Record a refund made in the gateway's portal (once; 409 when not owed)",
        params: z.object({ id: z.uuid({ message: "Unknown refund" }) }),
        body: z.object({
          gatewayRefundRef: z
            .string("The gateway's refund reference is required")
            .trim()
            .min(1, "The gateway's refund reference is required")
            .max(100),
        }),
        response: { 200: anyFields },
      },
    },
    async (req) => payments.markRefunded(req.params.id, req.body.gatewayRefundRef),
  );
  r.get(
    "/payments/keenu/banks",
    {
      schema: {
        tags: ["payments"],
        summary: "Keenu's bank list (SOAP GetBanks)",
        response: { 200: z.array(z.object({ bankId: z.string(), bankName: z.string() })) },
      },
    },
    async () => payments.keenuBanks(),
  );
};

/** Paths banks and gateways POST to cross-site, without our session cookie. */
export const PAYMENT_CALLBACK_PATHS = [
  "/api/payments/keenu/callback",
  "/api/payments/nift/callback",
];
