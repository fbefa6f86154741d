import { randomDigits, randomToken } from "../config-helpers.ts";
import type { GatewaySettings } from "../payment-gateway.ts";
import type { NiftConfig } from "./nift.ts";

/** pp_ReturnURL: where NIFT posts back, from the shopper's browser and from its server. */
export const NIFT_CALLBACK = "/api/payments/nift/callback";

export const NIFT_SANDBOX = {
  form: "/sandbox/nift/CustomerPortal/transactionmanagement/merchantform",
  inquiry: "/sandbox/nift/ApplicationAPI/API/PaymentInquiry/Inquire",
};

/** What NIFT's sandbox and the shop share: the merchant's identity, password and salt. */
export type NiftSecrets = Omit<NiftConfig, "formUrl" | "inquiryUrl">;

export const niftSettings: GatewaySettings<NiftConfig, NiftSecrets> = {
  live(config, check) {
    if (!config.NIFT_URL) return null;
    const cfg: NiftConfig = {
      formUrl: config.NIFT_URL,
      // NIFT is trusted only after its status inquiry (decision 022): live needs its URL too.
      inquiryUrl: check.need("NIFT_INQUIRY_URL"),
      merchantId: check.need("NIFT_MERCHANT_ID"),
      subMerchantId: config.NIFT_SUB_MERCHANT_ID ?? "",
      password: check.need("NIFT_PASSWORD"),
      salt: check.need("NIFT_SALT"),
    };
    return async () => cfg;
  },
  sandbox: {
    secrets: async () => ({
      merchantId: `MC${randomDigits(5)}`,
      subMerchantId: "",
      password: randomToken(12),
      salt: randomToken(12),
    }),
    settings: (s) => ({ ...s, formUrl: NIFT_SANDBOX.form, inquiryUrl: NIFT_SANDBOX.inquiry }),
    legacy: (set) => (set.nift as NiftSecrets | undefined) ?? null,
  },
};
