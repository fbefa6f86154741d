import { z } from "zod";
import { karachiParts } from "../formats.ts";
import { defineGateway, type GatewayContext, type StartAnswer } from "../payment-gateway.ts";
import { anyFields, echo, notImplemented, refundInPortal, text } from "../route-kit.ts";
import { EASYPAISA_PATHS, type EasypaisaSecrets, easypaisaSettings } from "./easypaisa.config.ts";
import { easypaisaSandbox } from "./easypaisa.sandbox.ts";
import {
  checkoutForm,
  confirmForm,
  EASYPAISA_METHODS,
  type EasypaisaConfig,
  fetchIpn,
  inquire,
  returnHint,
} from "./easypaisa.ts";

/** Easypay's own payment method (mobile account, OTC, card, QR). */
type Options = { easypaisaMethod?: string };

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

const orderAnswer = (r: StartAnswer, b: Record<string, unknown>) =>
  r.ok
    ? { ...easypaisaFields(r.fields), ...echo(b), rePayId: r.rePayId }
    : { status: false, message: r.message, ...echo(b), rePayId: r.rePayId };

/** Easypay's second step (the storefront's /pgw/easypaisa): the form posting the token back. */
export const easypaisaConfirmForm = (ctx: GatewayContext<EasypaisaConfig>, authToken: string) =>
  confirmForm(ctx.config, authToken, `${ctx.origin}${EASYPAISA_PATHS.secondPostBack}`);

/**
 * Easypaisa (Telenor Microfinance Bank's Easypay): the hosted checkout, its unsigned browser
 * return, the IPN ping whose order-status URL we fetch from Easypay's host, and the v4 inquiry.
 * It also takes wallet top-ups (spec §7 `/pay/easypaisa_wallet`).
 */
export const easypaisaGateway = defineGateway<EasypaisaConfig, EasypaisaSecrets, Options>({
  name: "easypaisa",
  label: "Easypaisa",
  methods: ["easypaisa", "easypaisa_wallet"],
  settings: easypaisaSettings,
  sandbox: easypaisaSandbox,

  async start(ctx) {
    const t = karachiParts(ctx.attempt.expiresAt);
    return {
      ok: true,
      ...checkoutForm(ctx.config, {
        reference: ctx.attempt.reference,
        amount: ctx.attempt.amount,
        postBackURL: `${ctx.origin}${EASYPAISA_PATHS.firstPostBack}`,
        expiry: `${t.yyyy}${t.MM}${t.dd} ${t.HH}${t.mm}${t.ss}`,
        paymentMethod: ctx.options.easypaisaMethod ?? "MA_PAYMENT_METHOD",
        email: ctx.checkout?.contact.email ?? undefined,
        mobile: ctx.checkout?.contact.phone ?? undefined,
      }),
    };
  },
  // The return is not signed: it only says which order to go and ask about.
  verifyReturn: async (_ctx, req) => ({ hint: returnHint(req.query).reference }),
  verifyCallback: async (ctx, req) => ({
    outcome: await fetchIpn(ctx.config, ctx.http, String(req.query.url)),
  }),
  inquire: (ctx, reference) => inquire(ctx.config, ctx.http, reference),
  refund: refundInPortal,

  routes: {
    start: [
      {
        path: "/pay/easypaisa",
        summary:
          "Easypaisa: URL-encoded fields for a GET form (paymentMethod_ep becomes paymentMethod)",
        purpose: "order",
        body: { paymentMethod_ep: easypaisaMethod },
        read: (b) => ({
          method: "easypaisa",
          options: { easypaisaMethod: text(b, "paymentMethod_ep") },
        }),
        answer: orderAnswer,
      },
      {
        path: "/pay/easypaisa_wallet",
        summary:
          "Wallet top-up through Easypaisa: the same GET-form hand-off; the wallet is credited only on a verified success",
        purpose: "wallet_topup",
        body: {
          amount: z
            .number("Enter the amount in whole rupees")
            .int("Enter the amount in whole rupees"),
          paymentMethod: z.string().max(40),
          paymentMethod_ep: easypaisaMethod,
        },
        read(b) {
          const method = String(b.paymentMethod);
          if (method !== "easypaisa_wallet" && method !== "easypaisa") throw notImplemented(method);
          return {
            method: "easypaisa_wallet",
            amount: Number(b.amount),
            options: { easypaisaMethod: text(b, "paymentMethod_ep") },
          };
        },
        answer: (r, b) =>
          r.ok
            ? { ...easypaisaFields(r.fields), paymentMethod: b.paymentMethod }
            : { status: false, message: r.message },
      },
    ],
    signals: [
      {
        method: "GET",
        path: "/payments/easypaisa/return",
        summary: "Easypay's second postBackURL (a hint: we inquire before deciding)",
        kind: "return",
        querystring: anyFields,
      },
      {
        method: "GET",
        path: "/payments/easypaisa/ipn",
        summary: "Easypay IPN: we fetch the order-status URL from Easypay's host",
        kind: "ipn",
        querystring: z.object({ url: z.string().max(500) }),
      },
    ],
  },
});
