import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import type { FastifyPluginAsync } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addToCart,
  guest,
  pickVariants,
  send,
  setStock,
  stockOf,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { ADDRESS } from "../../testing/order-helpers.ts";
import { locationOf, pathOf, postForm, serverPost } from "../../testing/payment-helpers.ts";
import { fromPaisa, paisa } from "./gateways/formats.ts";
import { formBody, readJson } from "./gateways/http.ts";
import { defineGateway, type SandboxDeps } from "./gateways/payment-gateway.ts";
import { anyFields, echo } from "./gateways/route-kit.ts";
import { checkedFor, GatewayVerificationError } from "./gateways/types.ts";
import * as repo from "./payments.repository.ts";
import { ledger } from "./sandbox/sandbox-kit.ts";

/**
 * A sixth gateway, defined here and nowhere else (decision 033): a JazzCash-shaped one with a
 * hosted form, an unsigned browser return, a signed server-to-server callback and a refund API.
 * It is registered through the registry's own API (`extraGateways`), and a checkout goes to paid
 * through it with no file outside this test knowing it exists: its start call, its sandbox, its
 * return and its callback are all its own declarations, run by the shop's generic payments.
 */
type Settings = {
  formUrl: string;
  refundUrl: string;
  merchantId: string;
  salt: string;
};
type Secrets = { merchantId: string; salt: string };

/** JazzCash's pp_SecureHash: HMAC-SHA256 keyed by the salt over `salt&v1&v2…` (sorted by name). */
const secureHash = (fields: Record<string, string>, salt: string) => {
  const values = Object.keys(fields)
    .filter((k) => k !== "pp_SecureHash" && fields[k] !== "")
    .sort()
    .map((k) => fields[k]);
  return createHmac("sha256", salt)
    .update([salt, ...values].join("&"))
    .digest("hex");
};
const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const RETURN = "/api/payments/jazzcash/return";
const CALLBACK = "/api/payments/jazzcash/callback";

type Txn = { ref: string; amount: string; returnUrl: string; code?: string; refunded?: string };

/** Its sandbox: the hosted form, the tester's choice, the server-to-server post, refunds. */
const jazzcashSandbox: FastifyPluginAsync<SandboxDeps<Secrets>> = async (app, deps) => {
  const txns = ledger<Txn>(deps.kv, "jazzcash");
  const field = (body: unknown, k: string) => String((body as Record<string, unknown>)[k] ?? "");

  app.post("/sandbox/jazzcash/merchantform", async (req, reply) => {
    const s = await deps.secrets();
    const f = req.body as Record<string, string>;
    if (!sameHash(secureHash(f, s.salt), f.pp_SecureHash ?? "") || f.pp_MerchantID !== s.merchantId)
      return reply.code(400).send("115: Invalid secure hash");
    await txns.put(f.pp_TxnRefNo ?? "", {
      ref: f.pp_TxnRefNo ?? "",
      amount: f.pp_Amount ?? "",
      returnUrl: f.pp_ReturnURL ?? "",
    });
    return reply.type("text/html").send("<h1>JazzCash sandbox</h1>");
  });

  // The shopper pays; the browser goes back with nothing signed on it.
  app.post("/sandbox/jazzcash/choose", async (req, reply) => {
    const t = await txns.get(field(req.body, "ref"));
    if (!t) return reply.code(404).send("no such transaction");
    t.code = field(req.body, "outcome") === "success" ? "000" : "112";
    await txns.put(t.ref, t);
    return reply.redirect(`${t.returnUrl}?pp_TxnRefNo=${t.ref}`, 302);
  });

  // JazzCash's server tells the shop, signed.
  app.post("/sandbox/jazzcash/notify", async (req, reply) => {
    const s = await deps.secrets();
    const t = await txns.get(field(req.body, "ref"));
    if (!t?.code) return reply.code(404).send("nothing to tell");
    const post: Record<string, string> = {
      pp_TxnRefNo: t.ref,
      pp_Amount: t.amount,
      pp_MerchantID: s.merchantId,
      pp_ResponseCode: t.code,
    };
    post.pp_SecureHash = secureHash(post, s.salt);
    const res = await deps.http({
      method: "POST",
      url: CALLBACK,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: formBody(post),
    });
    return reply.code(res.status).type("application/json").send(res.text);
  });

  app.post("/sandbox/jazzcash/refund", async (req, reply) => {
    const t = await txns.get(field(req.body, "ref"));
    if (t?.code !== "000") return reply.code(409).send({ error: "not paid" });
    t.refunded = `RF${randomBytes(4).toString("hex")}`;
    await txns.put(t.ref, t);
    return { refundId: t.refunded };
  });
};

const jazzcash = defineGateway<Settings, Secrets>({
  name: "jazzcash",
  label: "JazzCash",
  methods: ["jazzcash"],
  settings: {
    live: () => null,
    sandbox: {
      secrets: async () => ({ merchantId: "MC99", salt: randomBytes(12).toString("hex") }),
      settings: (s) => ({
        ...s,
        formUrl: "/sandbox/jazzcash/merchantform",
        refundUrl: "/sandbox/jazzcash/refund",
      }),
    },
  },
  sandbox: jazzcashSandbox,

  async start(ctx) {
    const fields: Record<string, string> = {
      pp_TxnRefNo: ctx.attempt.reference,
      pp_Amount: paisa(ctx.attempt.amount),
      pp_MerchantID: ctx.config.merchantId,
      pp_ReturnURL: `${ctx.origin}${RETURN}`,
    };
    fields.pp_SecureHash = secureHash(fields, ctx.config.salt);
    return { ok: true, action: ctx.config.formUrl, method: "POST", fields };
  },
  verifyReturn: async (_ctx, req) => ({ hint: String(req.query.pp_TxnRefNo ?? "") }),
  async verifyCallback(ctx, req) {
    const f = req.body as Record<string, string>;
    const a = await ctx.attempt(f.pp_TxnRefNo);
    return checkedFor(a?.gateway === "jazzcash" ? a : null, () => {
      if (!sameHash(secureHash(f, ctx.config.salt), String(f.pp_SecureHash ?? "")))
        throw new GatewayVerificationError("JazzCash callback hash does not match");
      if (f.pp_MerchantID !== ctx.config.merchantId)
        throw new GatewayVerificationError("JazzCash callback for another merchant");
      const code = f.pp_ResponseCode ?? "";
      return {
        outcome: {
          kind: code === "000" ? "paid" : code === "112" ? "cancelled" : "failed",
          reference: f.pp_TxnRefNo ?? "",
          amount: fromPaisa(f.pp_Amount),
          gatewayTxnId: null,
          code,
          message: code === "000" ? "Paid" : "Not paid",
        },
      };
    });
  },
  async refund(ctx, r) {
    const res = await ctx.http({
      method: "POST",
      url: (await ctx.config()).refundUrl,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ref: r.reference }),
    });
    const { refundId } = (await readJson(res)) as { refundId: string };
    return { status: "refunded", gatewayRefundRef: refundId };
  },

  routes: {
    start: [
      {
        path: "/pay/jazzcash",
        summary: "JazzCash: fields for a POST form",
        purpose: "order",
        body: {},
        read: () => ({ method: "jazzcash", options: undefined }),
        answer: (r, b) =>
          r.ok
            ? { status: true, ...r.fields, ...echo(b), rePayId: r.rePayId }
            : { status: false, message: r.message, ...echo(b), rePayId: r.rePayId },
      },
    ],
    signals: [
      {
        method: "GET",
        path: "/payments/jazzcash/return",
        summary: "JazzCash return (a hint)",
        kind: "return",
        querystring: anyFields,
      },
      {
        method: "POST",
        path: "/payments/jazzcash/callback",
        summary: "JazzCash's signed server-to-server post",
        kind: "callback",
        body: anyFields,
      },
    ],
  },
});

let t: TestApp;
let v: TestVariant;
beforeAll(async () => {
  t = await createTestApp({ products: 6, extraGateways: [jazzcash] });
  [v] = (await pickVariants(t, 1)) as [TestVariant];
  await setStock(t, v.vid, 5);
});
afterAll(() => t?.close());

const ordersOf = async (checkoutId: string) =>
  (
    await t.database.pool.query(
      "select id, status, payment_status, payment_method from orders where checkout_id = $1",
      [checkoutId],
    )
  ).rows;

describe("a sixth gateway added by a test alone", () => {
  it("is offered, and takes a checkout to paid: start, sandbox, return, verified callback; its refund API refunds a cancel", async () => {
    expect(t.app.domains.payments.availability().gateways).toEqual([
      "easypaisa",
      "alfalah",
      "hbl",
      "keenu",
      "nift",
      "jazzcash",
    ]);
    const who = guest();
    expect((await addToCart(t, who, v)).statusCode).toBe(200);

    // Start: the generic §7 route answers in the gateway's own shape.
    const res = await send(t, "POST", "/api/pay/jazzcash", who, {
      address: ADDRESS,
      paymentMethod: "jazzcash",
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, pp_MerchantID: "MC99", paymentMethod: "jazzcash" });
    expect(res.headers["x-payment-url"]).toBe("/sandbox/jazzcash/merchantform");
    const ref = body.pp_TxnRefNo as string;
    const checkoutId = body.rePayId as string;
    expect(await ordersOf(checkoutId)).toMatchObject([
      { status: "awaiting_payment", payment_status: "pending", payment_method: "jazzcash" },
    ]);
    expect(await stockOf(t, v.vid)).toBe(4);

    // The sandbox, mounted with its own secrets, checks the shop's hash; the shopper pays.
    const {
      status: _s,
      paymentMethod: _p,
      address: _a,
      walletId: _w,
      useWallet: _u,
      rePayId: _r,
      ...fields
    } = body;
    const page = await postForm(t, String(res.headers["x-payment-url"]), fields);
    expect(page.statusCode, page.body).toBe(200);
    const back = await postForm(t, "/sandbox/jazzcash/choose", { ref, outcome: "success" });
    expect(locationOf(back)).toBe(`${t.config.publicUrl}${RETURN}?pp_TxnRefNo=${ref}`);

    // The return is only a hint, and this gateway has no inquiry: nothing is paid by it.
    const landed = await t.app.inject({ method: "GET", url: pathOf(locationOf(back)) });
    expect(locationOf(landed)).toMatch(/^\/checkout\/repayment\?.*status=pending/);
    expect(await ordersOf(checkoutId)).toMatchObject([{ status: "awaiting_payment" }]);

    // A forged callback is refused, recorded on the attempt, and changes nothing.
    const forged = await serverPost(t, CALLBACK, {
      pp_TxnRefNo: ref,
      pp_Amount: body.pp_Amount,
      pp_MerchantID: "MC99",
      pp_ResponseCode: "000",
      pp_SecureHash: "0".repeat(64),
    });
    expect(forged.statusCode).toBe(400);
    const attempt = await repo.findByReference(t.database.db, ref);
    expect(attempt).toMatchObject({ gateway: "jazzcash", status: "pending" });
    const events = await repo.eventsOf(t.database.db, attempt?.id as string);
    expect(events.map((e) => [e.accepted, e.reason])).toContainEqual([
      false,
      "JazzCash callback hash does not match",
    ]);

    // JazzCash's server tells the shop, signed: verified, and the order is paid once.
    const told = await postForm(t, "/sandbox/jazzcash/notify", { ref });
    expect(told.json()).toEqual({ accepted: true, status: "paid" });
    expect(await ordersOf(checkoutId)).toMatchObject([
      { status: "confirmed", payment_status: "paid" },
    ]);
    expect((await postForm(t, "/sandbox/jazzcash/notify", { ref })).json()).toEqual({
      accepted: true,
      status: "paid",
    });
    const again = await t.app.inject({ method: "GET", url: pathOf(locationOf(back)) });
    expect(locationOf(again)).toMatch(/^\/order-success\?id=/);

    // Cancelled after it was paid: the gateway's own refund API gives the money back at once.
    const [order] = (await ordersOf(checkoutId)) as [{ id: string }];
    const cancel = await send(t, "POST", `/api/orders/my/${order.id}/cancel`, who, {
      refundTo: "original",
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({
      status: "cancelled",
      payment: { status: "refunded" },
      refund: { to: "original", status: "refunded", method: "JazzCash" },
    });
    const refunds = await t.database.pool.query(
      "select status, gateway, gateway_refund_ref from payment_refunds where order_id = $1",
      [order.id],
    );
    expect(refunds.rows).toMatchObject([
      { status: "refunded", gateway: "jazzcash", gateway_refund_ref: expect.stringMatching(/^RF/) },
    ]);
  });
});
