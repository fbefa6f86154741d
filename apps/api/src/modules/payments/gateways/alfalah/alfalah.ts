import { z } from "zod";
import { fromHostOf } from "../config-helpers.ts";
import { twoDecimals, wholeRupees } from "../formats.ts";
import { formBody, type GatewayHttp, GatewayUnavailableError, readJson } from "../http.ts";
import { type FormHandoff, GatewayVerificationError, type PaymentOutcome } from "../types.ts";
import { requestHash } from "./alfalah-crypto.ts";

export type AlfalahConfig = {
  /** https://payments.bankalfalah.com, https://sandbox.bankalfalah.com or /sandbox/alfalah. */
  baseUrl: string;
  merchantId: string;
  storeId: string;
  merchantHash: string;
  username: string;
  password: string;
  key1: string;
  key2: string;
};

/** TransactionTypeId: 1 Alfa Wallet, 2 Alfalah bank account, 3 credit/debit card. */
export type AlfalahTransactionType = "1" | "2" | "3";

const handshakeSchema = z.object({
  success: z.string(),
  AuthToken: z.string().optional(),
  ReturnURL: z.string().optional(),
  ErrorMessage: z.string().optional(),
});

/** Step 1, the server-side handshake (channel 1001, page redirection). */
export async function handshake(
  cfg: AlfalahConfig,
  http: GatewayHttp,
  p: { reference: string; returnUrl: string },
) {
  const pairs: [string, string][] = [
    ["HS_ChannelId", "1001"],
    ["HS_IsRedirectionRequest", "0"],
    ["HS_MerchantId", cfg.merchantId],
    ["HS_StoreId", cfg.storeId],
    ["HS_ReturnURL", p.returnUrl],
    ["HS_MerchantHash", cfg.merchantHash],
    ["HS_MerchantUsername", cfg.username],
    ["HS_MerchantPassword", cfg.password],
    ["HS_TransactionReferenceNumber", p.reference],
  ];
  pairs.push(["HS_RequestHash", requestHash(pairs, cfg.key1, cfg.key2)]);
  const res = await http({
    method: "POST",
    url: `${cfg.baseUrl}/HS/HS/HS`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: formBody(Object.fromEntries(pairs)),
  });
  let json = await readJson(res);
  // The API channel double-encodes its JSON as a JSON string; accept both shapes.
  if (typeof json === "string") json = JSON.parse(json);
  const data = handshakeSchema.safeParse(json);
  if (!data.success) throw new GatewayUnavailableError("handshake answer is malformed");
  const ok = data.data.success === "true" && Boolean(data.data.AuthToken);
  return { success: ok, authToken: data.data.AuthToken ?? "", error: data.data.ErrorMessage };
}

/** Step 2a: the form the browser posts to /SSO/SSO/SSO. */
export function ssoForm(
  cfg: AlfalahConfig,
  p: {
    authToken: string;
    reference: string;
    amount: number;
    returnUrl: string;
    transactionType: AlfalahTransactionType;
  },
): FormHandoff {
  const pairs: [string, string][] = [
    ["AuthToken", p.authToken],
    ["ChannelId", "1001"],
    ["Currency", "PKR"],
    ["IsBIN", "0"],
    ["ReturnURL", p.returnUrl],
    ["MerchantId", cfg.merchantId],
    ["StoreId", cfg.storeId],
    ["MerchantHash", cfg.merchantHash],
    ["MerchantUsername", cfg.username],
    ["MerchantPassword", cfg.password],
    ["TransactionTypeId", p.transactionType],
    ["TransactionReferenceNumber", p.reference],
    ["TransactionAmount", twoDecimals(p.amount)],
  ];
  const fields = Object.fromEntries(pairs);
  fields.RequestHash = requestHash(pairs, cfg.key1, cfg.key2);
  return { action: `${cfg.baseUrl}/SSO/SSO/SSO`, method: "POST", fields };
}

/** The browser's return `?RC=00&RD=PS&TS=P&O=<ref>` is not signed: a hint to go and ask. */
export function returnHint(query: Record<string, unknown>) {
  const ref = typeof query.O === "string" ? query.O : null;
  return { reference: ref, claimsSuccess: query.RC === "00" && query.TS === "P" };
}

export const orderStatusUrl = (cfg: AlfalahConfig, reference: string) =>
  `${cfg.baseUrl}/HS/api/IPN/OrderStatus/${cfg.merchantId}/${cfg.storeId}/${encodeURIComponent(reference)}`;

/** An IPN's `url` must be APG's own order-status URL for our merchant and store. */
export function ipnUrlAllowed(cfg: AlfalahConfig, url: string): string | null {
  const prefix = `${cfg.baseUrl}/HS/api/IPN/OrderStatus/${cfg.merchantId}/${cfg.storeId}/`;
  if (!url.startsWith(prefix) || !fromHostOf(url, cfg.baseUrl)) return null;
  const ref = url.slice(prefix.length);
  return /^[A-Za-z0-9_-]{1,40}$/.test(ref) ? ref : null;
}

const statusSchema = z.object({
  ResponseCode: z.string(),
  Description: z.string().optional().default(""),
  MerchantId: z.string().optional(),
  StoreId: z.string().optional(),
  TransactionReferenceNumber: z.string().optional(),
  TransactionId: z.string().nullish(),
  TransactionAmount: z.string().nullish(),
  TransactionStatus: z.string().nullish(),
});

/**
 * What the shopper reads for each TransactionStatus. `Description` ("Success") only says the
 * status call worked, so the payment's own outcome is told from TransactionStatus.
 */
const STATUS_WORDS: Record<string, string> = {
  Paid: "Paid",
  Failed: "Bank Alfalah declined the payment (Failed).",
  SessionEnded: "The Bank Alfalah payment session ended without a payment (SessionEnded).",
};

/**
 * GET OrderStatus: success is ResponseCode "00" with TransactionStatus "Paid"; "Failed" failed;
 * "SessionEnded" (the shopper left or cancelled the bank's page) cancelled; anything else pending.
 */
export async function orderStatus(
  cfg: AlfalahConfig,
  http: GatewayHttp,
  reference: string,
): Promise<PaymentOutcome> {
  let json = await readJson(await http({ method: "GET", url: orderStatusUrl(cfg, reference) }));
  if (typeof json === "string") json = JSON.parse(json);
  const data = statusSchema.safeParse(json);
  if (!data.success) throw new GatewayVerificationError("order status answer is malformed");
  const d = data.data;
  const base = { reference, gatewayTxnId: d.TransactionId || null };
  if (d.ResponseCode !== "00" || !d.TransactionStatus) {
    return { ...base, kind: "pending", amount: null, code: d.ResponseCode, message: d.Description };
  }
  if (
    d.MerchantId !== cfg.merchantId ||
    d.StoreId !== cfg.storeId ||
    d.TransactionReferenceNumber !== reference
  ) {
    throw new GatewayVerificationError("order status is for another merchant or order");
  }
  const s = d.TransactionStatus;
  const kind =
    s === "Paid"
      ? "paid"
      : s === "Failed"
        ? "failed"
        : s === "SessionEnded"
          ? "cancelled"
          : "pending";
  const message = STATUS_WORDS[s] ?? s;
  return { ...base, kind, amount: wholeRupees(d.TransactionAmount), code: s, message };
}
