import { karachiParts, twoDecimals } from "../formats.ts";
import { type GatewayHttp, GatewayUnavailableError } from "../http.ts";
import { type FormHandoff, GatewayVerificationError, type PaymentOutcome } from "../types.ts";
import { requestChecksumText, responseChecksum, sameHex, signRequest } from "./keenu-crypto.ts";

export type KeenuConfig = {
  redirectUrl: string;
  banksUrl: string;
  merchantId: string;
  clientId: string;
  /** GetBanks password. */
  password: string;
  /** Shared secret of the callback's HMAC-MD5 checksum. */
  secret: string;
  /** Our RSA private key (PEM) that signs requests; Keenu holds the public half. */
  merchantPrivateKey: string;
};

/** dd/MM/yyyy and HH:mm:ss in Karachi time, as Keenu wants them. */
export function keenuDateTime(at: Date) {
  const t = karachiParts(at);
  return { date: `${t.dd}/${t.MM}/${t.yyyy}`, time: `${t.HH}:${t.mm}:${t.ss}` };
}

/** The browser's POST form to Keenu's bank redirect. */
export function redirectForm(
  cfg: KeenuConfig,
  p: { reference: string; amount: number; bankId: string; description: string; at: Date },
): FormHandoff {
  const { date, time } = keenuDateTime(p.at);
  const amount = twoDecimals(p.amount);
  const text = requestChecksumText({
    clientId: cfg.clientId,
    merchantId: cfg.merchantId,
    bankId: p.bankId,
    orderNo: p.reference,
    amount,
    date,
    time,
  });
  return {
    action: cfg.redirectUrl,
    method: "POST",
    fields: {
      Merchant_ID: cfg.merchantId,
      Client_ID: cfg.clientId,
      Order_No: p.reference,
      Order_Amount: amount,
      Date: date,
      Time: time,
      Bank_ID: p.bankId,
      Transaction_Desc: p.description,
      Checksum: signRequest(text, cfg.merchantPrivateKey),
    },
  };
}

/** What AUTH_STATUS_NO means (payment-gateways.md §2.4); the callback carries no other reason. */
const AUTH_STATUS: Record<string, string> = {
  "00": "System error at the bank",
  "01": "Success",
  "02": "Cancelled by customer",
  "03": "Declined by bank",
};

/** Our reference as the callback names it (`Order_ID`, or `Order_No` in the 2018 API). */
export function callbackReference(body: Record<string, unknown>): string | null {
  const v = body.Order_ID ?? body.Order_No;
  return typeof v === "string" && v !== "" ? v : null;
}

/**
 * The callback, verified by its HMAC-MD5 checksum. The callback carries no amount, yet the
 * checksum covers one: the amount of the order as we sent it, "%.2f". So the checksum is
 * computed with `amount`, the attempt's own, and a bank that signed another amount fails here
 * (that is how an amount mismatch shows in this protocol). AUTH_STATUS_NO 01 = paid, 02 =
 * cancelled, 00 and 03 failed.
 */
export function readCallback(
  cfg: KeenuConfig,
  body: Record<string, unknown>,
  amount: number,
): PaymentOutcome {
  const s = (k: string) => (typeof body[k] === "string" ? (body[k] as string) : "");
  const orderNo = callbackReference(body);
  if (!orderNo) throw new GatewayVerificationError("Keenu callback names no order");
  const expected = responseChecksum(cfg.secret, {
    merchantId: cfg.merchantId,
    orderNo,
    amount: twoDecimals(amount),
    bankName: s("Bank_Name"),
    status: s("Status"),
    date: s("Date"),
    time: s("Time"),
  });
  if (!sameHex(expected, s("Checksum"))) {
    throw new GatewayVerificationError("Keenu callback checksum does not match");
  }
  const auth = s("AUTH_STATUS_NO");
  const kind =
    s("Status") === "Success" && auth === "01" ? "paid" : auth === "02" ? "cancelled" : "failed";
  return {
    kind,
    reference: orderNo,
    // Verified by the checksum above: the bank signed exactly this amount.
    amount,
    gatewayTxnId: s("Transaction_ID") || null,
    code: auth,
    message: AUTH_STATUS[auth] ?? `${s("Status") || "Failed"} (${auth || "no status"})`,
  };
}

/** The callback's date and time as an instant, for the staleness check. */
export function callbackTime(body: Record<string, unknown>): Date | null {
  const m = /^(\d\d)\/(\d\d)\/(\d{4})$/.exec(String(body.Date ?? ""));
  const t = /^(\d\d):(\d\d):(\d\d)$/.exec(String(body.Time ?? ""));
  if (!m || !t) return null;
  const [d, mo, y] = m.slice(1).map(Number) as [number, number, number];
  const [h, mi, se] = t.slice(1).map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h - 5, mi, se));
}

/** SOAP GetBanks: the banks the shopper can pick. */
export async function getBanks(cfg: KeenuConfig, http: GatewayHttp) {
  const esc = (v: string) => v.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const envelope = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><GetBanks xmlns="http://tempuri.org/"><ClientID>${esc(cfg.clientId)}</ClientID><Password>${esc(cfg.password)}</Password><MerchantId>${esc(cfg.merchantId)}</MerchantId></GetBanks></soap:Body></soap:Envelope>`;
  const res = await http({
    method: "POST",
    url: cfg.banksUrl,
    headers: {
      "content-type": "text/xml; charset=utf-8",
      soapaction: "http://tempuri.org/GetBanks",
    },
    body: envelope,
  });
  if (res.status !== 200) throw new GatewayUnavailableError(`GetBanks answered ${res.status}`);
  const banks: { bankId: string; bankName: string }[] = [];
  for (const m of res.text.matchAll(/<BankId>([^<]*)<\/BankId>\s*<BankName>([^<]*)<\/BankName>/g)) {
    banks.push({ bankId: m[1] ?? "", bankName: m[2] ?? "" });
  }
  return banks;
}
