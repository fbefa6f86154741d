type Method = {
  /** The gateway that collects it, by its name in the API's registry; null for cash on delivery. */
  gateway: string | null;
  /** How an order's method reads to the shopper ("paid online with …"). */
  name: string;
  /** The checkout's choice, for the methods it offers (NIFT's API names are not offered). */
  label?: string;
};

/**
 * Spec §9's payment methods the shop takes, the gateway behind each and the words shoppers read.
 * `NiftPayBank`/`NiftPayCard` are what `/pay/nift_pay` carries (spec §7) and orders keep; the
 * checkout offers NIFT as `nift_pay_bank`/`nift_pay_card`. Stripe is in the spec but not
 * implemented; the wallet top-up method is below.
 */
export const PAYMENT_METHODS = {
  COD: { gateway: null, name: "cash on delivery" },
  HBL: {
    gateway: "hbl",
    name: "HBL Pay (credit / debit card)",
    label: "Credit / debit card (HBL)",
  },
  Keenu: { gateway: "keenu", name: "Keenu (bank account)", label: "Bank account (Keenu)" },
  nift_pay_bank: {
    gateway: "nift",
    name: "NIFT ePay (bank account)",
    label: "Bank account (NIFT ePay)",
  },
  nift_pay_card: { gateway: "nift", name: "NIFT ePay (card)", label: "Card (NIFT ePay)" },
  NiftPayBank: { gateway: "nift", name: "NIFT ePay (bank account)" },
  NiftPayCard: { gateway: "nift", name: "NIFT ePay (card)" },
  alfalah_pay: { gateway: "alfalah", name: "Bank Alfalah", label: "Bank Alfalah" },
  easypaisa: { gateway: "easypaisa", name: "Easypaisa", label: "Easypaisa" },
} as const satisfies Record<string, Method>;

export type PaymentMethod = keyof typeof PAYMENT_METHODS;

/** The wallet top-up's method (spec §7 `/pay/easypaisa_wallet`); not a way to pay an order. */
export const TOP_UP_METHOD = "easypaisa_wallet";

/** Spec §4: a missing payment method is cash on delivery. */
export const DEFAULT_PAYMENT_METHOD = "COD" satisfies PaymentMethod;

const entries = Object.entries(PAYMENT_METHODS) as [PaymentMethod, Method][];

/** The methods a gateway collects, in the table's order. */
export const ONLINE_METHODS = entries.flatMap(([m, d]) => (d.gateway ? [m] : []));

export const isOnlineMethod = (method: string): boolean =>
  (ONLINE_METHODS as readonly string[]).includes(method);

/** The gateway behind an order method or the top-up method, or null (COD, unknown). */
export function gatewayOf(method: string): string | null {
  if (method === TOP_UP_METHOD) return "easypaisa";
  return Object.hasOwn(PAYMENT_METHODS, method)
    ? PAYMENT_METHODS[method as PaymentMethod].gateway
    : null;
}

/** The online methods the checkout offers, with their labels, in the table's order. */
export const CHECKOUT_ONLINE_METHODS = entries.flatMap(([m, d]) =>
  d.gateway && d.label ? [[m, d.label] as const] : [],
);

/** How an order's stored payment method reads to the shopper. */
export const methodName = (method: string): string =>
  Object.hasOwn(PAYMENT_METHODS, method) ? PAYMENT_METHODS[method as PaymentMethod].name : method;
