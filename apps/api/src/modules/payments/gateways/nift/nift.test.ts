import { describe, expect, it } from "vitest";
import type { GatewayHttp } from "../http.ts";
import { inquire, merchantForm, type NiftConfig, readCallback } from "./nift.ts";
import { secureHash, secureHashMatches, secureHashText } from "./nift-crypto.ts";

const cfg: NiftConfig = {
  formUrl: "https://uat-merchants.niftepay.pk/CustomerPortal/transactionmanagement/merchantform",
  inquiryUrl: "https://uat-merchants.niftepay.pk/ApplicationAPI/API/PaymentInquiry/Inquire",
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
    pp_TxnDateTime: "20240101120000",
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

  it("cannot be a re-split of another signed list (decision 022)", () => {
    // Correctly signed, but a value holds the separator: it could be read as several fields.
    expect(() => readCallback(cfg, signed({ ...base, pp_ResponseMessage: "a&000&b" }))).toThrow(
      /not allowed/,
    );
    expect(() => readCallback(cfg, signed({ ...base, ppmpf_1: "pp_ResponseCode=000" }))).toThrow(
      /not allowed/,
    );
    // Fields NIFT never posts back (our own form's, and anything else) are refused.
    for (const extra of ["pp_Password", "pp_ReturnURL", "pp_Description", "pp_ProductID", "x"])
      expect(() => readCallback(cfg, signed({ ...base, [extra]: "v" })), extra).toThrow(/field/);
    // A field posted twice arrives as an array.
    expect(() => readCallback(cfg, { ...signed(base), pp_ResponseCode: ["112", "000"] })).toThrow(
      /repeats/,
    );
    // Every field the check relies on must be there, the merchant id included.
    for (const k of ["pp_MerchantID", "pp_Amount", "pp_TxnDateTime", "pp_ResponseCode"]) {
      const { [k as keyof typeof base]: _, ...rest } = base;
      expect(() => readCallback(cfg, signed(rest)), k).toThrow(/lacks/);
    }
    expect(() => readCallback(cfg, signed({ ...base, pp_BillReference: "T2" }))).toThrow(/two/);
    expect(() => readCallback(cfg, signed({ ...base, pp_Amount: "250050" }))).toThrow(/whole/);
  });

  it("the merchant form refuses to sign a value holding '&' or '='", () => {
    const form = (returnUrl: string) =>
      merchantForm(cfg, {
        reference: "T1",
        amount: 10,
        method: "NiftPayBank",
        description: "Order",
        returnUrl,
        at: new Date(),
        expiresAt: new Date(),
      });
    expect(() => form("http://x&000&y/cb")).toThrow(/pp_ReturnURL/);
    expect(() => form("http://s/cb?a=1")).toThrow(/pp_ReturnURL/);
  });
});

describe("NIFT status inquiry (JazzCash's PaymentInquiry/Inquire)", () => {
  /** An inquiry endpoint answering `answer`, signed with the salt unless told otherwise. */
  const gateway = (answer: Record<string, string>, sign = true) => {
    const asked: Record<string, string>[] = [];
    const http: GatewayHttp = async (req) => {
      asked.push(JSON.parse(req.body ?? "{}"));
      const body = sign ? { ...answer, pp_SecureHash: secureHash(answer, cfg.salt) } : answer;
      return { status: 200, text: JSON.stringify(body) };
    };
    return { http, asked };
  };
  const ok = {
    pp_ResponseCode: "000",
    pp_ResponseMessage: "Inquiry successful",
    pp_TxnRefNo: "T1",
  };

  it("asks with the signed JazzCash fields and reads the payment's own code", async () => {
    const g = gateway({
      ...ok,
      pp_Status: "Completed",
      pp_PaymentResponseCode: "000",
      pp_PaymentResponseMessage: "Successful",
      pp_Amount: "250000",
      pp_RetreivalReferenceNo: "R9",
    });
    expect(await inquire(cfg, g.http, "T1")).toEqual({
      kind: "paid",
      reference: "T1",
      amount: 2500,
      gatewayTxnId: "R9",
      code: "000",
      message: "Successful",
    });
    const sent = g.asked[0] as Record<string, string>;
    expect(Object.keys(sent).sort()).toEqual(
      ["pp_MerchantID", "pp_Password", "pp_SecureHash", "pp_TxnRefNo", "pp_Version"].sort(),
    );
    expect(secureHashMatches(sent, cfg.salt)).toBe(true);
  });

  it("pending, cancelled and failed payments; '000' alone only means the inquiry worked", async () => {
    const kind = async (a: Record<string, string>) =>
      (await inquire(cfg, gateway({ ...ok, ...a }).http, "T1")).kind;
    expect(await kind({ pp_Status: "Pending", pp_PaymentResponseCode: "157" })).toBe("pending");
    expect(await kind({ pp_Status: "Failed", pp_PaymentResponseCode: "112" })).toBe("cancelled");
    expect(await kind({ pp_Status: "Failed", pp_PaymentResponseCode: "999" })).toBe("failed");
    expect(await kind({ pp_Status: "Completed" })).toBe("pending");
    expect(await kind({ pp_Status: "Pending", pp_PaymentResponseCode: "000" })).toBe("pending");
  });

  it("a refused inquiry, a forged answer or another order's answer is not an outcome", async () => {
    await expect(
      inquire(cfg, gateway({ pp_ResponseCode: "115", pp_ResponseMessage: "bad hash" }).http, "T1"),
    ).rejects.toThrow(/115/);
    const forged = gateway({ ...ok, pp_PaymentResponseCode: "000" }, false);
    const http: GatewayHttp = async (req) => {
      const r = await forged.http(req);
      return { ...r, text: JSON.stringify({ ...JSON.parse(r.text), pp_SecureHash: "AB" }) };
    };
    await expect(inquire(cfg, http, "T1")).rejects.toThrow(/hash/);
    await expect(
      inquire(cfg, gateway({ ...ok, pp_PaymentResponseCode: "000" }).http, "T2"),
    ).rejects.toThrow(/another order/);
  });
});
