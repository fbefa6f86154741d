import { z } from "zod";
import { fromHostOf } from "../config-helpers.ts";
import { oneDecimal, wholeRupees } from "../formats.ts";
import { type GatewayHttp, readJson } from "../http.ts";
import { type FormHandoff, GatewayVerificationError, type PaymentOutcome } from "../types.ts";
import { merchantHashedReq } from "./easypaisa-crypto.ts";

export type EasypaisaConfig = {
  /** Host root, e.g. https://easypay.easypaisa.com.pk, or /sandbox/easypaisa. */
  baseUrl: string;
  storeId: string;
  hashKey: string;
  /** Merchant account number: part of the IPN order-status URL and of inquiries. */
  accountNum: string;
  /** Open API partner credentials for the v4 inquiry. */
  username: string;
  password: string;
};

export const EASYPAISA_METHODS = [
  "MA_PAYMENT_METHOD",
  "OTC_PAYMENT_METHOD",
  "CC_PAYMENT_METHOD",
  "QR_PAYMENT_METHOD",
] as const;

/** Hosted checkout v1, step 1: the fields of the form that opens Easypay's Index.jsf. */
export function checkoutForm(
  cfg: EasypaisaConfig,
  p: {
    reference: string;
    amount: number;
    postBackURL: string;
    expiry: string;
    paymentMethod: string;
    email?: string;
    mobile?: string;
  },
): FormHandoff {
  const fields: Record<string, string> = {
    storeId: cfg.storeId,
    amount: oneDecimal(p.amount),
    postBackURL: p.postBackURL,
    orderRefNum: p.reference,
    expiryDate: p.expiry,
    autoRedirect: "1",
    paymentMethod: p.paymentMethod,
  };
  if (p.email) fields.emailAddr = p.email;
  if (p.mobile) fields.mobileNum = p.mobile;
  fields.merchantHashedReq = merchantHashedReq(fields, cfg.hashKey);
  return { action: `${cfg.baseUrl}/easypay/Index.jsf`, method: "POST", fields };
}

/** Step 2: the first post-back page posts the token and the second post-back URL to Confirm.jsf. */
export function confirmForm(cfg: EasypaisaConfig, authToken: string, postBackURL: string) {
  return {
    action: `${cfg.baseUrl}/easypay/Confirm.jsf`,
    method: "POST",
    fields: { auth_token: authToken, postBackURL },
  } satisfies FormHandoff;
}

/** Step 3's redirect is not signed: it only says which order to go and check. */
export function returnHint(query: Record<string, unknown>) {
  const ref = typeof query.orderRefNumber === "string" ? query.orderRefNumber : null;
  const status = typeof query.status === "string" ? query.status : "";
  return { reference: ref, claimsSuccess: status === "0000" };
}

const ipnSchema = z.object({
  response_code: z.string(),
  order_id: z.string(),
  transaction_status: z.string(),
  transaction_amount: z.string(),
  store_id: z.string(),
  transaction_id: z.string().optional().default(""),
  description: z.string().optional().default(""),
});

/** The path Easypay's IPN points at; anything else is not Easypay's order-status service. */
export function ipnUrlAllowed(cfg: EasypaisaConfig, url: string): boolean {
  const prefix = `${cfg.baseUrl}/easypay-service/rest/v1/order-status/${cfg.accountNum}/`;
  if (!url.startsWith(prefix)) return false;
  const rest = url.slice(prefix.length);
  return /^[A-Za-z0-9_-]{1,40}$/.test(rest) && fromHostOf(url, cfg.baseUrl);
}

/** IPN (guide §4): Easypay names a URL; we fetch the JSON from Easypay's own host ourselves. */
export async function fetchIpn(
  cfg: EasypaisaConfig,
  http: GatewayHttp,
  url: string,
): Promise<PaymentOutcome> {
  if (!ipnUrlAllowed(cfg, url)) throw new GatewayVerificationError("IPN URL is not Easypay's");
  const data = ipnSchema.safeParse(await readJson(await http({ method: "GET", url })));
  if (!data.success) throw new GatewayVerificationError("IPN answer is malformed");
  const d = data.data;
  if (d.store_id !== cfg.storeId) throw new GatewayVerificationError("IPN for another store");
  const paid = d.response_code === "0000" && d.transaction_status === "PAID";
  return {
    kind: paid ? "paid" : statusKind(d.transaction_status),
    reference: d.order_id,
    amount: wholeRupees(d.transaction_amount),
    gatewayTxnId: d.transaction_id || null,
    code: d.transaction_status,
    // IPN fires for PAID; any other state is told by its status, not by a generic description.
    message: paid ? d.description || d.transaction_status : d.transaction_status,
  };
}

const inquirySchema = z.object({
  responseCode: z.string(),
  responseDesc: z.string().optional().default(""),
  orderId: z.string().optional(),
  storeId: z.string().optional(),
  transactionStatus: z.string().optional(),
  transactionAmount: z.string().optional(),
  transactionId: z.string().optional(),
  errorCode: z.string().nullish(),
  errorReason: z.string().nullish(),
});

function statusKind(s: string | undefined): PaymentOutcome["kind"] {
  if (s === "PAID") return "paid";
  if (s === "PENDING" || s === undefined) return "pending";
  return "failed";
}

/** Open API v4 `inquire-transaction`: the authoritative answer for one order. */
export async function inquire(
  cfg: EasypaisaConfig,
  http: GatewayHttp,
  reference: string,
): Promise<PaymentOutcome> {
  const res = await http({
    method: "POST",
    url: `${cfg.baseUrl}/easypay-service/rest/v4/inquire-transaction`,
    headers: {
      "content-type": "application/json",
      credentials: Buffer.from(`${cfg.username}:${cfg.password}`).toString("base64"),
    },
    body: JSON.stringify({ orderId: reference, storeId: cfg.storeId, accountNum: cfg.accountNum }),
  });
  const data = inquirySchema.safeParse(await readJson(res));
  if (!data.success) throw new GatewayVerificationError("inquiry answer is malformed");
  const d = data.data;
  // "0000" only says the inquiry itself worked; the payment's state is transactionStatus.
  if (d.responseCode !== "0000") {
    return outcome("pending", reference, null, null, d.responseCode, d.responseDesc);
  }
  if (d.orderId !== reference || d.storeId !== cfg.storeId) {
    throw new GatewayVerificationError("inquiry answered for another order");
  }
  // responseDesc ("SUCCESS") describes the inquiry call too: the payment's own words are its
  // transactionStatus and, when it did not go through, errorReason.
  const status = d.transactionStatus ?? "";
  return outcome(
    statusKind(d.transactionStatus),
    reference,
    wholeRupees(d.transactionAmount),
    d.transactionId || null,
    status,
    status === "PAID" ? status : d.errorReason || status,
  );
}

const outcome = (
  kind: PaymentOutcome["kind"],
  reference: string,
  amount: number | null,
  gatewayTxnId: string | null,
  code: string,
  message: string,
): PaymentOutcome => ({ kind, reference, amount, gatewayTxnId, code, message });
