import { CHECKOUT_ONLINE_METHODS, gatewayOf, methodName } from "@maidan/contracts/payment-methods";

/**
 * Spec §7 "Payments" on the browser side: which /api/pay call a method makes, and how its answer
 * becomes the form that takes the shopper to the gateway. Pure functions (unit-tested); the
 * submitting is in components/checkout/use-online-payment.ts.
 */

export const MESSAGES = {
  provider: "There is something wrong with payment provider!",
  unable: "Unable to process your payment!",
  stripe: "Stripe not implemented yet. Proceed with COD",
  unknown: (name: string) => `The checkout service ${name} not yet implemented`,
} as const;

/**
 * The online methods whose gateway takes payments (decision 024): the only ones offered. Without
 * the server's list (a page rendered without the root data) all are shown; the API refuses any
 * switched off.
 */
export const offeredMethods = (gateways?: readonly string[]) =>
  CHECKOUT_ONLINE_METHODS.filter(
    ([method]) => !gateways || gateways.includes(gatewayOf(method) ?? ""),
  );

/** Whether a method's gateway is switched on. */
export const methodOffered = (method: string, gateways: readonly string[]) =>
  gateways.includes(gatewayOf(method) ?? "");

/**
 * The order-success line about money: how the order is paid and whether it is. Cash on delivery
 * is paid at the door; an online order says paid only once the server has verified it.
 */
export function paymentLine(payment: { method: string; status: string }) {
  if (payment.method === "COD") return "to be paid in cash on delivery";
  const name = methodName(payment.method);
  return payment.status === "paid"
    ? `paid online with ${name}`
    : `waiting for your payment with ${name}`;
}

export type PayExtras = {
  /** Checkout payments: the delivery address (a saved id or the typed address). */
  address?: unknown;
  /** Wallet top-up (easypaisa_wallet): whole rupees. */
  amount?: number;
  bankId?: string;
  easypaisaMethod?: string;
  rePayId?: string | null;
  walletId?: string | null;
  useWallet?: boolean;
};

export type PayCall = { url: string; body: Record<string, unknown> };

/** The §7 call for a method, or the §8 message when there is none. */
export function payCall(method: string, x: PayExtras): PayCall | { message: string } {
  const common = {
    address: x.address,
    walletId: x.walletId ?? null,
    useWallet: x.useWallet ?? false,
  };
  const re = x.rePayId ? { rePayId: x.rePayId } : {};
  switch (method) {
    case "HBL":
      return { url: "/api/pay/hbl", body: { ...common, paymentMethod: "HBL", ...re } };
    case "Keenu":
      return {
        url: "/api/pay/keenu",
        body: { ...common, paymentMethod: "Keenu", bankId: x.bankId ?? "", ...re },
      };
    case "nift_pay_bank":
    case "nift_pay_card":
      return {
        url: "/api/pay/nift_pay",
        body: {
          ...common,
          paymentMethod: method === "nift_pay_card" ? "NiftPayCard" : "NiftPayBank",
          ...re,
        },
      };
    case "alfalah_pay":
      return { url: "/api/pay/alfalah_pay", body: { ...common, paymentMethod: method, ...re } };
    case "easypaisa":
      return {
        url: "/api/pay/easypaisa",
        body: {
          ...common,
          paymentMethod: method,
          paymentMethod_ep: x.easypaisaMethod || "MA_PAYMENT_METHOD",
          ...re,
        },
      };
    case "easypaisa_wallet":
      // §7: {amount, paymentMethod} only; no order, so no address or wallet fields.
      return {
        url: "/api/pay/easypaisa_wallet",
        body: { amount: x.amount, paymentMethod: method },
      };
    case "Stripe":
      return { message: MESSAGES.stripe };
    default:
      return { message: MESSAGES.unknown(method) };
  }
}

export type GatewayForm = { action: string; method: "GET" | "POST"; fields: [string, string][] };
export type Handoff = { ok: true; form: GatewayForm } | { ok: false; message: string };

const fieldsOf = (r: Record<string, unknown>, omit: string[]) =>
  Object.entries(r)
    .filter(([k, v]) => !omit.includes(k) && v !== null && v !== undefined && typeof v !== "object")
    .map(([k, v]) => [k, String(v)] as [string, string]);

const serverMessage = (r: Record<string, unknown>) =>
  typeof r.message === "string" && r.message ? r.message : MESSAGES.unable;

/**
 * Turns a /api/pay answer into the gateway form (spec §7), or the §8 message. `gatewayUrl` is
 * the `x-payment-url` header, where the API names the gateway for the form hand-offs.
 */
export function handoff(
  method: string,
  r: Record<string, unknown>,
  gatewayUrl: string | null,
): Handoff {
  const echoed = ["address", "paymentMethod", "walletId", "useWallet"];
  if (method === "HBL") {
    if (r.hbl_success !== "yes" || typeof r.hbl_url !== "string" || !r.hbl_url)
      return { ok: false, message: MESSAGES.provider };
    return { ok: true, form: { action: r.hbl_url, method: "GET", fields: [] } };
  }
  if (method === "alfalah_pay") {
    if (r.handShakeStatus !== true) return { ok: false, message: serverMessage(r) };
  } else if (r.status === false) return { ok: false, message: serverMessage(r) };
  if (!gatewayUrl) return { ok: false, message: MESSAGES.unable };
  switch (method) {
    case "Keenu":
      // §7: everything but address and paymentMethod (walletId and useWallet go along).
      return {
        ok: true,
        form: {
          action: gatewayUrl,
          method: "POST",
          fields: fieldsOf(r, ["address", "paymentMethod"]),
        },
      };
    case "nift_pay_bank":
    case "nift_pay_card":
      if (r.status !== true) return { ok: false, message: MESSAGES.unable };
      return {
        ok: true,
        form: {
          action: gatewayUrl,
          method: "POST",
          fields: fieldsOf(r, [...echoed, "status", "message"]),
        },
      };
    case "alfalah_pay":
      return {
        ok: true,
        form: {
          action: gatewayUrl,
          method: "POST",
          fields: fieldsOf(r, [...echoed, "handShakeStatus"]),
        },
      };
    case "easypaisa":
    case "easypaisa_wallet":
      // §7: the top-up uses the same hand-off as easypaisa.
      return {
        ok: true,
        form: {
          action: gatewayUrl,
          method: "GET",
          fields: fieldsOf(r, [...echoed, "rePayId"]).map(([k, v]) => [
            k === "paymentMethod_ep" ? "paymentMethod" : k,
            decodeURIComponent(v),
          ]),
        },
      };
    default:
      return { ok: false, message: MESSAGES.unknown(method) };
  }
}
