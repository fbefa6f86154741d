import { z } from "zod";
import { wholeRupees } from "../formats.ts";
import { type GatewayHttp, GatewayUnavailableError, readJson } from "../http.ts";
import { GatewayVerificationError, type PaymentOutcome } from "../types.ts";
import { decryptCallback, encryptValues } from "./hbl-crypto.ts";

export type HblConfig = {
  /** Checkout API, e.g. https://digitalbankingportal.hbl.com/HostedCheckout/api/checkout. */
  apiUrl: string;
  /** Redirect page prefix ending in `#/checkout?data=`. */
  redirectUrl: string;
  userId: string;
  password: string;
  channel: string;
  /** HBL's RSA public key (PEM): request values are encrypted with it. */
  hblPublicKey: string;
  /** Our RSA private key (PEM): only its holder can read a callback, which makes it authentic. */
  merchantPrivateKey: string;
};

export type HblOrder = {
  reference: string;
  amount: number;
  shipping: number;
  customerId: string;
  items: { name: string; quantity: number; unitPrice: number; category: string }[];
  billTo: {
    forename: string;
    surname: string;
    email: string;
    phone: string;
    line: string;
    city: string;
    state: string;
    postalCode: string;
  };
};

/**
 * HBL's order sums: items at the prices charged (SUBTOTAL is their sum), plus SHIPPING_COST,
 * minus DISCOUNT_ON_TOTAL, is what HBL collects. Our amount due is already net of the voucher,
 * promotions and any wallet part, so that difference goes in as the discount.
 */
export function orderSums(o: Pick<HblOrder, "amount" | "shipping" | "items">) {
  const subtotal = o.items.reduce((n, i) => n + i.unitPrice * i.quantity, 0);
  const discount = subtotal + o.shipping - o.amount;
  if (discount < 0 || discount > subtotal || o.amount <= 0) {
    throw new Error(
      `HBL order does not add up: items ${subtotal} + shipping ${o.shipping} against ${o.amount} due`,
    );
  }
  return { subtotal, discount };
}

/** The v1 checkout request, before encryption (field names and spellings are HBL's). */
export function checkoutRequest(
  cfg: HblConfig,
  o: HblOrder,
  urls: { returnUrl: string; cancelUrl: string },
) {
  const person = (p: string) => ({
    [`${p}_FORENAME`]: o.billTo.forename,
    [`${p}_SURNAME`]: o.billTo.surname,
    [`${p}_EMAIL`]: o.billTo.email,
    [`${p}_PHONE`]: o.billTo.phone,
    [`${p}_ADDRESS_LINE`]: o.billTo.line,
    [`${p}_ADDRESS_CITY`]: o.billTo.city,
    [`${p}_ADDRESS_STATE`]: o.billTo.state,
    [`${p}_ADDRESS_COUNTRY`]: "PK",
    [`${p}_ADDRESS_POSTAL_CODE`]: o.billTo.postalCode,
  });
  const sums = orderSums(o);
  return {
    USER_ID: cfg.userId,
    PASSWORD: cfg.password,
    RETURN_URL: urls.returnUrl,
    CANCEL_URL: urls.cancelUrl,
    CHANNEL: cfg.channel,
    TYPE_ID: "0",
    ORDER: {
      DISCOUNT_ON_TOTAL: String(sums.discount),
      SUBTOTAL: String(sums.subtotal),
      OrderSummaryDescription: o.items.map((i) => ({
        ITEM_NAME: i.name,
        QUANTITY: String(i.quantity),
        UNIT_PRICE: String(i.unitPrice),
        OLD_PRICE: null,
        CATEGORY: i.category,
        SUB_CATEGORY: i.category,
      })),
    },
    SHIPPING_DETAIL: {
      NAME: "Standard",
      ICON_PATH: null,
      DELIEVERY_DAYS: "3",
      SHIPPING_COST: String(o.shipping),
    },
    ADDITIONAL_DATA: {
      REFERENCE_NUMBER: o.reference,
      CUSTOMER_ID: o.customerId,
      CURRENCY: "PKR",
      ...person("BILL_TO"),
      ...person("SHIP_TO"),
      MerchantFields: { MDD1: cfg.channel, MDD2: "N", MDD3: o.items[0]?.category ?? "" },
    },
  };
}

const sessionSchema = z.object({
  IsSuccess: z.boolean(),
  ResponseCode: z.union([z.number(), z.string()]),
  ResponseMessage: z.string().optional().default(""),
  Data: z.object({ SESSION_ID: z.string() }).nullish(),
});

/** Calls the checkout API; on success returns the redirect URL the browser opens with GET. */
export async function createSession(
  cfg: HblConfig,
  http: GatewayHttp,
  o: HblOrder,
  urls: { returnUrl: string; cancelUrl: string },
) {
  const body = encryptValues(checkoutRequest(cfg, o, urls), cfg.hblPublicKey);
  const res = await http({
    method: "POST",
    url: cfg.apiUrl,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = sessionSchema.safeParse(await readJson(res));
  if (!data.success) throw new GatewayUnavailableError("HBL checkout answer is malformed");
  const sessionId = data.data.Data?.SESSION_ID;
  if (!data.data.IsSuccess || !sessionId) {
    return { success: false as const, message: data.data.ResponseMessage };
  }
  const url = `${cfg.redirectUrl}${Buffer.from(sessionId).toString("base64")}`;
  return { success: true as const, url };
}

/**
 * The `data` parameter exactly as it stood in the URL: a `+` in base64 must stay a `+`, which
 * form-style query parsing would turn into a space.
 */
export function rawDataParam(rawUrl: string): string | null {
  const q = rawUrl.indexOf("?");
  if (q < 0) return null;
  for (const part of rawUrl.slice(q + 1).split("&")) {
    if (part.startsWith("data=")) return decodeURIComponent(part.slice(5));
  }
  return null;
}

/** Decrypts and reads a callback. Success "0"/"100"; cancelled ""/"112"; anything else failed. */
export function readCallback(cfg: HblConfig, data: string): PaymentOutcome {
  let plain: string;
  try {
    plain = decryptCallback(data, cfg.merchantPrivateKey);
  } catch {
    throw new GatewayVerificationError("HBL callback does not decrypt with our key");
  }
  // OpenSSL's implicit rejection turns a wrong-key block into random bytes instead of an error,
  // so a forgery shows up as text that is not a printable query string.
  if (!/^[\x20-\x7e]+$/.test(plain)) {
    throw new GatewayVerificationError("HBL callback does not decrypt with our key");
  }
  const q = new URLSearchParams(plain);
  const reference = q.get("ORDER_REF_NUMBER");
  if (!reference) throw new GatewayVerificationError("HBL callback names no order");
  const code = q.get("RESPONSE_CODE") ?? "";
  const kind =
    code === "0" || code === "100"
      ? "paid"
      : code === "" || code === "112"
        ? "cancelled"
        : "failed";
  // Only a campaign's discounted charge names an amount; then it must be the amount due.
  const charged = q.get("DISCOUNTED_AMOUNT");
  const amount = charged === null ? null : wholeRupees(charged);
  if (charged !== null && amount === null)
    throw new GatewayVerificationError("HBL callback amount is not whole rupees");
  return {
    kind,
    reference,
    amount,
    gatewayTxnId: q.get("CS_RESP_TOKEN"),
    code,
    message: q.get("RESPONSE_MESSAGE") ?? "",
  };
}
