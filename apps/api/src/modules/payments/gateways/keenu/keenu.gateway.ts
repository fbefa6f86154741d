import { z } from "zod";
import { defineGateway, type GatewayContext } from "../payment-gateway.ts";
import { anyFields, echo, refundInPortal, text } from "../route-kit.ts";
import { checkedFor, GatewayVerificationError, isStale } from "../types.ts";
import { type KeenuSecrets, keenuSettings } from "./keenu.config.ts";
import { keenuSandbox } from "./keenu.sandbox.ts";
import {
  callbackReference,
  callbackTime,
  getBanks,
  type KeenuConfig,
  readCallback,
  redirectForm,
} from "./keenu.ts";

type Options = { bankId: string };

/** The banks the shopper can pick (the storefront's picker and GET /payments/keenu/banks). */
export const keenuBanks = (ctx: GatewayContext<KeenuConfig>) => getBanks(ctx.config, ctx.http);

/**
 * Keenu: a bank picker (SOAP GetBanks), the signed redirect to the shopper's bank, and the
 * HMAC-MD5 signed callback, posted by the shopper's browser and by Keenu's server to one URL.
 * Keenu documents no status inquiry (decision 019).
 */
export const keenuGateway = defineGateway<KeenuConfig, KeenuSecrets, Options>({
  name: "keenu",
  label: "Keenu",
  methods: ["Keenu"],
  settings: keenuSettings,
  sandbox: keenuSandbox,

  start: async (ctx) => ({
    ok: true,
    ...redirectForm(ctx.config, {
      reference: ctx.attempt.reference,
      amount: ctx.attempt.amount,
      bankId: ctx.options.bankId,
      description: ctx.description,
      at: new Date(),
    }),
  }),

  /**
   * The checksum covers the order's amount, which the callback does not carry: it comes from
   * our attempt, so an unknown order cannot be verified at all.
   */
  async verifyCallback(ctx, req) {
    const a = await ctx.attempt(callbackReference(req.body));
    return checkedFor(a, () => {
      if (a?.gateway !== "keenu")
        throw new GatewayVerificationError("Keenu callback for an order we did not send");
      const outcome = readCallback(ctx.config, req.body, a.amount);
      if (isStale(callbackTime(req.body), ctx.callbackMaxAgeMinutes))
        throw new GatewayVerificationError("stale callback");
      return { outcome };
    });
  },
  refund: refundInPortal,

  routes: {
    start: [
      {
        path: "/pay/keenu",
        summary:
          "Keenu: hidden fields for a POST form to the bank gateway (leave out address and paymentMethod)",
        purpose: "order",
        body: { bankId: z.string().min(1, "Choose your bank").max(20) },
        read: (b) => ({ method: "Keenu", options: { bankId: text(b, "bankId") ?? "" } }),
        answer: (r, b) =>
          r.ok
            ? { ...r.fields, ...echo(b) }
            : { status: false, message: r.message, ...echo(b), rePayId: r.rePayId },
      },
    ],
    signals: [
      {
        method: "POST",
        path: "/payments/keenu/callback",
        summary:
          "Keenu callback (HMAC-MD5 checksum): a browser is redirected, a server gets JSON (4xx when refused)",
        kind: "return-or-callback",
        body: anyFields,
      },
    ],
    pages: [
      {
        method: "GET",
        path: "/payments/keenu/banks",
        summary: "Keenu's bank list (SOAP GetBanks)",
        response: z.array(z.object({ bankId: z.string(), bankName: z.string() })),
        newPayments: true,
        handle: keenuBanks,
      },
    ],
  },
});
