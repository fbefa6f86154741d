import type { FastifyPluginAsync } from "fastify";
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
import type { SandboxDeps } from "../payment-gateway.ts";
import { ALFALAH_PATHS, ALFALAH_SANDBOX, type AlfalahSecrets } from "./alfalah.config.ts";
import { hashMatchesFields } from "./alfalah-crypto.ts";

type Txn = {
  ref: string;
  returnUrl: string;
  authToken: string;
  amount: string;
  typeId: string;
  status: "Initiated" | "Paid" | "Failed" | "SessionEnded";
  transactionId: string;
};

const IPN_LISTENER = ALFALAH_PATHS.ipn;

/** Bank Alfalah APG: handshake, SSO page redirection, return and IPN order status. */
export const alfalahSandbox: FastifyPluginAsync<SandboxDeps<AlfalahSecrets>> = async (
  app,
  deps,
) => {
  const txns = ledger<Txn>(deps.kv, "alfalah");
  const base = ALFALAH_SANDBOX;

  const identityOk = async (f: Record<string, string>, prefix: string) => {
    const s = await deps.secrets();
    return (
      f[`${prefix}MerchantId`] === s.merchantId &&
      f[`${prefix}StoreId`] === s.storeId &&
      f[`${prefix}MerchantHash`] === s.merchantHash &&
      f[`${prefix}MerchantUsername`] === s.username &&
      f[`${prefix}MerchantPassword`] === s.password &&
      hashMatchesFields(f, `${prefix}RequestHash`, s.key1, s.key2)
    );
  };

  app.post("/sandbox/alfalah/HS/HS/HS", async (req) => {
    const f = fields(req);
    if (!(await identityOk(f, "HS_")) || !f.HS_TransactionReferenceNumber || !f.HS_ReturnURL) {
      return { success: "false", ErrorMessage: "Invalid Request" };
    }
    const prior = await txns.get(f.HS_TransactionReferenceNumber);
    if (prior?.status === "Paid")
      return { success: "false", ErrorMessage: "Duplicate transaction reference" };
    const t: Txn = {
      ref: f.HS_TransactionReferenceNumber,
      returnUrl: f.HS_ReturnURL,
      authToken: newToken(),
      amount: "",
      typeId: "",
      status: "Initiated",
      transactionId: "",
    };
    await txns.put(t.ref, t);
    return { success: "true", AuthToken: t.authToken, ReturnURL: t.returnUrl };
  });

  app.post("/sandbox/alfalah/SSO/SSO/SSO", async (req, reply) => {
    const f = fields(req);
    const t = await txns.get(f.TransactionReferenceNumber ?? "");
    const ok =
      (await identityOk(f, "")) && t && t.authToken === f.AuthToken && t.status === "Initiated";
    if (!ok || !t || !/^\d+\.\d\d$/.test(f.TransactionAmount ?? "")) {
      return html(
        reply,
        page(
          "APG error",
          "<h1>Invalid Request</h1><p>The request hash, token or merchant details do not match.</p>",
        ),
        400,
      );
    }
    t.amount = f.TransactionAmount as string;
    t.typeId = f.TransactionTypeId ?? "3";
    await txns.put(t.ref, t);
    const kind =
      { "1": "Alfa Wallet", "2": "Alfalah bank account", "3": "Credit/debit card" }[t.typeId] ??
      t.typeId;
    return html(
      reply,
      choosePage(
        "Bank Alfalah payment",
        [
          ["Reference", t.ref],
          ["Amount", `PKR ${t.amount}`],
          ["Pay with", kind],
        ],
        `${base}/SSO/choose`,
        { ref: t.ref, token: t.authToken },
      ),
    );
  });

  app.post("/sandbox/alfalah/SSO/choose", async (req, reply) => {
    const f = fields(req);
    const t = await txns.get(f.ref ?? "");
    if (!t || t.authToken !== f.token || t.status !== "Initiated") {
      return html(reply, page("APG", `<h1>Session ended</h1><p>${esc(f.ref ?? "")}</p>`), 404);
    }
    const paid = f.outcome === "success";
    t.status = paid ? "Paid" : f.outcome === "cancel" ? "SessionEnded" : "Failed";
    t.transactionId = paid ? String(Date.now()) : "";
    await txns.put(t.ref, t);
    if (f.notify === "1") {
      const s = await deps.secrets();
      const url = `${base}/HS/api/IPN/OrderStatus/${s.merchantId}/${s.storeId}/${t.ref}`;
      later(
        () => deps.http({ method: "GET", url: `${IPN_LISTENER}?url=${encodeURIComponent(url)}` }),
        300,
      );
    }
    const q = paid
      ? { RC: "00", RD: "PS", TS: "P", O: t.ref }
      : {
          RC: f.outcome === "cancel" ? "02" : "01",
          RD: f.outcome === "cancel" ? "CA" : "DE",
          TS: "F",
          O: t.ref,
        };
    const sep = t.returnUrl.includes("?") ? "&" : "?";
    return reply.redirect(`${t.returnUrl}${sep}${new URLSearchParams(q)}`, 302);
  });

  app.get("/sandbox/alfalah/HS/api/IPN/OrderStatus/:mid/:store/:ref", async (req) => {
    const s = await deps.secrets();
    const p = req.params as { mid: string; store: string; ref: string };
    const t = p.mid === s.merchantId && p.store === s.storeId ? await txns.get(p.ref) : null;
    if (!t) return { ResponseCode: "01", Description: "Transaction not found" };
    return {
      ResponseCode: "00",
      Description: "Success",
      MerchantId: s.merchantId,
      MerchantName: "Maidan sandbox",
      StoreId: s.storeId,
      StoreName: "Maidan",
      TransactionTypeId: t.typeId,
      TransactionReferenceNumber: t.ref,
      OrderDateTime: new Date().toLocaleString("en-US"),
      TransactionId: t.transactionId || null,
      TransactionDateTime: new Date().toLocaleString("en-US"),
      AccountNumber: null,
      TransactionAmount: t.amount,
      MobileNumber: null,
      TransactionStatus: t.status,
    };
  });
};
