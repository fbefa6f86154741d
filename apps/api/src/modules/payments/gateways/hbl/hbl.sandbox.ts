import { randomUUID } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import { scriptNonce } from "../../../../plugins/security.ts";
import { choosePage, fields, html, ledger, page } from "../../sandbox/sandbox-kit.ts";
import type { SandboxDeps } from "../payment-gateway.ts";
import type { HblSecrets } from "./hbl.config.ts";
import { decryptValues, encryptCallback } from "./hbl-crypto.ts";

type Session = { ref: string; amount: string; returnUrl: string; cancelUrl: string; done: boolean };
type Json = Parameters<typeof decryptValues>[0];
type PlainOrder = {
  SUBTOTAL?: string;
  DISCOUNT_ON_TOTAL?: string;
  OrderSummaryDescription?: { QUANTITY?: string; UNIT_PRICE?: string }[];
};

const refusal = (code: number, message: string) => ({
  IsSuccess: false,
  ResponseCode: code,
  ResponseMessage: message,
  Data: null,
});

/**
 * What HBL charges, from the order as its hosted page shows it: the item lines must add up to
 * SUBTOTAL, the discount must lie within it, and SUBTOTAL − DISCOUNT_ON_TOTAL + SHIPPING_COST is
 * the amount. Null when the sums do not hold (HBL would refuse to show such an order).
 */
export function hblAmount(order: PlainOrder | undefined, shippingCost: string | undefined) {
  const num = (v: string | undefined) =>
    v !== undefined && /^\d+(\.\d+)?$/.test(v) ? Number(v) : NaN;
  const subtotal = num(order?.SUBTOTAL);
  const discount = num(order?.DISCOUNT_ON_TOTAL ?? "0");
  const shipping = num(shippingCost ?? "0");
  const lines = (order?.OrderSummaryDescription ?? []).reduce(
    (n, l) => n + num(l.UNIT_PRICE) * num(l.QUANTITY),
    0,
  );
  const amount = subtotal - discount + shipping;
  const ok =
    Number.isFinite(amount) &&
    lines === subtotal &&
    discount >= 0 &&
    discount <= subtotal &&
    amount > 0;
  return ok ? amount : null;
}

/** HBLPay: the RSA-encrypted checkout API, the hosted page and the encrypted callback. */
export const hblSandbox: FastifyPluginAsync<SandboxDeps<HblSecrets>> = async (app, deps) => {
  const sessions = ledger<Session>(deps.kv, "hbl");

  app.post("/sandbox/hbl/HBLPay/api/checkout", async (req) => {
    const s = await deps.secrets();
    const body = req.body as { USER_ID?: string } | undefined;
    // The guide's code 02: invalid user/password.
    if (body?.USER_ID !== s.userId) return refusal(2, "Invalid user/password");
    let plain: {
      PASSWORD?: string;
      RETURN_URL?: string;
      CANCEL_URL?: string;
      ORDER?: PlainOrder;
      SHIPPING_DETAIL?: { SHIPPING_COST?: string };
      ADDITIONAL_DATA?: { REFERENCE_NUMBER?: string };
    };
    try {
      plain = decryptValues(body as Json, s.hblPrivate) as typeof plain;
    } catch {
      return refusal(1, "Decryption failed");
    }
    if (plain.PASSWORD !== s.password) return refusal(2, "Invalid user/password");
    const ref = plain.ADDITIONAL_DATA?.REFERENCE_NUMBER;
    if (!ref || !plain.RETURN_URL || !plain.CANCEL_URL) return refusal(3, "Required field missing");
    const amount = hblAmount(plain.ORDER, plain.SHIPPING_DETAIL?.SHIPPING_COST);
    if (amount === null) return refusal(4, "Order amounts do not add up");
    const id = randomUUID();
    await sessions.put(id, {
      ref,
      amount: String(amount),
      returnUrl: plain.RETURN_URL,
      cancelUrl: plain.CANCEL_URL,
      done: false,
    });
    return {
      IsSuccess: true,
      ResponseCode: 0,
      ResponseMessage: "Success",
      Data: { SESSION_ID: id },
    };
  });

  // The real page is a single-page app that reads its session from the URL's fragment.
  app.get("/sandbox/hbl/HBLPay/Site/index.html", async (_req, reply) =>
    html(
      reply,
      page(
        "HBLPay",
        `<p>Loading…</p><script nonce="${scriptNonce(reply)}">var m=/data=([^&]*)/.exec(location.hash);location.replace("/sandbox/hbl/HBLPay/Site/checkout?data="+(m?m[1]:""))</script>`,
      ),
    ),
  );

  app.get("/sandbox/hbl/HBLPay/Site/checkout", async (req, reply) => {
    const data = (req.query as { data?: string }).data ?? "";
    const id = Buffer.from(data, "base64").toString();
    const sess = await sessions.get(id);
    if (!sess || sess.done)
      return html(reply, page("HBLPay", "<h1>SESSION ID NOT FOUND</h1>"), 404);
    return html(
      reply,
      choosePage(
        "HBLPay checkout",
        [
          ["Order", sess.ref],
          ["Amount", `PKR ${sess.amount}`],
        ],
        "/sandbox/hbl/HBLPay/Site/choose",
        { session: id },
        // HBL answers by redirecting the browser only: no IPN, no inquiry (§2.3).
        { notify: false },
      ),
    );
  });

  app.post("/sandbox/hbl/HBLPay/Site/choose", async (req, reply) => {
    const f = fields(req);
    const sess = await sessions.get(f.session ?? "");
    if (!sess || sess.done)
      return html(reply, page("HBLPay", "<h1>SESSION ID NOT FOUND</h1>"), 404);
    sess.done = true;
    await sessions.put(f.session as string, sess);
    const s = await deps.secrets();
    const [code, message] =
      f.outcome === "success"
        ? ["100", "Transaction is successful"]
        : f.outcome === "cancel"
          ? ["112", "Cancelled by user"]
          : ["230", "Declined by issuer"];
    const extra =
      f.outcome === "success"
        ? `&CS_RESP_TOKEN=${Date.now()}&CARD_NUM_MASKED=xxxxxxxxxxxx1111`
        : "";
    const text = `RESPONSE_CODE=${code}&RESPONSE_MESSAGE=${message}&ORDER_REF_NUMBER=${sess.ref}${extra}`;
    const data = encryptCallback(text, s.merchantPublic);
    const target = f.outcome === "cancel" ? sess.cancelUrl : sess.returnUrl;
    const sep = target.includes("?") ? "&" : "?";
    return reply.redirect(`${target}${sep}data=${encodeURIComponent(data)}`, 302);
  });
};
