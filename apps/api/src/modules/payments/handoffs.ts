import * as alfalah from "./gateways/alfalah/alfalah.ts";
import * as easypaisa from "./gateways/easypaisa/easypaisa.ts";
import { karachiParts } from "./gateways/formats.ts";
import * as hbl from "./gateways/hbl/hbl.ts";
import type { GatewayHttp } from "./gateways/http.ts";
import * as keenu from "./gateways/keenu/keenu.ts";
import * as nift from "./gateways/nift/nift.ts";
import type { FormHandoff } from "./gateways/types.ts";
import type { GatewayConfigs } from "./payments.config.ts";
import type { PayableCheckout } from "./payments.ports.ts";

export type HandoffContext = {
  gateways: GatewayConfigs;
  http: GatewayHttp;
  /** The shop's public origin, for the URLs a gateway sends the shopper back to. */
  origin: string;
  reference: string;
  checkout: PayableCheckout;
  /** The attempt's secret URL tokens, for gateways whose callback is not signed (HBL). */
  tokens?: ReturnTokens | null;
};

/** The secrets in HBL's RETURN_URL and CANCEL_URL (only their hashes are kept). */
export type ReturnTokens = { returnToken: string; cancelToken: string };

/** A gateway's answer for our API: the form to submit, or a refusal with the gateway's words. */
export type Handoff = ({ ok: true } & FormHandoff) | { ok: false; message: string };

const description = (c: PayableCheckout) => `Maidan order ${c.checkoutId.slice(0, 8)}`;

export const returnUrls = (origin: string, tokens?: ReturnTokens | null) => ({
  easypaisaFirst: `${origin}/pgw/easypaisa`,
  easypaisaSecond: `${origin}/api/payments/easypaisa/return`,
  alfalah: `${origin}/api/payments/alfalah/return`,
  hblReturn: `${origin}/api/payments/hbl/return/${tokens?.returnToken ?? ""}`,
  hblCancel: `${origin}/api/payments/hbl/cancel/${tokens?.cancelToken ?? ""}`,
  nift: `${origin}/api/payments/nift/callback`,
});

/** Easypay's hosted checkout, for an order's amount due or a wallet top-up (no order). */
export async function easypaisaHandoff(
  ctx: Pick<HandoffContext, "gateways" | "origin" | "reference">,
  pay: { amount: number; expiresAt: Date; email: string | null; mobile: string | null },
  paymentMethod: string,
): Promise<Handoff> {
  const cfg = await ctx.gateways.easypaisa.config();
  const t = karachiParts(pay.expiresAt);
  return {
    ok: true,
    ...easypaisa.checkoutForm(cfg, {
      reference: ctx.reference,
      amount: pay.amount,
      postBackURL: returnUrls(ctx.origin).easypaisaFirst,
      expiry: `${t.yyyy}${t.MM}${t.dd} ${t.HH}${t.mm}${t.ss}`,
      paymentMethod,
      email: pay.email ?? undefined,
      mobile: pay.mobile ?? undefined,
    }),
  };
}

export async function alfalahHandoff(
  ctx: HandoffContext,
  type: alfalah.AlfalahTransactionType,
): Promise<Handoff> {
  const cfg = await ctx.gateways.alfalah.config();
  const returnUrl = returnUrls(ctx.origin).alfalah;
  const hs = await alfalah.handshake(cfg, ctx.http, { reference: ctx.reference, returnUrl });
  if (!hs.success) return { ok: false, message: hs.error ?? "Invalid Request" };
  return {
    ok: true,
    ...alfalah.ssoForm(cfg, {
      authToken: hs.authToken,
      reference: ctx.reference,
      amount: ctx.checkout.amountDue,
      returnUrl,
      transactionType: type,
    }),
  };
}

export async function hblHandoff(ctx: HandoffContext, customerId: string): Promise<Handoff> {
  const cfg = await ctx.gateways.hbl.config();
  const c = ctx.checkout;
  const [forename = "", ...rest] = c.contact.fullName.split(" ");
  if (!ctx.tokens) throw new Error("HBL: an attempt without its return tokens");
  const urls = returnUrls(ctx.origin, ctx.tokens);
  const r = await hbl.createSession(
    cfg,
    ctx.http,
    {
      reference: ctx.reference,
      amount: c.amountDue,
      shipping: Math.min(c.shipping, c.amountDue),
      customerId,
      items: c.items.map((i) => ({
        name: i.name,
        quantity: i.qty,
        unitPrice: i.price,
        category: i.category,
      })),
      billTo: {
        forename,
        surname: rest.join(" ") || forename,
        email: c.contact.email ?? "",
        phone: c.contact.phone,
        line: c.contact.address,
        city: c.contact.city,
        state: c.contact.province,
        postalCode: c.contact.zip ?? "",
      },
    },
    { returnUrl: urls.hblReturn, cancelUrl: urls.hblCancel },
  );
  if (!r.success) return { ok: false, message: r.message };
  return { ok: true, action: r.url, method: "GET", fields: {} };
}

export async function keenuHandoff(ctx: HandoffContext, bankId: string): Promise<Handoff> {
  const cfg = await ctx.gateways.keenu.config();
  return {
    ok: true,
    ...keenu.redirectForm(cfg, {
      reference: ctx.reference,
      amount: ctx.checkout.amountDue,
      bankId,
      description: description(ctx.checkout),
      at: new Date(),
    }),
  };
}

export async function niftHandoff(ctx: HandoffContext, method: nift.NiftMethod): Promise<Handoff> {
  const cfg = await ctx.gateways.nift.config();
  return {
    ok: true,
    ...nift.merchantForm(cfg, {
      reference: ctx.reference,
      amount: ctx.checkout.amountDue,
      method,
      description: description(ctx.checkout),
      returnUrl: returnUrls(ctx.origin).nift,
      at: new Date(),
      expiresAt: ctx.checkout.holdUntil,
    }),
  };
}
