import { describe, expect, it } from "vitest";
import type { GatewayHttp } from "../http.ts";
import { type AlfalahConfig, handshake, ipnUrlAllowed, orderStatus, ssoForm } from "./alfalah.ts";
import { decryptRequestHash, hashMatchesFields, requestHash } from "./alfalah-crypto.ts";

const cfg: AlfalahConfig = {
  baseUrl: "https://sandbox.bankalfalah.com",
  merchantId: "4019",
  storeId: "012838",
  merchantHash: "mh",
  username: "u",
  password: "p",
  key1: "ABCDEFGHIJKLMNOP",
  key2: "1234567890123456",
};

describe("Alfalah RequestHash", () => {
  const pairs: [string, string][] = [
    ["HS_ChannelId", "1001"],
    ["HS_MerchantId", "4019"],
    ["HS_StoreId", "012838"],
    ["HS_TransactionReferenceNumber", "1119461"],
  ];

  it("is AES-128-CBC(Key1, IV Key2) of k=v& in form order (known answer from openssl)", () => {
    expect(requestHash(pairs, cfg.key1, cfg.key2)).toBe(
      "Y6G703MJgKV4rL95Ft94KAXfB5Z5fM0ERQRqDtZ1ZiA5ne6SIn888mFYWN5QmfKASYUFrZ2+lqHM+4eRfjzMU4kt3PpSj8K2yUxKpp9LmU9e/pUjXABkgYm2oh5i9gs5",
    );
  });

  it("verifies a posted form in any order, with or without the empty hash key", () => {
    const fields = Object.fromEntries(pairs);
    const withEmpty = requestHash([["HS_RequestHash", ""], ...pairs], cfg.key1, cfg.key2);
    const without = requestHash(pairs, cfg.key1, cfg.key2);
    expect(
      hashMatchesFields(
        { ...fields, HS_RequestHash: without },
        "HS_RequestHash",
        cfg.key1,
        cfg.key2,
      ),
    ).toBe(true);
    expect(
      hashMatchesFields(
        { HS_RequestHash: withEmpty, ...fields },
        "HS_RequestHash",
        cfg.key1,
        cfg.key2,
      ),
    ).toBe(true);
  });

  it("rejects a tampered field, an added field and a wrong key", () => {
    const fields = Object.fromEntries(pairs);
    const hash = requestHash(pairs, cfg.key1, cfg.key2);
    const ok = (f: Record<string, string>, k1 = cfg.key1) =>
      hashMatchesFields({ ...f, HS_RequestHash: hash }, "HS_RequestHash", k1, cfg.key2);
    expect(ok({ ...fields, HS_StoreId: "999999" })).toBe(false);
    expect(ok({ ...fields, Extra: "1" })).toBe(false);
    expect(ok(fields, "ZZZZZZZZZZZZZZZZ")).toBe(false);
  });

  it("the SSO form's hash covers its fields, with the amount as 3.00", () => {
    const f = ssoForm(cfg, {
      authToken: "t",
      reference: "R1",
      amount: 3,
      returnUrl: "https://s/r",
      transactionType: "3",
    });
    expect(f.fields.TransactionAmount).toBe("3.00");
    expect(decryptRequestHash(f.fields.RequestHash ?? "", cfg.key1, cfg.key2)).toContain(
      "TransactionAmount=3.00",
    );
    expect(hashMatchesFields(f.fields, "RequestHash", cfg.key1, cfg.key2)).toBe(true);
  });
});

describe("Alfalah handshake and order status", () => {
  const reply =
    (body: unknown): GatewayHttp =>
    async () => ({ status: 200, text: JSON.stringify(body) });

  it("accepts the handshake answer plain or double-encoded", async () => {
    const ans = { success: "true", AuthToken: "AT", ReturnURL: "x" };
    expect(await handshake(cfg, reply(ans), { reference: "R1", returnUrl: "r" })).toMatchObject({
      success: true,
      authToken: "AT",
    });
    expect(
      await handshake(cfg, reply(JSON.stringify(ans)), { reference: "R1", returnUrl: "r" }),
    ).toMatchObject({ success: true });
    expect(
      await handshake(cfg, reply({ success: "false", ErrorMessage: "Invalid Request" }), {
        reference: "R1",
        returnUrl: "r",
      }),
    ).toMatchObject({ success: false });
  });

  it("paid only on ResponseCode 00 with TransactionStatus Paid, for our merchant, store and order", async () => {
    const s = {
      ResponseCode: "00",
      Description: "Success",
      MerchantId: "4019",
      StoreId: "012838",
      TransactionReferenceNumber: "R1",
      TransactionId: "X",
      TransactionAmount: "3.00",
      TransactionStatus: "Paid",
    };
    expect(await orderStatus(cfg, reply(s), "R1")).toMatchObject({ kind: "paid", amount: 3 });
    expect((await orderStatus(cfg, reply({ ...s, TransactionStatus: "Failed" }), "R1")).kind).toBe(
      "failed",
    );
    await expect(orderStatus(cfg, reply({ ...s, StoreId: "1" }), "R1")).rejects.toThrow();
    await expect(
      orderStatus(cfg, reply({ ...s, TransactionReferenceNumber: "R2" }), "R1"),
    ).rejects.toThrow();
  });

  it("tells the outcome from TransactionStatus, not from Description (which says Success for the call)", async () => {
    const s = {
      ResponseCode: "00",
      Description: "Success",
      MerchantId: "4019",
      StoreId: "012838",
      TransactionReferenceNumber: "R1",
      TransactionAmount: "3.00",
    };
    expect(
      await orderStatus(cfg, reply({ ...s, TransactionStatus: "Failed" }), "R1"),
    ).toMatchObject({
      kind: "failed",
      code: "Failed",
      message: "Bank Alfalah declined the payment (Failed).",
    });
    expect(
      await orderStatus(cfg, reply({ ...s, TransactionStatus: "SessionEnded" }), "R1"),
    ).toMatchObject({
      kind: "cancelled",
      message: "The Bank Alfalah payment session ended without a payment (SessionEnded).",
    });
    expect(
      (await orderStatus(cfg, reply({ ...s, TransactionStatus: "Initiated" }), "R1")).kind,
    ).toBe("pending");
  });

  it("takes IPN URLs only from APG's host for our merchant and store", () => {
    expect(ipnUrlAllowed(cfg, `${cfg.baseUrl}/HS/api/IPN/OrderStatus/4019/012838/R1`)).toBe("R1");
    expect(ipnUrlAllowed(cfg, "https://evil/HS/api/IPN/OrderStatus/4019/012838/R1")).toBeNull();
    expect(ipnUrlAllowed(cfg, `${cfg.baseUrl}/HS/api/IPN/OrderStatus/1/012838/R1`)).toBeNull();
  });
});
