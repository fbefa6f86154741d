import { z } from "zod";
import { tokenMatches } from "../../references.ts";
import { defineGateway } from "../payment-gateway.ts";
import { anyFields, echo, refundInPortal } from "../route-kit.ts";
import { checkedFor, GatewayVerificationError } from "../types.ts";
import { HBL_PATHS, type HblSecrets, hblSettings } from "./hbl.config.ts";
import { hblSandbox } from "./hbl.sandbox.ts";
import { createSession, type HblConfig, rawDataParam, readCallback } from "./hbl.ts";

const tokenPath = (path: "return" | "cancel") => ({
  method: "GET" as const,
  path: `/payments/hbl/${path}/:token`,
  summary: `HBLPay ${path === "return" ? "RETURN_URL" : "CANCEL_URL"} (?data=, RSA-encrypted to our key; the token binds it to one payment)`,
  kind: "return" as const,
  params: z.object({ token: z.string().max(100) }),
  querystring: anyFields,
  tag: path,
});
// The URL without a token (payments started before tokens existed) can only be refused.
const tokenless = (path: "return" | "cancel") => ({
  method: "GET" as const,
  path: `/payments/hbl/${path}`,
  summary: `HBLPay ${path} without its token: refused (400)`,
  kind: "return" as const,
  querystring: anyFields,
  tag: path,
});

/**
 * HBL Pay: the RSA-encrypted checkout API and the return encrypted to our key. HBL has no
 * status inquiry and no server-to-server notification (payment-gateways.md §2.3), so its return
 * is bound to its attempt by secret URL tokens and settles it once (decision 022).
 */
export const hblGateway = defineGateway<HblConfig, HblSecrets>({
  name: "hbl",
  label: "HBL Pay",
  methods: ["HBL"],
  settings: hblSettings,
  sandbox: hblSandbox,
  returnTokens: true,

  async start(ctx) {
    const c = ctx.checkout;
    if (!c) throw new Error("HBL: only a checkout's orders are paid through HBL");
    if (!ctx.tokens) throw new Error("HBL: an attempt without its return tokens");
    const [forename = "", ...rest] = c.contact.fullName.split(" ");
    const r = await createSession(
      ctx.config,
      ctx.http,
      {
        reference: ctx.attempt.reference,
        amount: ctx.attempt.amount,
        shipping: Math.min(c.shipping, ctx.attempt.amount),
        customerId: ctx.owner.userId ?? ctx.owner.guestId ?? "guest",
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
      {
        returnUrl: `${ctx.origin}${HBL_PATHS.return}/${ctx.tokens.returnToken}`,
        cancelUrl: `${ctx.origin}${HBL_PATHS.cancel}/${ctx.tokens.cancelToken}`,
      },
    );
    if (!r.success) return { ok: false, message: r.message };
    return { ok: true, action: r.url, method: "GET", fields: {} };
  },

  /**
   * RETURN_URL or CANCEL_URL. Decrypting proves only that the sender had our public key, so the
   * return must also come on its own attempt's URL (the token's hash is kept with the attempt),
   * the cancel URL only with a cancel; the amount is checked where HBL sends one.
   */
  async verifyReturn(ctx, req) {
    const o = readCallback(ctx.config, rawDataParam(req.rawUrl) ?? "");
    const a = await ctx.attempt(o.reference);
    const via = req.tag === "cancel" ? "cancel" : "return";
    return checkedFor(a, () => {
      if (a?.gateway !== "hbl")
        throw new GatewayVerificationError("HBL callback for a payment we did not send");
      const hash = via === "return" ? a.returnTokenHash : a.cancelTokenHash;
      if (!tokenMatches(req.params.token ?? null, hash))
        throw new GatewayVerificationError(`HBL callback without this payment's ${via} token`);
      if (via === "cancel" && o.kind !== "cancelled")
        throw new GatewayVerificationError(`HBL ${o.kind} callback on the cancel URL`);
      return { outcome: o, returnToken: true };
    });
  },
  refund: refundInPortal,

  routes: {
    start: [
      {
        path: "/pay/hbl",
        summary: "HBL Pay: hbl_success ('yes' or not) and hbl_url, opened by a GET form",
        purpose: "order",
        body: {},
        read: () => ({ method: "HBL", options: undefined }),
        answer: (r, b) =>
          r.ok
            ? { hbl_success: "yes", hbl_url: r.action, rePayId: r.rePayId, ...echo(b) }
            : {
                hbl_success: "no",
                hbl_url: "",
                message: r.message,
                rePayId: r.rePayId,
                ...echo(b),
              },
      },
    ],
    signals: [tokenPath("return"), tokenPath("cancel"), tokenless("return"), tokenless("cancel")],
  },
});
