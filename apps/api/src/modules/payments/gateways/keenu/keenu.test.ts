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
  const body = (over: Record<string, string> = {}) => {
    const b = {
      Order_No: "ORD1",
      Order_Amount: "1500.00",
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
        orderNo: b.Order_No,
        amount: b.Order_Amount,
        bankName: b.Bank_Name,
        status: b.Status,
        date: b.Date,
        time: b.Time,
      }).toUpperCase(),
    };
  };

  it("Success with 01 is paid (checksum compared without regard to case); 02 cancelled; 03 failed", () => {
    expect(readCallback(cfg, body())).toMatchObject({
      kind: "paid",
      amount: 1500,
      reference: "ORD1",
    });
    expect(readCallback(cfg, body({ Status: "Failed", AUTH_STATUS_NO: "02" })).kind).toBe(
      "cancelled",
    );
    expect(readCallback(cfg, body({ Status: "Failed", AUTH_STATUS_NO: "03" })).kind).toBe("failed");
  });

  it("rejects a tampered amount and a forged checksum", () => {
    expect(() => readCallback(cfg, { ...body(), Order_Amount: "1.00" })).toThrow(/checksum/);
    expect(() => readCallback(cfg, { ...body(), Checksum: "deadbeef" })).toThrow(/checksum/);
  });
});
