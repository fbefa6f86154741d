import { z } from "zod";
import { defineGateway } from "../payment-gateway.ts";
import { anyFields, echo, refundInPortal, text } from "../route-kit.ts";
import { GatewayVerificationError } from "../types.ts";
import { ALFALAH_PATHS, type AlfalahSecrets, alfalahSettings } from "./alfalah.config.ts";
import { alfalahSandbox } from "./alfalah.sandbox.ts";
import {
  type AlfalahConfig,
  type AlfalahTransactionType,
  handshake,
  ipnUrlAllowed,
  orderStatus,
  returnHint,
  ssoForm,
} from "./alfalah.ts";

type Options = { transactionType: AlfalahTransactionType };

/**
 * Bank Alfalah's APG: the server-side handshake, the SSO page redirection, its unsigned browser
 * return, and the IPN ping naming APG's OrderStatus URL, which we ask ourselves (the inquiry).
 */
export const alfalahGateway = defineGateway<AlfalahConfig, AlfalahSecrets, Options>({
  name: "alfalah",
  label: "Bank Alfalah",
  methods: ["alfalah_pay"],
  settings: alfalahSettings,
  sandbox: alfalahSandbox,

  async start(ctx) {
    const returnUrl = `${ctx.origin}${ALFALAH_PATHS.return}`;
    const reference = ctx.attempt.reference;
    const hs = await handshake(ctx.config, ctx.http, { reference, returnUrl });
    if (!hs.success) return { ok: false, message: hs.error ?? "Invalid Request" };
    return {
      ok: true,
      ...ssoForm(ctx.config, {
        authToken: hs.authToken,
        reference,
        amount: ctx.attempt.amount,
        returnUrl,
        transactionType: ctx.options.transactionType,
      }),
    };
  },
  // The return (?RC&RD&TS&O) is not signed: it only says which order to go and ask about.
  verifyReturn: async (_ctx, req) => ({ hint: returnHint(req.query).reference }),
  async verifyCallback(ctx, req) {
    const ref = ipnUrlAllowed(ctx.config, String(req.query.url));
    if (!ref) throw new GatewayVerificationError("IPN URL is not APG's");
    // The URL is APG's own; asking it ourselves is the verification.
    return { outcome: await orderStatus(ctx.config, ctx.http, ref) };
  },
  inquire: (ctx, reference) => orderStatus(ctx.config, ctx.http, reference),
  refund: refundInPortal,

  routes: {
    start: [
      {
        path: "/pay/alfalah_pay",
        summary:
          "Bank Alfalah: fields posted to the gateway (leave out address, paymentMethod, handShakeStatus, walletId, useWallet)",
        purpose: "order",
        body: { transactionTypeId: z.enum(["1", "2", "3"]).optional() },
        read: (b) => ({
          method: "alfalah_pay",
          options: {
            transactionType: (text(b, "transactionTypeId") ?? "3") as AlfalahTransactionType,
          },
        }),
        answer: (r, b) =>
          r.ok
            ? { handShakeStatus: true, ...r.fields, ...echo(b) }
            : {
                handShakeStatus: false,
                status: false,
                message: r.message,
                ...echo(b),
                rePayId: r.rePayId,
              },
      },
    ],
    signals: [
      {
        method: "GET",
        path: "/payments/alfalah/return",
        summary: "APG ReturnURL (?RC&RD&TS&O, a hint: we ask OrderStatus before deciding)",
        kind: "return",
        querystring: anyFields,
      },
      {
        method: "GET",
        path: "/payments/alfalah/ipn",
        summary: "APG IPN listener (?url=…/HS/api/IPN/OrderStatus/…)",
        kind: "ipn",
        querystring: z.object({ url: z.string().max(500) }),
      },
    ],
  },
});
