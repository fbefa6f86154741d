import type { FastifyPluginAsync, RouteHandlerMethod } from "fastify";
import {
  choosePage,
  esc,
  fields,
  html,
  later,
  ledger,
  newToken,
  page,
} from "../../sandbox/sandbox-kit.ts";
import { wholeRupees } from "../formats.ts";
import type { SandboxDeps } from "../payment-gateway.ts";
import { EASYPAISA_PATHS, EASYPAISA_SANDBOX, type EasypaisaSecrets } from "./easypaisa.config.ts";
import { decryptEcb, hashedRequestPlaintext } from "./easypaisa-crypto.ts";

type Txn = {
  orderRefNum: string;
  amount: string;
  postBackURL: string;
  paymentMethod: string;
  status: "PENDING" | "PAID" | "FAILED";
  desc: string;
  transactionId: string;
  authToken?: string;
};

/** Where the merchant portal would send IPN pings: our listener. */
const IPN_LISTENER = EASYPAISA_PATHS.ipn;

/**
 * Easypay (Telenor Microfinance Bank): hosted checkout v1 (Index.jsf, then Confirm.jsf), the IPN
 * order-status service and the Open API v4 inquiry, as the integration guide describes them.
 */
export const easypaisaSandbox: FastifyPluginAsync<SandboxDeps<EasypaisaSecrets>> = async (
  app,
  deps,
) => {
  const txns = ledger<Txn>(deps.kv, "easypaisa");
  const tokens = ledger<string>(deps.kv, "easypaisa-token");
  const base = EASYPAISA_SANDBOX;

  const start: RouteHandlerMethod = async (req, reply) => {
    const s = await deps.secrets();
    const f = fields(req);
    const problems: string[] = [];
    if (f.storeId !== s.storeId) problems.push("Invalid store id");
    if (!f.orderRefNum || !f.postBackURL || !/^\d+\.\d$/.test(f.amount ?? ""))
      problems.push("Required field missing");
    let plain = "";
    try {
      plain = decryptEcb(f.merchantHashedReq ?? "", s.hashKey);
    } catch {}
    if (plain !== hashedRequestPlaintext(f)) problems.push("Invalid merchantHashedReq");
    if (problems.length > 0)
      return html(
        reply,
        page(
          "Easypay error",
          `<h1>Transaction cannot be processed</h1><p>${esc(problems.join(". "))}</p>`,
        ),
        400,
      );
    const ref = f.orderRefNum as string;
    const prior = await txns.get(ref);
    if (prior?.status === "PAID")
      return html(reply, page("Easypay", "<h1>This order is already paid</h1>"), 409);
    await txns.put(ref, {
      orderRefNum: ref,
      amount: f.amount as string,
      postBackURL: f.postBackURL as string,
      paymentMethod: f.paymentMethod ?? "MA_PAYMENT_METHOD",
      status: "PENDING",
      desc: "",
      transactionId: "",
    });
    return html(
      reply,
      choosePage(
        "Easypay checkout",
        [
          ["Order", ref],
          ["Amount", `PKR ${f.amount}`],
          ["Method", f.paymentMethod ?? "MA_PAYMENT_METHOD"],
        ],
        `${base}/easypay/choose`,
        { orderRefNum: ref },
      ),
    );
  };
  app.get("/sandbox/easypaisa/easypay/Index.jsf", start);
  app.post("/sandbox/easypaisa/easypay/Index.jsf", start);

  app.post("/sandbox/easypaisa/easypay/choose", async (req, reply) => {
    const f = fields(req);
    const t = await txns.get(f.orderRefNum ?? "");
    if (t?.status !== "PENDING")
      return html(reply, page("Easypay", "<h1>Unknown or finished transaction</h1>"), 404);
    const paid = f.outcome === "success";
    t.status = paid ? "PAID" : "FAILED";
    t.desc = paid
      ? "Success"
      : f.outcome === "cancel"
        ? "Transaction cancelled by customer"
        : "Transaction failed";
    t.transactionId = paid ? String(Date.now()) : "";
    t.authToken = newToken();
    await txns.put(t.orderRefNum, t);
    await tokens.put(t.authToken, t.orderRefNum);
    if (paid && f.notify === "1") {
      const s = await deps.secrets();
      const url = `${base}/easypay-service/rest/v1/order-status/${s.accountNum}/${t.orderRefNum}`;
      later(
        () => deps.http({ method: "GET", url: `${IPN_LISTENER}?url=${encodeURIComponent(url)}` }),
        300,
      );
    }
    const sep = t.postBackURL.includes("?") ? "&" : "?";
    return reply.redirect(`${t.postBackURL}${sep}auth_token=${t.authToken}`, 302);
  });

  app.post("/sandbox/easypaisa/easypay/Confirm.jsf", async (req, reply) => {
    const f = fields(req);
    const ref = await tokens.get(f.auth_token ?? "");
    const t = ref ? await txns.get(ref) : null;
    if (!t || !f.postBackURL)
      return html(reply, page("Easypay error", "<h1>Invalid token</h1>"), 400);
    const q = new URLSearchParams({
      status: t.status === "PAID" ? "0000" : "0001",
      desc: t.desc,
      orderRefNumber: t.orderRefNum,
    });
    const sep = f.postBackURL.includes("?") ? "&" : "?";
    return reply.redirect(`${f.postBackURL}${sep}${q}`, 302);
  });

  app.get(
    "/sandbox/easypaisa/easypay-service/rest/v1/order-status/:acct/:order",
    async (req, reply) => {
      const s = await deps.secrets();
      const p = req.params as { acct: string; order: string };
      const t = p.acct === s.accountNum ? await txns.get(p.order) : null;
      if (!t)
        return reply.code(404).send({ response_code: "0003", description: "INVALID ORDER ID" });
      return {
        payment_token: "",
        token_expiry_datetime: "",
        store_name: "Maidan sandbox",
        response_code: "0000",
        order_id: t.orderRefNum,
        order_datetime: new Date().toString(),
        paid_datetime: "",
        transaction_status: t.status,
        transaction_amount: String(wholeRupees(t.amount) ?? t.amount),
        store_id: s.storeId,
        msisdn: "03001234567",
        payment_method: "MA",
        account_number: s.accountNum,
        description: t.desc,
        transaction_id: t.transactionId,
      };
    },
  );

  app.post("/sandbox/easypaisa/easypay-service/rest/v4/inquire-transaction", async (req) => {
    const s = await deps.secrets();
    const creds = Buffer.from(`${s.username}:${s.password}`).toString("base64");
    if (req.headers.credentials !== creds)
      return { responseCode: "0010", responseDesc: "INVALID CREDENTIALS" };
    const b = (req.body ?? {}) as { orderId?: string; storeId?: string; accountNum?: string };
    if (!b.orderId || !b.storeId)
      return { responseCode: "0002", responseDesc: "REQUIRED FIELD MISSING" };
    if (b.storeId !== s.storeId) return { responseCode: "0006", responseDesc: "INVALID STORE ID" };
    if (b.accountNum !== s.accountNum)
      return { responseCode: "0004", responseDesc: "INVALID MERCHANT ACCOUNT NUMBER" };
    const t = await txns.get(b.orderId);
    if (!t) return { responseCode: "0003", responseDesc: "INVALID ORDER ID" };
    return {
      responseCode: "0000",
      responseDesc: "SUCCESS",
      orderId: t.orderRefNum,
      storeId: s.storeId,
      accountNum: s.accountNum,
      transactionStatus: t.status,
      transactionAmount: `${wholeRupees(t.amount)}.00`,
      transactionId: t.transactionId,
      msisdn: "03001234567",
      paymentMode: "MA",
      transactionDateTime: new Date().toISOString(),
      errorCode: t.status === "FAILED" ? "0001" : "",
      errorReason: t.status === "FAILED" ? t.desc : "",
    };
  });
};
