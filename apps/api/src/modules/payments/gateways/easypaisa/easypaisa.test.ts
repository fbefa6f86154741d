import { describe, expect, it } from "vitest";
import type { GatewayHttp } from "../http.ts";
import {
  checkoutForm,
  type EasypaisaConfig,
  fetchIpn,
  inquire,
  ipnUrlAllowed,
} from "./easypaisa.ts";
import { decryptEcb, encryptEcb, hashedRequestPlaintext } from "./easypaisa-crypto.ts";

const cfg: EasypaisaConfig = {
  baseUrl: "https://easypaystg.easypaisa.com.pk",
  storeId: "28",
  hashKey: "0123456789ABCDEF",
  accountNum: "123456",
  username: "user",
  password: "pass",
};

describe("Easypaisa merchantHashedReq", () => {
  it("builds the guide's example plaintext: sorted, k=v&, empty fields and the hash left out", () => {
    const text = hashedRequestPlaintext({
      storeId: "28",
      postBackURL: "http://localhost:9081/local/status.php",
      orderRefNum: "11001",
      amount: "10",
      expiryDate: "20150101 151515",
      emailAddr: "",
      merchantHashedReq: "x",
    });
    expect(text).toBe(
      "amount=10&expiryDate=20150101 151515&orderRefNum=11001&postBackURL=http://localhost:9081/local/status.php&storeId=28",
    );
  });

  it("encrypts with AES-128/ECB/PKCS5 exactly as openssl does (known answer)", () => {
    const text =
      "amount=10&expiryDate=20150101 151515&orderRefNum=11001&postBackURL=http://localhost:9081/local/status.php&storeId=28";
    // openssl enc -aes-128-ecb -K <hex of 0123456789ABCDEF> -base64 -A
    expect(encryptEcb(text, "0123456789ABCDEF")).toBe(
      "d/Y268/jCvKpzMeyzYpayiB6IOex/L99Y7eBeTv2djBoSgvzrrYReEEaBxrYZ+4ctZnNHDFQucZ1Ts5dsPQv4QGLCHtOB5DiVSKuj2Ph/AfRepupRiwe1wyweqLCe1I8Xozmohp66l1IVELIvcGJsdzzGmADtk9bt5qHaSOlv2g=",
    );
    expect(decryptEcb(encryptEcb(text, "0123456789ABCDEF"), "0123456789ABCDEF")).toBe(text);
  });

  it("picks AES-192/256 from 24/32-character keys and refuses other lengths", () => {
    expect(decryptEcb(encryptEcb("a=1", "k".repeat(24)), "k".repeat(24))).toBe("a=1");
    expect(decryptEcb(encryptEcb("a=1", "k".repeat(32)), "k".repeat(32))).toBe("a=1");
    expect(() => encryptEcb("a=1", "short")).toThrow(/16, 24 or 32/);
  });

  it("the checkout form carries the one-decimal amount and a hash of its own fields", () => {
    const f = checkoutForm(cfg, {
      reference: "P1",
      amount: 1033,
      postBackURL: "https://shop.pk/pgw/easypaisa",
      expiry: "20250101 101010",
      paymentMethod: "MA_PAYMENT_METHOD",
    });
    expect(f.fields.amount).toBe("1033.0");
    const { merchantHashedReq, ...rest } = f.fields;
    expect(decryptEcb(merchantHashedReq ?? "", cfg.hashKey)).toBe(hashedRequestPlaintext(rest));
  });
});

describe("Easypaisa IPN and inquiry", () => {
  const ipnUrl = `${cfg.baseUrl}/easypay-service/rest/v1/order-status/123456/P1`;
  const answer =
    (body: unknown): GatewayHttp =>
    async () => ({
      status: 200,
      text: JSON.stringify(body),
    });

  it("only fetches order-status URLs on Easypay's host for our account", () => {
    expect(ipnUrlAllowed(cfg, ipnUrl)).toBe(true);
    expect(
      ipnUrlAllowed(cfg, "https://evil.pk/easypay-service/rest/v1/order-status/123456/P1"),
    ).toBe(false);
    expect(ipnUrlAllowed(cfg, `${cfg.baseUrl}/easypay-service/rest/v1/order-status/999/P1`)).toBe(
      false,
    );
    expect(ipnUrlAllowed(cfg, `${ipnUrl}/../../x`)).toBe(false);
  });

  it("reads a PAID IPN with its amount, and refuses another store's", async () => {
    const ipn = {
      response_code: "0000",
      order_id: "P1",
      transaction_status: "PAID",
      transaction_amount: "2500",
      store_id: "28",
      transaction_id: "T9",
      description: "Success",
    };
    const o = await fetchIpn(cfg, answer(ipn), ipnUrl);
    expect(o).toMatchObject({ kind: "paid", reference: "P1", amount: 2500, gatewayTxnId: "T9" });
    await expect(fetchIpn(cfg, answer({ ...ipn, store_id: "29" }), ipnUrl)).rejects.toThrow(
      /another store/,
    );
  });

  it("treats responseCode 0000 with FAILED as a failed payment, not a paid one", async () => {
    const base = { responseCode: "0000", orderId: "P1", storeId: "28", transactionAmount: "10.00" };
    expect((await inquire(cfg, answer({ ...base, transactionStatus: "FAILED" }), "P1")).kind).toBe(
      "failed",
    );
    expect((await inquire(cfg, answer({ ...base, transactionStatus: "PAID" }), "P1")).kind).toBe(
      "paid",
    );
    expect((await inquire(cfg, answer({ ...base, transactionStatus: "PENDING" }), "P1")).kind).toBe(
      "pending",
    );
    await expect(
      inquire(cfg, answer({ ...base, orderId: "P2", transactionStatus: "PAID" }), "P1"),
    ).rejects.toThrow();
  });

  it("keeps the payment's own words: errorReason for a failure, never the inquiry's responseDesc", async () => {
    const base = {
      responseCode: "0000",
      responseDesc: "SUCCESS",
      orderId: "P1",
      storeId: "28",
      transactionAmount: "10.00",
    };
    const failed = await inquire(
      cfg,
      answer({
        ...base,
        transactionStatus: "FAILED",
        errorCode: "0013",
        errorReason: "LOW BALANCE",
      }),
      "P1",
    );
    expect(failed).toMatchObject({ kind: "failed", code: "FAILED", message: "LOW BALANCE" });
    const expired = await inquire(cfg, answer({ ...base, transactionStatus: "EXPIRED" }), "P1");
    expect(expired).toMatchObject({ kind: "failed", message: "EXPIRED" });
    const paid = await inquire(cfg, answer({ ...base, transactionStatus: "PAID" }), "P1");
    expect(paid.message).toBe("PAID");
  });

  it("sends the Open API credentials header and our store and account", async () => {
    let seen: { headers?: Record<string, string>; body?: string } = {};
    const http: GatewayHttp = async (req) => {
      seen = req;
      return {
        status: 200,
        text: JSON.stringify({ responseCode: "0003", responseDesc: "INVALID ORDER ID" }),
      };
    };
    expect((await inquire(cfg, http, "P1")).kind).toBe("pending");
    expect(seen.headers?.credentials).toBe(Buffer.from("user:pass").toString("base64"));
    expect(JSON.parse(seen.body ?? "")).toEqual({
      orderId: "P1",
      storeId: "28",
      accountNum: "123456",
    });
  });
});
