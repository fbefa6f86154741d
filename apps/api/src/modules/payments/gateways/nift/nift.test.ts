import { describe, expect, it } from "vitest";
import { merchantForm, type NiftConfig, readCallback } from "./nift.ts";
import { secureHash, secureHashMatches, secureHashText } from "./nift-crypto.ts";

const cfg: NiftConfig = {
  formUrl: "https://uat-merchants.niftepay.pk/CustomerPortal/transactionmanagement/merchantform",
  merchantId: "MC1",
  subMerchantId: "",
  password: "pw",
  salt: "SALT123",
};

describe("NIFT pp_SecureHash", () => {
  const fields = {
    pp_TxnDateTime: "20240101120000",
    pp_TxnCurrency: "PKR",
    pp_Amount: "100000",
    pp_MerchantID: "MC1",
    pp_BankID: "",
  };

  it("is HMAC-SHA256(salt, salt&sorted non-empty values), known answer from openssl", () => {
    expect(secureHashText(fields, "SALT123")).toBe("SALT123&100000&MC1&PKR&20240101120000");
    expect(secureHash(fields, "SALT123")).toBe(
      "25c77abfa068e1fa08eef5e8517511cf05d9c79b8f92b50975f1385d334afb4d".toUpperCase(),
    );
  });

  it("covers every posted non-empty field but pp_SecureHash, ppmbf_* too (openssl known answer)", () => {
    // A callback as NIFT posts it, with a merchant-bank field and an empty one.
    const posted = {
      pp_TxnRefNo: "T1",
      ppmbf_1: "x",
      pp_ResponseMessage: "Done",
      pp_BankID: "",
      pp_ResponseCode: "000",
      pp_Amount: "250000",
    };
    expect(secureHashText(posted, "S4LT")).toBe("S4LT&250000&000&Done&T1&x");
    // printf 'S4LT&250000&000&Done&T1&x' | openssl dgst -sha256 -hmac S4LT
    const hash = "91cabd2cfc85d1783154408f9cbf980b921d2565ca82f0328c6d9b879274912c";
    expect(secureHash(posted, "S4LT")).toBe(hash.toUpperCase());
    expect(secureHashMatches({ ...posted, pp_SecureHash: hash }, "S4LT")).toBe(true);
    // Changing or dropping the ppmbf_ field breaks it, as any other field would.
    expect(secureHashMatches({ ...posted, ppmbf_1: "y", pp_SecureHash: hash }, "S4LT")).toBe(false);
    const { ppmbf_1: _, ...without } = posted;
    expect(secureHashMatches({ ...without, pp_SecureHash: hash }, "S4LT")).toBe(false);
  });

  it("accepts lower-case hex and refuses a tampered amount", () => {
    const h = secureHash(fields, "SALT123").toLowerCase();
    expect(secureHashMatches({ ...fields, pp_SecureHash: h }, "SALT123")).toBe(true);
    expect(secureHashMatches({ ...fields, pp_Amount: "100", pp_SecureHash: h }, "SALT123")).toBe(
      false,
    );
  });

  it("the merchant form sends paisa and a matching hash", () => {
    const f = merchantForm(cfg, {
      reference: "T1",
      amount: 1000,
      method: "NiftPayBank",
      description: "Order",
      returnUrl: "https://s/r",
      at: new Date("2024-01-01T07:00:00Z"),
      expiresAt: new Date("2024-01-01T07:15:00Z"),
    });
    expect(f.fields.pp_Amount).toBe("100000");
    expect(f.fields.pp_TxnDateTime).toBe("20240101120000");
    expect(secureHashMatches(f.fields, cfg.salt)).toBe(true);
  });
});

describe("NIFT callback", () => {
  const signed = (f: Record<string, string>) => ({ ...f, pp_SecureHash: secureHash(f, cfg.salt) });
  const base = {
    pp_ResponseCode: "000",
    pp_ResponseMessage: "ok",
    pp_TxnRefNo: "T1",
    pp_Amount: "250000",
    pp_MerchantID: "MC1",
  };

  it("000 is paid, 124 and 157 pending, 112 cancelled, anything else failed", () => {
    expect(readCallback(cfg, signed(base))).toMatchObject({
      kind: "paid",
      amount: 2500,
      reference: "T1",
    });
    expect(readCallback(cfg, signed({ ...base, pp_ResponseCode: "124" })).kind).toBe("pending");
    expect(readCallback(cfg, signed({ ...base, pp_ResponseCode: "112" })).kind).toBe("cancelled");
    expect(readCallback(cfg, signed({ ...base, pp_ResponseCode: "115" })).kind).toBe("failed");
  });

  it("rejects forged and tampered callbacks and another merchant's", () => {
    expect(() => readCallback(cfg, { ...base, pp_SecureHash: "00" })).toThrow(/hash/);
    expect(() => readCallback(cfg, { ...signed(base), pp_Amount: "100" })).toThrow(/hash/);
    const other = { ...base, pp_MerchantID: "MC2" };
    expect(() => readCallback(cfg, signed(other))).toThrow(/another merchant/);
  });
});
