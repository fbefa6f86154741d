import { describe, expect, it } from "vitest";
import { handoff, MESSAGES, payCall, paymentLine } from "./payment-handoff";

const address = { fullName: "Ayesha Khan", phone: "03001234567" };
const GATEWAY = "https://gateway.example/pay";
const fieldsOf = (h: ReturnType<typeof handoff>) => {
  if (!h.ok) throw new Error(`expected a form, got "${h.message}"`);
  return Object.fromEntries(h.form.fields);
};

describe("payCall: the §7 call for each method", () => {
  it("sends address, walletId and useWallet with every order payment, rePayId where given", () => {
    expect(payCall("HBL", { address, walletId: "w1", useWallet: true })).toEqual({
      url: "/api/pay/hbl",
      body: { address, walletId: "w1", useWallet: true, paymentMethod: "HBL" },
    });
    expect(payCall("Keenu", { address, bankId: "7" })).toEqual({
      url: "/api/pay/keenu",
      body: { address, walletId: null, useWallet: false, paymentMethod: "Keenu", bankId: "7" },
    });
    expect(payCall("nift_pay_card", { address })).toMatchObject({
      url: "/api/pay/nift_pay",
      body: { paymentMethod: "NiftPayCard" },
    });
    expect(payCall("nift_pay_bank", { address })).toMatchObject({
      body: { paymentMethod: "NiftPayBank" },
    });
    expect(payCall("alfalah_pay", { address, rePayId: "r1" })).toMatchObject({
      url: "/api/pay/alfalah_pay",
      body: { paymentMethod: "alfalah_pay", rePayId: "r1" },
    });
    expect(payCall("easypaisa", { address, easypaisaMethod: "OTC_PAYMENT_METHOD" })).toMatchObject({
      url: "/api/pay/easypaisa",
      body: { paymentMethod: "easypaisa", paymentMethod_ep: "OTC_PAYMENT_METHOD" },
    });
    expect(payCall("easypaisa", { address })).toMatchObject({
      body: { paymentMethod_ep: "MA_PAYMENT_METHOD" },
    });
  });

  it("a wallet top-up sends only {amount, paymentMethod}", () => {
    expect(payCall("easypaisa_wallet", { amount: 1500 })).toEqual({
      url: "/api/pay/easypaisa_wallet",
      body: { amount: 1500, paymentMethod: "easypaisa_wallet" },
    });
  });

  it("Stripe and unknown methods answer the §8 messages without a call", () => {
    expect(payCall("Stripe", { address })).toEqual({
      message: "Stripe not implemented yet. Proceed with COD",
    });
    expect(payCall("jazzcash", { address })).toEqual({
      message: "The checkout service jazzcash not yet implemented",
    });
  });
});

describe("handoff: the form each answer becomes", () => {
  it("HBL: a GET to hbl_url when hbl_success is 'yes', else the provider message", () => {
    expect(
      handoff("HBL", { hbl_success: "yes", hbl_url: "https://hbl.example/x#/c?data=a" }, null),
    ).toEqual({
      ok: true,
      form: { action: "https://hbl.example/x#/c?data=a", method: "GET", fields: [] },
    });
    for (const r of [{ hbl_success: "no", hbl_url: "x" }, { hbl_success: "yes", hbl_url: "" }, {}])
      expect(handoff("HBL", r, GATEWAY)).toEqual({
        ok: false,
        message: "There is something wrong with payment provider!",
      });
  });

  it("Keenu: a POST of every field but address and paymentMethod", () => {
    const r = {
      Merchant_ID: "M1",
      Order_No: "MP1",
      Checksum: "abc",
      address: "addr-1",
      paymentMethod: "Keenu",
      walletId: "w1",
      useWallet: true,
    };
    const h = handoff("Keenu", r, GATEWAY);
    expect(h).toMatchObject({ ok: true, form: { action: GATEWAY, method: "POST" } });
    expect(fieldsOf(h)).toEqual({
      Merchant_ID: "M1",
      Order_No: "MP1",
      Checksum: "abc",
      walletId: "w1",
      useWallet: "true",
    });
  });

  it("NIFT: a POST of the gateway fields when status is true", () => {
    const h = handoff(
      "nift_pay_bank",
      {
        status: true,
        message: "",
        pp_Amount: "250000",
        address: "a",
        paymentMethod: "NiftPayBank",
      },
      GATEWAY,
    );
    expect(fieldsOf(h)).toEqual({ pp_Amount: "250000" });
    expect(handoff("nift_pay_card", { pp_Amount: "1" }, GATEWAY)).toEqual({
      ok: false,
      message: MESSAGES.unable,
    });
  });

  it("Alfalah: a POST leaving out address, paymentMethod, handShakeStatus, walletId and useWallet", () => {
    const r = {
      handShakeStatus: true,
      AuthToken: "tok",
      RequestHash: "h",
      TransactionAmount: "2500.00",
      address: "a",
      paymentMethod: "alfalah_pay",
      walletId: "w1",
      useWallet: true,
    };
    const h = handoff("alfalah_pay", r, GATEWAY);
    expect(h).toMatchObject({ ok: true, form: { method: "POST" } });
    expect(fieldsOf(h)).toEqual({
      AuthToken: "tok",
      RequestHash: "h",
      TransactionAmount: "2500.00",
    });
    expect(
      handoff("alfalah_pay", { handShakeStatus: false, message: "Invalid Request" }, GATEWAY),
    ).toEqual({
      ok: false,
      message: "Invalid Request",
    });
  });

  for (const method of ["easypaisa", "easypaisa_wallet"]) {
    it(`${method}: a GET without address, paymentMethod, walletId, useWallet, rePayId; paymentMethod_ep renamed; values URL-decoded`, () => {
      const r = {
        storeId: "12345",
        amount: "1500.0",
        postBackURL: encodeURIComponent("https://shop.example/pgw/easypaisa"),
        expiryDate: encodeURIComponent("20260101 101010"),
        merchantHashedReq: encodeURIComponent("a+b/c=="),
        paymentMethod_ep: "MA_PAYMENT_METHOD",
        paymentMethod: method,
        address: "a",
        walletId: "w1",
        useWallet: false,
        rePayId: "r1",
      };
      const h = handoff(method, r, GATEWAY);
      expect(h).toMatchObject({ ok: true, form: { action: GATEWAY, method: "GET" } });
      expect(fieldsOf(h)).toEqual({
        storeId: "12345",
        amount: "1500.0",
        postBackURL: "https://shop.example/pgw/easypaisa",
        expiryDate: "20260101 101010",
        merchantHashedReq: "a+b/c==",
        paymentMethod: "MA_PAYMENT_METHOD",
      });
    });
  }

  it("a false status shows the server's message, or 'Unable to process your payment!' without one", () => {
    expect(handoff("easypaisa", { status: false, message: "Low balance" }, GATEWAY)).toEqual({
      ok: false,
      message: "Low balance",
    });
    expect(handoff("Keenu", { status: false }, GATEWAY)).toEqual({
      ok: false,
      message: "Unable to process your payment!",
    });
    expect(handoff("easypaisa_wallet", { status: false, message: "" }, GATEWAY)).toEqual({
      ok: false,
      message: "Unable to process your payment!",
    });
  });

  it("no gateway URL → 'Unable to process your payment!'; an unknown method → its message", () => {
    expect(handoff("Keenu", { Order_No: "1" }, null)).toEqual({
      ok: false,
      message: "Unable to process your payment!",
    });
    expect(handoff("Stripe", {}, GATEWAY)).toEqual({
      ok: false,
      message: "The checkout service Stripe not yet implemented",
    });
  });
});

describe("paymentLine: what /order-success says about the money", () => {
  it("names the online method and says paid only when the orders are paid", () => {
    expect(paymentLine({ method: "easypaisa", status: "paid" })).toBe("paid online with Easypaisa");
    expect(paymentLine({ method: "NiftPayCard", status: "paid" })).toBe(
      "paid online with NIFT ePay (card)",
    );
    expect(paymentLine({ method: "HBL", status: "pending" })).toBe(
      "waiting for your payment with HBL Pay (credit / debit card)",
    );
  });

  it("cash on delivery is paid at the door, whatever the order's state", () => {
    expect(paymentLine({ method: "COD", status: "pending" })).toBe(
      "to be paid in cash on delivery",
    );
  });
});
