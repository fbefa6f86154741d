import type { FastifyPluginAsync } from "fastify";
import {
  autoPost,
  choosePage,
  fields,
  html,
  later,
  ledger,
  page,
} from "../../sandbox/sandbox-kit.ts";
import { formBody } from "../http.ts";
import type { SandboxDeps } from "../payment-gateway.ts";
import { KEENU_CALLBACK, type KeenuSecrets } from "./keenu.config.ts";
import { keenuDateTime } from "./keenu.ts";
import { requestChecksumText, responseChecksum, verifyRequest } from "./keenu-crypto.ts";

type Txn = { orderNo: string; amount: string; bankId: string; done: boolean };

export const KEENU_SANDBOX_BANKS = [
  { bankId: "1", bankName: "HBL" },
  { bankId: "2", bankName: "Meezan Bank" },
  { bankId: "3", bankName: "Bank Alfalah" },
  { bankId: "4", bankName: "UBL" },
];

/** Where the merchant portal would point Keenu's callback: ours. */
const CALLBACK = KEENU_CALLBACK;

/** Keenu: SOAP GetBanks, the signed bank redirect and the HMAC-MD5 signed callback. */
export const keenuSandbox: FastifyPluginAsync<SandboxDeps<KeenuSecrets>> = async (app, deps) => {
  const txns = ledger<Txn>(deps.kv, "keenu");
  app.addContentTypeParser(
    ["text/xml", "application/soap+xml"],
    { parseAs: "string" },
    (_r, body, done) => done(null, body),
  );

  app.post("/sandbox/keenu/banks", async (req, reply) => {
    const s = await deps.secrets();
    reply.type("text/xml; charset=utf-8");
    // SOAP 1.1 sends every fault with HTTP 500; the sandbox answers the caller's own mistakes
    // (a form or JSON body, wrong credentials) with 400, so no refusal looks like a crash. The
    // adapter treats any answer but 200 as "no bank list".
    const fault = (why: string) =>
      reply
        .code(400)
        .send(
          `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>${why}</faultstring></soap:Fault></soap:Body></soap:Envelope>`,
        );
    if (typeof req.body !== "string") return fault("Expected a SOAP envelope");
    const xml = req.body;
    const tag = (t: string) => new RegExp(`<${t}>([^<]*)</${t}>`).exec(xml)?.[1];
    if (
      tag("ClientID") !== s.clientId ||
      tag("Password") !== s.password ||
      tag("MerchantId") !== s.merchantId
    ) {
      return fault("Invalid credentials");
    }
    const banks = KEENU_SANDBOX_BANKS.map(
      (b) => `<Bank><BankId>${b.bankId}</BankId><BankName>${b.bankName}</BankName></Bank>`,
    ).join("");
    return `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><GetBanksResponse xmlns="http://tempuri.org/"><GetBanksResult>${banks}</GetBanksResult></GetBanksResponse></soap:Body></soap:Envelope>`;
  });

  app.post("/sandbox/keenu/redirect", async (req, reply) => {
    const s = await deps.secrets();
    const f = fields(req);
    const text = requestChecksumText({
      clientId: f.Client_ID ?? "",
      merchantId: f.Merchant_ID ?? "",
      bankId: f.Bank_ID ?? "",
      orderNo: f.Order_No ?? "",
      amount: f.Order_Amount ?? "",
      date: f.Date ?? "",
      time: f.Time ?? "",
    });
    const ok =
      f.Merchant_ID === s.merchantId &&
      f.Client_ID === s.clientId &&
      KEENU_SANDBOX_BANKS.some((b) => b.bankId === f.Bank_ID) &&
      verifyRequest(text, f.Checksum ?? "", s.merchantPublic);
    if (!ok)
      return html(
        reply,
        page(
          "Keenu",
          "<h1>Invalid checksum</h1><p>The request was not signed by this merchant.</p>",
        ),
        400,
      );
    const t: Txn = {
      orderNo: f.Order_No as string,
      amount: f.Order_Amount as string,
      bankId: f.Bank_ID as string,
      done: false,
    };
    await txns.put(t.orderNo, t);
    const bank = KEENU_SANDBOX_BANKS.find((b) => b.bankId === t.bankId)?.bankName ?? "";
    return html(
      reply,
      choosePage(
        `Keenu · ${bank}`,
        [
          ["Order", t.orderNo],
          ["Amount", `PKR ${t.amount}`],
        ],
        "/sandbox/keenu/choose",
        { orderNo: t.orderNo },
      ),
    );
  });

  app.post("/sandbox/keenu/choose", async (req, reply) => {
    const s = await deps.secrets();
    const f = fields(req);
    const t = await txns.get(f.orderNo ?? "");
    if (!t || t.done)
      return html(reply, page("Keenu", "<h1>Unknown or finished transaction</h1>"), 404);
    t.done = true;
    await txns.put(t.orderNo, t);
    const { date, time } = keenuDateTime(new Date());
    const bankName = KEENU_SANDBOX_BANKS.find((b) => b.bankId === t.bankId)?.bankName ?? "";
    const [status, auth] =
      f.outcome === "success"
        ? ["Success", "01"]
        : f.outcome === "cancel"
          ? ["Failed", "02"]
          : ["Failed", "03"];
    // What Keenu posts back (§2.4): no amount. The checksum covers the amount the bank holds for
    // the order, as the merchant sent it in the redirect ("%.2f").
    const callback: Record<string, string> = {
      Order_ID: t.orderNo,
      Status: status,
      AUTH_STATUS_NO: auth,
      Transaction_ID: String(Date.now()),
      Bank_Name: bankName,
      Date: date,
      Time: time,
    };
    callback.Checksum = responseChecksum(s.secret, {
      merchantId: s.merchantId,
      orderNo: t.orderNo,
      amount: t.amount,
      bankName,
      status,
      date,
      time,
    });
    if (f.notify === "1") {
      later(
        () =>
          deps.http({
            method: "POST",
            url: CALLBACK,
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: formBody(callback),
          }),
        300,
      );
    }
    return html(reply, autoPost(reply, CALLBACK, callback));
  });
};
