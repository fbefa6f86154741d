import { z } from "zod";
import { defineGateway } from "../payment-gateway.ts";
import { anyFields, echo, notImplemented, refundInPortal } from "../route-kit.ts";
import { checkedFor, GatewayVerificationError, isStale } from "../types.ts";
import { NIFT_CALLBACK, type NiftSecrets, niftSettings } from "./nift.config.ts";
import { niftSandbox } from "./nift.sandbox.ts";
import { callbackTime, inquire, merchantForm, type NiftConfig, readCallback } from "./nift.ts";

/** What the §7 call takes; orders paid through NIFT keep these names. */
const NIFT_METHODS = ["NiftPayBank", "NiftPayCard"];

/**
 * NIFT ePay: the hosted merchant form (JazzCash's shape) and its signed post to pp_ReturnURL,
 * from the shopper's browser and NIFT's server alike. The post is checked strictly and is then
 * only a reason to ask NIFT's status inquiry, whose answer is applied (decision 022).
 */
export const niftGateway = defineGateway<NiftConfig, NiftSecrets>({
  name: "nift",
  label: "NIFT ePay",
  methods: [...NIFT_METHODS, "nift_pay_bank", "nift_pay_card"],
  settings: niftSettings,
  sandbox: niftSandbox,

  start: async (ctx) => ({
    ok: true,
    ...merchantForm(ctx.config, {
      reference: ctx.attempt.reference,
      amount: ctx.attempt.amount,
      method:
        ctx.attempt.method === "NiftPayCard" || ctx.attempt.method === "nift_pay_card"
          ? "NiftPayCard"
          : "NiftPayBank",
      description: ctx.description,
      returnUrl: `${ctx.origin}${NIFT_CALLBACK}`,
      at: new Date(),
      expiresAt: ctx.attempt.expiresAt,
    }),
  }),

  /**
   * The post, checked so it cannot be a re-split of another signed list and matched to the
   * attempt (reference, amount), then only a reason to ask NIFT (`confirmByInquiry`): when NIFT
   * does not answer, the attempt stays pending for the inquiry job.
   */
  async verifyCallback(ctx, req) {
    const ref = typeof req.body.pp_TxnRefNo === "string" ? req.body.pp_TxnRefNo : "";
    const a = await ctx.attempt(ref);
    return checkedFor(a?.gateway === "nift" ? a : null, () => {
      const outcome = readCallback(ctx.config, req.body);
      if (isStale(callbackTime(req.body), ctx.callbackMaxAgeMinutes))
        throw new GatewayVerificationError("stale callback");
      return { outcome, confirmByInquiry: true };
    });
  },
  inquire: (ctx, reference) => inquire(ctx.config, ctx.http, reference),
  refund: refundInPortal,

  routes: {
    start: [
      {
        path: "/pay/nift_pay",
        summary: "NIFT ePay: {status, message, gateway fields} submitted as a POST form",
        purpose: "order",
        body: { paymentMethod: z.string("Choose NiftPayBank or NiftPayCard").max(40) },
        read(b) {
          const method = String(b.paymentMethod);
          if (!NIFT_METHODS.includes(method)) throw notImplemented(method);
          return { method, options: undefined };
        },
        answer: (r, b) =>
          r.ok
            ? { status: true, message: "", ...r.fields, ...echo(b) }
            : { status: false, message: r.message, ...echo(b), rePayId: r.rePayId },
      },
    ],
    signals: [
      {
        method: "POST",
        path: "/payments/nift/callback",
        summary:
          "NIFT ePay post to pp_ReturnURL (pp_SecureHash): a browser is redirected, a server gets JSON (4xx when refused)",
        kind: "return-or-callback",
        body: anyFields,
      },
    ],
  },
});
