import { z } from "zod";
import { compactStamp, fromPaisa, paisa } from "../formats.ts";
import { type GatewayHttp, GatewayUnavailableError, readJson } from "../http.ts";
import { type FormHandoff, GatewayVerificationError, type PaymentOutcome } from "../types.ts";
import { secureHash, secureHashMatches, unambiguous } from "./nift-crypto.ts";

export type NiftConfig = {
  /** The hosted merchant form, e.g. https://merchants.niftepay.pk/CustomerPortal/transactionmanagement/merchantform. */
  formUrl: string;
  /** The status inquiry (JazzCash's PaymentInquiry/Inquire shape), asked before any callback is trusted. */
  inquiryUrl: string;
  merchantId: string;
  subMerchantId: string;
  password: string;
  salt: string;
};

/** NiftPayBank: bank account or wallet on NIFT's pages; NiftPayCard: the card (MIGS) pages. */
export type NiftMethod = "NiftPayBank" | "NiftPayCard";

/** The hosted merchant form (JazzCash shape), amounts in paisa. */
export function merchantForm(
  cfg: NiftConfig,
  p: {
    reference: string;
    amount: number;
    method: NiftMethod;
    description: string;
    returnUrl: string;
    at: Date;
    expiresAt: Date;
  },
): FormHandoff {
  const fields: Record<string, string> = {
    pp_Version: "1.1",
    pp_TxnType: p.method === "NiftPayCard" ? "MIGS" : "",
    pp_Language: "EN",
    pp_MerchantID: cfg.merchantId,
    pp_SubMerchantID: cfg.subMerchantId,
    pp_Password: cfg.password,
    pp_BankID: "",
    pp_ProductID: "",
    pp_TxnRefNo: p.reference,
    pp_Amount: paisa(p.amount),
    pp_TxnCurrency: "PKR",
    pp_TxnDateTime: compactStamp(p.at),
    pp_BillReference: p.reference,
    pp_Description: p.description,
    pp_TxnExpiryDateTime: compactStamp(p.expiresAt),
    pp_ReturnURL: p.returnUrl,
    ppmpf_1: p.method,
  };
  // A value with '&' in it would let the signed list be split differently (decision 022).
  const bad = Object.keys(fields).find((k) => !unambiguous(fields[k] ?? ""));
  if (bad) throw new Error(`NIFT: ${bad} may not contain '&' or '='`);
  fields.pp_SecureHash = secureHash(fields, cfg.salt);
  return { action: cfg.formUrl, method: "POST", fields };
}

/** What NIFT's post to pp_ReturnURL must carry, and all it may carry besides (JazzCash's return). */
const REQUIRED = [
  "pp_TxnRefNo",
  "pp_Amount",
  "pp_MerchantID",
  "pp_ResponseCode",
  "pp_TxnDateTime",
  "pp_SecureHash",
];
const OPTIONAL = [
  "pp_Version",
  "pp_TxnType",
  "pp_Language",
  "pp_SubMerchantID",
  "pp_SubMerchantId",
  "pp_BankID",
  "pp_BillReference",
  "pp_TxnCurrency",
  "pp_ResponseMessage",
  "pp_AuthCode",
  "pp_RetreivalReferenceNo",
  "pp_SettlementExpiry",
  "pp_DiscountedAmount",
  "pp_DiscountBank",
  "pp_MobileNumber",
  "pp_CNIC",
  ...[1, 2, 3, 4, 5].flatMap((n) => [`ppmpf_${n}`, `ppmbf_${n}`]),
];
const ALLOWED = new Set([...REQUIRED, ...OPTIONAL]);

/**
 * The post to pp_ReturnURL, checked so that it cannot be a re-split of some other signed list:
 * exactly NIFT's fields, each once and a plain string, no '&' or '=' inside a value, our
 * merchant id, and a hash over what was posted. Even then it only says which payment to ask
 * NIFT about (decision 022): the caller confirms it with `inquire`.
 */
export function readCallback(cfg: NiftConfig, body: Record<string, unknown>): PaymentOutcome {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(body ?? {})) {
    if (!ALLOWED.has(k))
      throw new GatewayVerificationError(`NIFT callback has a field ${k.slice(0, 40)}`);
    // A field posted twice arrives as an array: which copy was signed is anyone's guess.
    if (typeof v !== "string") throw new GatewayVerificationError(`NIFT callback repeats ${k}`);
    if (v.length > 300 || !unambiguous(v))
      throw new GatewayVerificationError(`NIFT callback value of ${k} is not allowed`);
    fields[k] = v;
  }
  const missing = REQUIRED.find((k) => !fields[k]);
  if (missing) throw new GatewayVerificationError(`NIFT callback lacks ${missing}`);
  if (!secureHashMatches(fields, cfg.salt)) {
    throw new GatewayVerificationError("NIFT callback hash does not match");
  }
  if (fields.pp_MerchantID !== cfg.merchantId) {
    throw new GatewayVerificationError("NIFT callback for another merchant");
  }
  const reference = fields.pp_TxnRefNo as string;
  if (fields.pp_BillReference && fields.pp_BillReference !== reference)
    throw new GatewayVerificationError("NIFT callback names two orders");
  if (fields.pp_TxnCurrency && fields.pp_TxnCurrency !== "PKR")
    throw new GatewayVerificationError("NIFT callback in another currency");
  const amount = fromPaisa(fields.pp_Amount);
  if (amount === null)
    throw new GatewayVerificationError("NIFT callback amount is not whole rupees");
  const code = fields.pp_ResponseCode as string;
  return {
    kind: kindOf(code),
    reference,
    amount,
    gatewayTxnId: fields.pp_RetreivalReferenceNo || null,
    code,
    message: fields.pp_ResponseMessage ?? "",
  };
}

/** 124 (voucher awaiting payment) and 157 (pending) are not money received: stay pending. */
function kindOf(code: string): PaymentOutcome["kind"] {
  if (code === "000" || code === "121") return "paid";
  if (code === "124" || code === "157") return "pending";
  if (code === "112") return "cancelled";
  return "failed";
}

const inquirySchema = z.object({
  pp_ResponseCode: z.string(),
  pp_ResponseMessage: z.string().optional().default(""),
  pp_TxnRefNo: z.string().optional(),
  pp_Amount: z.string().optional(),
  pp_Status: z.string().optional().default(""),
  pp_PaymentResponseCode: z.string().optional().default(""),
  pp_PaymentResponseMessage: z.string().optional().default(""),
  pp_RetreivalReferenceNo: z.string().optional(),
  pp_RetrievalReferenceNo: z.string().optional(),
  pp_SecureHash: z.string().optional(),
});

/**
 * The status inquiry (payment-gateways.md §2.6, JazzCash's PaymentInquiry/Inquire, which NIFT's
 * JazzCash-shaped API follows): JSON {pp_TxnRefNo, pp_MerchantID, pp_Password, pp_Version,
 * pp_SecureHash}. pp_ResponseCode "000" says the inquiry worked; the payment's own state is
 * pp_PaymentResponseCode and pp_Status. A signed answer must verify.
 */
export async function inquire(
  cfg: NiftConfig,
  http: GatewayHttp,
  reference: string,
): Promise<PaymentOutcome> {
  const ask: Record<string, string> = {
    pp_TxnRefNo: reference,
    pp_MerchantID: cfg.merchantId,
    pp_Password: cfg.password,
    pp_Version: "1.1",
  };
  ask.pp_SecureHash = secureHash(ask, cfg.salt);
  const res = await http({
    method: "POST",
    url: cfg.inquiryUrl,
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(ask),
  });
  const raw = await readJson(res);
  const data = inquirySchema.safeParse(raw);
  if (!data.success) throw new GatewayVerificationError("NIFT inquiry answer is malformed");
  const d = data.data;
  if (d.pp_SecureHash) {
    const signed = Object.fromEntries(
      Object.entries(raw as Record<string, unknown>).filter(([, v]) => typeof v === "string"),
    ) as Record<string, string>;
    if (!secureHashMatches(signed, cfg.salt))
      throw new GatewayVerificationError("NIFT inquiry answer hash does not match");
  }
  if (d.pp_ResponseCode !== "000")
    throw new GatewayUnavailableError(
      `NIFT inquiry answered ${d.pp_ResponseCode} ${d.pp_ResponseMessage}`.trim(),
    );
  if (d.pp_TxnRefNo && d.pp_TxnRefNo !== reference)
    throw new GatewayVerificationError("NIFT inquiry answered for another order");
  const code = d.pp_PaymentResponseCode;
  const status = d.pp_Status.toLowerCase();
  let kind: PaymentOutcome["kind"] = code ? kindOf(code) : "pending";
  if (status === "pending") kind = "pending";
  else if (status === "failed" && kind === "paid") kind = "failed";
  else if (status && status !== "completed" && kind === "paid") kind = "pending";
  const amount = d.pp_Amount ? fromPaisa(d.pp_Amount) : null;
  if (d.pp_Amount && amount === null)
    throw new GatewayVerificationError("NIFT inquiry amount is not whole rupees");
  return {
    kind,
    reference,
    amount,
    gatewayTxnId: d.pp_RetreivalReferenceNo || d.pp_RetrievalReferenceNo || null,
    code: code || d.pp_Status,
    message: d.pp_PaymentResponseMessage || d.pp_Status,
  };
}

/** pp_TxnDateTime of a callback, for the staleness check. */
export function callbackTime(body: Record<string, unknown>): Date | null {
  const m = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(String(body.pp_TxnDateTime ?? ""));
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(Date.UTC(y, mo - 1, d, h - 5, mi, se));
}
