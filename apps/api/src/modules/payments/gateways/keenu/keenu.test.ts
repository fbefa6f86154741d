import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type KeenuConfig, readCallback, redirectForm } from "./keenu.ts";
import { requestChecksumText, responseChecksum, verifyRequest } from "./keenu-crypto.ts";

const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
const cfg: KeenuConfig = {
  redirectUrl: "https://keenu/redirect",
  banksUrl: "https://keenu/banks",
  merchantId: "M1",
  clientId: "C1",
  password: "pw",
  secret: "sec",
  merchantPrivateKey: keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
};
const pub = keys.publicKey.export({ type: "spki", format: "pem" }).toString();

describe("Keenu checksums", () => {
  it("the callback checksum is hex HMAC-MD5 over secret|merchant|order|amount|bank|status|date|time (openssl known answer)", () => {
    expect(
      responseChecksum("sec", {
        merchantId: "M1",
        orderNo: "ORD1",
        amount: "1500.00",
        bankName: "HBL",
        status: "Success",
        date: "01/02/2024",
        time: "10:11:12",
      }),
    ).toBe("9e06fcf83de736641bdc2ad02a76b67d");
  });

  it("the request is RSA-SHA256 signed over Client|Merchant|Bank|Order|Amount|date|time in Karachi time", () => {
    const f = redirectForm(cfg, {
      reference: "ORD1",
      amount: 1500,
      bankId: "7",
      description: "d",
      at: new Date("2024-02-01T05:11:12Z"),
    });
    expect(f.fields).toMatchObject({
      Order_Amount: "1500.00",
      Date: "01/02/2024",
      Time: "10:11:12",
      Bank_ID: "7",
    });
    const text = requestChecksumText({
      clientId: "C1",
      merchantId: "M1",
      bankId: "7",
      orderNo: "ORD1",
      amount: "1500.00",
      date: "01/02/2024",
      time: "10:11:12",
    });
    expect(verifyRequest(text, f.fields.Checksum ?? "", pub)).toBe(true);
    expect(verifyRequest(text.replace("1500.00", "1.00"), f.fields.Checksum ?? "", pub)).toBe(
      false,
    );
  });
});

describe("Keenu callback", () => {
  /** What Keenu posts: no amount; the checksum covers the amount of the order as we sent it. */
  const body = (over: Record<string, string> = {}, signedAmount = "1500.00") => {
    const b = {
      Order_ID: "ORD1",
      Bank_Name: "HBL",
      Status: "Success",
      AUTH_STATUS_NO: "01",
      Transaction_ID: "TX",
      Date: "01/02/2024",
      Time: "10:11:12",
      ...over,
    };
    return {
      ...b,
      Checksum: responseChecksum("sec", {
        merchantId: "M1",
        orderNo: b.Order_ID,
        amount: signedAmount,
        bankName: b.Bank_Name,
        status: b.Status,
        date: b.Date,
        time: b.Time,
      }).toUpperCase(),
    };
  };

  it("Success with 01 is paid (checksum compared without regard to case); 02 cancelled; 00 and 03 failed, with the reason", () => {
    expect(readCallback(cfg, body(), 1500)).toMatchObject({
      kind: "paid",
      amount: 1500,
      reference: "ORD1",
      gatewayTxnId: "TX",
    });
    expect(readCallback(cfg, body({ Status: "Failed", AUTH_STATUS_NO: "02" }), 1500)).toMatchObject(
      { kind: "cancelled", message: "Cancelled by customer" },
    );
    expect(readCallback(cfg, body({ Status: "Failed", AUTH_STATUS_NO: "03" }), 1500)).toMatchObject(
      { kind: "failed", code: "03", message: "Declined by bank" },
    );
    expect(readCallback(cfg, body({ Status: "Failed", AUTH_STATUS_NO: "00" }), 1500)).toMatchObject(
      { kind: "failed", message: "System error at the bank" },
    );
  });

  it("the 2018 field name Order_No is read too", () => {
    const { Order_ID, ...rest } = body();
    expect(readCallback(cfg, { ...rest, Order_No: Order_ID }, 1500).reference).toBe("ORD1");
  });

  it("rejects a checksum over another amount (the amount mismatch), a posted amount changes nothing, a forged checksum fails", () => {
    // Signed by the bank over Rs. 1 while the order is Rs. 1,500.
    expect(() => readCallback(cfg, body({}, "1.00"), 1500)).toThrow(/checksum/);
    // A posted Order_Amount is not part of the protocol: it neither helps nor hurts.
    expect(readCallback(cfg, { ...body(), Order_Amount: "1.00" }, 1500).amount).toBe(1500);
    expect(() => readCallback(cfg, { ...body(), Checksum: "deadbeef" }, 1500)).toThrow(/checksum/);
    expect(() =>
      readCallback(cfg, { ...body(), Status: "Success ", AUTH_STATUS_NO: "01" }, 1500),
    ).toThrow(/checksum/);
  });
});
