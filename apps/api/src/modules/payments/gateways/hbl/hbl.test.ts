import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { GatewayHttp } from "../http.ts";
import {
  checkoutRequest,
  createSession,
  type HblConfig,
  orderSums,
  rawDataParam,
  readCallback,
} from "./hbl.ts";
import { decryptCallback, decryptValues, encryptCallback } from "./hbl-crypto.ts";

const pem = (bits: number) => {
  const k = generateKeyPairSync("rsa", { modulusLength: bits });
  return {
    pub: k.publicKey.export({ type: "spki", format: "pem" }).toString(),
    priv: k.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  };
};
const hblKeys = pem(2048);
const merchant = pem(4096);
const cfg: HblConfig = {
  apiUrl: "https://testpaymentapi.hbl.com/HBLPay/api/checkout",
  redirectUrl: "https://testpaymentapi.hbl.com/HBLPay/Site/index.html#/checkout?data=",
  userId: "shopuser",
  password: "secret",
  channel: "HBLPay_Maidan",
  hblPublicKey: hblKeys.pub,
  merchantPrivateKey: merchant.priv,
};
const order = {
  reference: "H1",
  amount: 2600,
  shipping: 100,
  customerId: "u1",
  items: [{ name: "Shoe", quantity: 1, unitPrice: 2500, category: "Shoes" }],
  billTo: {
    forename: "A",
    surname: "B",
    email: "a@b.pk",
    phone: "03001234567",
    line: "1 St",
    city: "Lahore",
    state: "Punjab",
    postalCode: "54000",
  },
};

describe("HBLPay order sums", () => {
  it("items at full price, shipping, and the voucher and wallet parts as DISCOUNT_ON_TOTAL add up to the amount due", () => {
    const withVoucherAndWallet = {
      ...order,
      amount: 2100, // 2 × 1000 + 500 + 200 shipping − 300 voucher − 300 wallet
      shipping: 200,
      items: [
        { name: "Shoe", quantity: 2, unitPrice: 1000, category: "Shoes" },
        { name: "Socks", quantity: 1, unitPrice: 500, category: "Socks" },
      ],
    };
    const req = checkoutRequest(cfg, withVoucherAndWallet, { returnUrl: "a", cancelUrl: "b" });
    expect(req.ORDER).toMatchObject({ SUBTOTAL: "2500", DISCOUNT_ON_TOTAL: "600" });
    expect(
      Number(req.ORDER.SUBTOTAL) -
        Number(req.ORDER.DISCOUNT_ON_TOTAL) +
        Number(req.SHIPPING_DETAIL.SHIPPING_COST),
    ).toBe(2100);
    // Without any discount the discount is 0.
    expect(orderSums(order)).toEqual({ subtotal: 2500, discount: 0 });
  });

  it("refuses sums that cannot add up (more due than items and shipping, or nothing due)", () => {
    expect(() => orderSums({ ...order, amount: 9999 })).toThrow(/does not add up/);
    expect(() => orderSums({ ...order, amount: 0, shipping: 0 })).toThrow(/does not add up/);
  });
});

describe("HBLPay checkout", () => {
  it("encrypts every value but USER_ID with HBL's key and builds the redirect from base64(SESSION_ID)", async () => {
    let sent: unknown;
    const http: GatewayHttp = async (req) => {
      sent = JSON.parse(req.body ?? "");
      return {
        status: 200,
        text: JSON.stringify({
          IsSuccess: true,
          ResponseCode: 0,
          ResponseMessage: "Success",
          Data: { SESSION_ID: "S-42" },
        }),
      };
    };
    const r = await createSession(cfg, http, order, {
      returnUrl: "https://s/ok",
      cancelUrl: "https://s/cancel",
    });
    expect(r).toEqual({
      success: true,
      url: `${cfg.redirectUrl}${Buffer.from("S-42").toString("base64")}`,
    });
    const body = sent as {
      USER_ID: string;
      PASSWORD: string;
      ADDITIONAL_DATA: { REFERENCE_NUMBER: string };
    };
    expect(body.USER_ID).toBe("shopuser");
    expect(body.PASSWORD).not.toBe("secret");
    const plain = decryptValues(body, hblKeys.priv) as typeof body & {
      SHIPPING_DETAIL: { DELIEVERY_DAYS: string };
    };
    expect(plain.PASSWORD).toBe("secret");
    expect(plain.ADDITIONAL_DATA.REFERENCE_NUMBER).toBe("H1");
    expect(plain.SHIPPING_DETAIL.DELIEVERY_DAYS).toBe("3");
  });

  it("passes IsSuccess false through", async () => {
    const http: GatewayHttp = async () => ({
      status: 200,
      text: JSON.stringify({
        IsSuccess: false,
        ResponseCode: 2,
        ResponseMessage: "invalid user/password",
        Data: null,
      }),
    });
    expect(await createSession(cfg, http, order, { returnUrl: "a", cancelUrl: "b" })).toEqual({
      success: false,
      message: "invalid user/password",
    });
  });
});

describe("HBLPay callback", () => {
  const long = `RESPONSE_CODE=100&RESPONSE_MESSAGE=${"Approved ".repeat(80)}&ORDER_REF_NUMBER=H1`;

  it("decrypts 512-byte blocks with the merchant key (a long text spans several blocks)", () => {
    const data = encryptCallback(long, merchant.pub);
    expect(Buffer.from(data, "base64").length).toBe(1024);
    expect(decryptCallback(data, merchant.priv)).toBe(long);
  });

  it("maps 0/100 to paid, ''/112 to cancelled, others to failed", () => {
    const read = (code: string) =>
      readCallback(
        cfg,
        encryptCallback(
          `RESPONSE_CODE=${code}&RESPONSE_MESSAGE=x&ORDER_REF_NUMBER=H1`,
          merchant.pub,
        ),
      ).kind;
    expect([read("100"), read("0"), read(""), read("112"), read("230"), read("481")]).toEqual([
      "paid",
      "paid",
      "cancelled",
      "cancelled",
      "failed",
      "failed",
    ]);
  });

  it("rejects data encrypted to another key and truncated data", () => {
    const other = pem(4096);
    expect(() =>
      readCallback(cfg, encryptCallback("RESPONSE_CODE=100&ORDER_REF_NUMBER=H1", other.pub)),
    ).toThrow(/decrypt/);
    const data = encryptCallback("RESPONSE_CODE=100&ORDER_REF_NUMBER=H1", merchant.pub);
    expect(() => readCallback(cfg, data.slice(0, 100))).toThrow(/decrypt/);
  });

  it("reads the campaign's DISCOUNTED_AMOUNT as the amount charged; no amount otherwise", () => {
    const read = (extra: string) =>
      readCallback(
        cfg,
        encryptCallback(`RESPONSE_CODE=100&ORDER_REF_NUMBER=H1${extra}`, merchant.pub),
      );
    expect(read("").amount).toBeNull();
    expect(read("&DISCOUNTED_AMOUNT=2500&DISCOUNT_CAMPAIGN_ID=7").amount).toBe(2500);
    expect(() => read("&DISCOUNTED_AMOUNT=12.5")).toThrow(/amount/);
  });

  it("keeps a + in the raw query (form parsing would make it a space)", () => {
    expect(rawDataParam("/r?x=1&data=ab+c%2Fd%3D")).toBe("ab+c/d=");
  });
});
