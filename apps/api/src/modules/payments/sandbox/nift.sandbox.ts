import type { FastifyPluginAsync } from "fastify";
import { compactStamp } from "../gateways/formats.ts";
import { formBody } from "../gateways/http.ts";
import { secureHash, secureHashMatches } from "../gateways/nift/nift-crypto.ts";
import { NIFT_SANDBOX_INQUIRY } from "../payments.config.ts";
import {
  autoPost,
  choosePage,
  fields,
  html,
  later,
  ledger,
  page,
  type SandboxDeps,
} from "./sandbox-kit.ts";

export type NiftSandboxTxn = Txn;
type Txn = {
  ref: string;
  amount: string;
  returnUrl: string;
  billRef: string;
  method: string;
  done: boolean;
  /** The tester's choice once made: the payment's code, words and retrieval reference. */
  code?: string;
  message?: string;
  rrn?: string;
};

/** What the inquiry answers for each payment code (JazzCash's pp_Status words). */
const STATUS: Record<string, string> = { "000": "Completed", "112": "Failed", "999": "Failed" };

/** NIFT ePay's hosted merchant form and its signed post back to pp_ReturnURL. */
export const niftSandbox: FastifyPluginAsync<SandboxDeps> = async (app, deps) => {
  const txns = ledger<Txn>(deps.kv, "nift");

  app.post(
    "/sandbox/nift/CustomerPortal/transactionmanagement/merchantform",
    async (req, reply) => {
      const s = (await deps.secrets()).nift;
      const f = fields(req);
      if (!secureHashMatches(f, s.salt)) {
        return html(reply, page("NIFT ePay", "<h1>115: Invalid secure hash</h1>"), 400);
      }
      if (f.pp_MerchantID !== s.merchantId || f.pp_Password !== s.password) {
        return html(reply, page("NIFT ePay", "<h1>101: Invalid merchant credentials</h1>"), 400);
      }
      if (!f.pp_TxnRefNo || !/^\d+$/.test(f.pp_Amount ?? "") || !f.pp_ReturnURL) {
        return html(reply, page("NIFT ePay", "<h1>Required field missing</h1>"), 400);
      }
      const prior = await txns.get(f.pp_TxnRefNo);
      if (prior)
        return html(reply, page("NIFT ePay", "<h1>Duplicate transaction reference</h1>"), 409);
      const t: Txn = {
        ref: f.pp_TxnRefNo,
        amount: f.pp_Amount as string,
        returnUrl: f.pp_ReturnURL,
        billRef: f.pp_BillReference ?? "",
        method: f.ppmpf_1 ?? "",
        done: false,
      };
      await txns.put(t.ref, t);
      const rupees = (Number(t.amount) / 100).toFixed(2);
      return html(
        reply,
        choosePage(
          `NIFT ePay · ${f.pp_TxnType === "MIGS" ? "Card" : "Bank account / wallet"}`,
          [
            ["Reference", t.ref],
            ["Amount", `PKR ${rupees}`],
          ],
          "/sandbox/nift/choose",
          { ref: t.ref },
        ),
      );
    },
  );

  app.post("/sandbox/nift/choose", async (req, reply) => {
    const s = (await deps.secrets()).nift;
    const f = fields(req);
    const t = await txns.get(f.ref ?? "");
    if (!t || t.done)
      return html(reply, page("NIFT ePay", "<h1>Unknown or finished transaction</h1>"), 404);
    const [code, message] =
      f.outcome === "success"
        ? ["000", "Thank you for Using NIFT ePay. Transaction Successful."]
        : f.outcome === "cancel"
          ? ["112", "Transaction cancelled by user"]
          : ["999", "Transaction failed"];
    const rrn = code === "000" ? String(Date.now()) : "";
    Object.assign(t, { done: true, code, message, rrn });
    await txns.put(t.ref, t);
    const back: Record<string, string> = {
      pp_Version: "1.1",
      pp_TxnType: "",
      pp_Language: "EN",
      pp_MerchantID: s.merchantId,
      pp_SubMerchantID: s.subMerchantId,
      pp_TxnRefNo: t.ref,
      pp_Amount: t.amount,
      pp_TxnCurrency: "PKR",
      pp_TxnDateTime: compactStamp(new Date()),
      pp_BillReference: t.billRef,
      pp_ResponseCode: code,
      pp_ResponseMessage: message,
      pp_AuthCode: code === "000" ? String(Date.now() % 1_000_000) : "",
      pp_RetreivalReferenceNo: rrn,
      pp_SettlementExpiry: "",
      // The bank's own field comes back too; the hash covers it like every other non-empty one.
      ppmbf_1: t.method === "NiftPayCard" ? "MIGS" : "BANK",
      ppmpf_1: t.method,
    };
    back.pp_SecureHash = secureHash(back, s.salt);
    if (f.notify === "1") {
      later(
        () =>
          deps.http({
            method: "POST",
            url: t.returnUrl.replace(/^https?:\/\/[^/]+/, ""),
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: formBody(back),
          }),
        300,
      );
    }
    return html(reply, autoPost(reply, t.returnUrl, back));
  });

  /**
   * The status inquiry (JazzCash's PaymentInquiry/Inquire, JSON both ways). The request is signed
   * like the form; the answer too. pp_ResponseCode says whether the inquiry itself worked.
   */
  app.post(NIFT_SANDBOX_INQUIRY, async (req, reply) => {
    const s = (await deps.secrets()).nift;
    const f = fields(req);
    const answer = (a: Record<string, string>) => {
      const signed = { ...a, pp_SecureHash: "" };
      signed.pp_SecureHash = secureHash(signed, s.salt);
      return reply.code(200).send(signed);
    };
    if (!f.pp_TxnRefNo || !f.pp_SecureHash || !secureHashMatches(f, s.salt))
      return answer({ pp_ResponseCode: "115", pp_ResponseMessage: "Invalid secure hash" });
    if (f.pp_MerchantID !== s.merchantId || f.pp_Password !== s.password)
      return answer({ pp_ResponseCode: "101", pp_ResponseMessage: "Invalid merchant credentials" });
    const t = await txns.get(f.pp_TxnRefNo);
    const code = t?.code ?? "157";
    return answer({
      pp_ResponseCode: "000",
      pp_ResponseMessage: "Inquiry successful",
      pp_TxnRefNo: f.pp_TxnRefNo,
      ...(t ? { pp_Amount: t.amount } : {}),
      pp_Status: STATUS[code] ?? "Pending",
      pp_PaymentResponseCode: code,
      pp_PaymentResponseMessage: t?.message ?? "Transaction is pending",
      pp_RetreivalReferenceNo: t?.rrn ?? "",
    });
  });
};
