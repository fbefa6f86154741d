import { compactStamp, fromPaisa, paisa } from "../formats.ts";
import { type FormHandoff, GatewayVerificationError, type PaymentOutcome } from "../types.ts";
import { secureHash, secureHashMatches } from "./nift-crypto.ts";

export type NiftConfig = {
  /** The hosted merchant form, e.g. https://merchants.niftepay.pk/CustomerPortal/transactionmanagement/merchantform. */
  formUrl: string;
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
  fields.pp_SecureHash = secureHash(fields, cfg.salt);
  return { action: cfg.formUrl, method: "POST", fields };
}

/** The post to pp_ReturnURL, verified by recomputing pp_SecureHash over what was posted. */
export function readCallback(cfg: NiftConfig, body: Record<string, unknown>): PaymentOutcome {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === "string") fields[k] = v;
  if (!secureHashMatches(fields, cfg.salt)) {
    throw new GatewayVerificationError("NIFT callback hash does not match");
  }
  const reference = fields.pp_TxnRefNo;
  if (!reference) throw new GatewayVerificationError("NIFT callback names no order");
  if (fields.pp_MerchantID !== undefined && fields.pp_MerchantID !== cfg.merchantId) {
    throw new GatewayVerificationError("NIFT callback for another merchant");
  }
  const code = fields.pp_ResponseCode ?? "";
  // 124 (voucher awaiting payment) and 157 (pending) are not money received: stay pending.
  const kind =
    code === "000"
      ? "paid"
      : code === "124" || code === "157"
        ? "pending"
        : code === "112"
          ? "cancelled"
          : "failed";
  return {
    kind,
    reference,
    amount: fromPaisa(fields.pp_Amount),
    gatewayTxnId: fields.pp_RetreivalReferenceNo || null,
    code,
    message: fields.pp_ResponseMessage ?? "",
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
