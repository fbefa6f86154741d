import { randomUUID } from "node:crypto";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guest } from "../../testing/cart-helpers.ts";
import {
  easypaisaGatewayFields,
  niftRecords,
  payAtSandbox,
  postForm,
  sandboxSecrets,
  serverPost,
  startPayment,
} from "../../testing/payment-helpers.ts";
import { compactStamp } from "./gateways/formats.ts";
import { keenuDateTime } from "./gateways/keenu/keenu.ts";
import { responseChecksum } from "./gateways/keenu/keenu-crypto.ts";
import { secureHash } from "./gateways/nift/nift-crypto.ts";
import type { OrderPayments } from "./payments.ports.ts";
import * as repo from "./payments.repository.ts";

/**
 * The payment layer end to end through the built-in sandboxes, with the orders side replaced by
 * a recorder (counts every markPaid and releaseHold). The same rules against real orders are in
 * payments-orders.int.test.ts.
 */
let t: TestApp;
const calls = { paid: [] as string[], released: [] as string[] };
const amountDue = 2500;
const port: OrderPayments = {
  payableCheckout: async () => ({
    checkoutId: randomUUID(),
    amountDue,
    orderIds: [randomUUID()],
    holdUntil: new Date(Date.now() + 15 * 60_000),
    contact: {
      fullName: "Ayesha Khan",
      phone: "03001234567",
      email: "a@k.pk",
      address: "1 Mall Rd",
      city: "Lahore",
      province: "Punjab",
      zip: "54000",
    },
    items: [{ name: "Shoe", qty: 1, price: 2500, category: "Shoes" }],
    shipping: 0,
  }),
  markPaid: async (_tx, id) => {
    calls.paid.push(id);
    return true;
  },
  releaseHold: async (_tx, id) => {
    calls.released.push(id);
    return true;
  },
  orderIds: async (id) => [id],
  expiredHolds: async () => [],
};

beforeAll(async () => {
  t = await createTestApp({ products: 10, paymentsOrders: port });
});
afterAll(() => t?.close());

const address = {
  fullName: "Ayesha Khan",
  phone: "03001234567",
  province: "Punjab",
  city: "Lahore",
  address: "1 Mall Rd",
};
const post = (url: string, payload: object) => t.app.inject({ method: "POST", url, payload });
const form = (url: string, fields: Record<string, string>) => postForm(t, url, fields);
const loc = (r: { headers: Record<string, unknown> }) => String(r.headers.location ?? "");
const attemptOf = async (reference: string) =>
  (await repo.findByReference(t.database.db, reference))!;

describe("Easypaisa through its sandbox", () => {
  it("hands off URL-encoded GET fields, returns via /pgw/easypaisa and Confirm.jsf, and is paid only after the inquiry", async () => {
    const res = await post("/api/pay/easypaisa", {
      address,
      paymentMethod: "easypaisa",
      paymentMethod_ep: "MA_PAYMENT_METHOD",
    });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b.amount).toBe("2500.0");
    expect(b.paymentMethod_ep).toBe("MA_PAYMENT_METHOD");
    expect(b.postBackURL).toContain("%2Fpgw%2Feasypaisa");
    const fields = easypaisaGatewayFields(b);
    const action = String(res.headers["x-payment-url"]);
    const page = await t.app.inject({
      method: "GET",
      url: `${action}?${new URLSearchParams(fields)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Pay (success)");

    // A forced success URL marks nothing paid.
    const forced = await t.app.inject({
      method: "GET",
      url: `/api/payments/easypaisa/return?status=0000&orderRefNumber=${fields.orderRefNum}`,
    });
    expect(loc(forced)).toContain("/checkout/repayment");
    expect((await attemptOf(fields.orderRefNum as string)).status).toBe("pending");

    const chosen = await form("/sandbox/easypaisa/easypay/choose", {
      orderRefNum: fields.orderRefNum as string,
      outcome: "success",
      notify: "0",
    });
    expect(loc(chosen)).toMatch(/\/pgw\/easypaisa\?auth_token=/);
    const token = new URL(loc(chosen)).searchParams.get("auth_token") as string;
    const confirm = await t.app.domains.services.payments.easypaisaConfirmForm(token);
    const back = await form(confirm.action, confirm.fields);
    expect(loc(back)).toContain("/api/payments/easypaisa/return?status=0000");
    const landed = await t.app.inject({
      method: "GET",
      url: new URL(loc(back)).pathname + new URL(loc(back)).search,
    });
    expect(loc(landed)).toContain("/order-success?");
    const a = await attemptOf(fields.orderRefNum as string);
    expect(a.status).toBe("paid");
    expect(calls.paid.filter((id) => id === a.checkoutId)).toHaveLength(1);
  });

  it("rejects a tampered hand-off at the sandbox, as Easypay does", async () => {
    const b = (await post("/api/pay/easypaisa", { address, paymentMethod: "easypaisa" })).json();
    const page = await t.app.inject({
      method: "GET",
      url: `/sandbox/easypaisa/easypay/Index.jsf?${new URLSearchParams({ storeId: decodeURIComponent(b.storeId), amount: "1.0", postBackURL: "x", orderRefNum: b.orderRefNum, merchantHashedReq: decodeURIComponent(b.merchantHashedReq) })}`,
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain("Invalid merchantHashedReq");
  });

  it("an IPN from another host is refused; the sandbox's IPN pays an abandoned order", async () => {
    const b = (await post("/api/pay/easypaisa", { address, paymentMethod: "easypaisa" })).json();
    const bad = await t.app.inject({
      method: "GET",
      url: `/api/payments/easypaisa/ipn?url=${encodeURIComponent(`https://evil.example/easypay-service/rest/v1/order-status/1/${b.orderRefNum}`)}`,
    });
    expect(bad.statusCode).toBe(400);
    await form("/sandbox/easypaisa/easypay/Index.jsf", easypaisaGatewayFields(b));
    await form("/sandbox/easypaisa/easypay/choose", {
      orderRefNum: b.orderRefNum,
      outcome: "success",
      notify: "1",
    });
    // The browser never comes back; the IPN arrives server-to-server a moment later.
    await expect
      .poll(async () => (await attemptOf(b.orderRefNum)).status, { timeout: 5000 })
      .toBe("paid");
  });
});

describe("NIFT ePay callbacks", () => {
  const start = async () => {
    const b = (await post("/api/pay/nift_pay", { address, paymentMethod: "NiftPayBank" })).json();
    expect(b.status).toBe(true);
    expect(b.pp_Amount).toBe("250000");
    return b as Record<string, string>;
  };
  const callback = async (ref: string, over: Record<string, string> = {}) => {
    const s = await sandboxSecrets(t, "nift");
    const f: Record<string, string> = {
      pp_MerchantID: s.merchantId,
      pp_TxnRefNo: ref,
      pp_Amount: "250000",
      pp_TxnCurrency: "PKR",
      pp_TxnDateTime: compactStamp(new Date()),
      pp_ResponseCode: "000",
      pp_ResponseMessage: "ok",
      ...over,
    };
    await niftRecords(t, ref, f.pp_Amount as string, f.pp_ResponseCode as string);
    return { ...f, pp_SecureHash: secureHash(f, s.salt) };
  };

  it("forged, tampered, stale and amount-mismatch callbacks change nothing; a replay after payment changes nothing", async () => {
    const b = await start();
    const ref = b.pp_TxnRefNo as string;
    const good = await callback(ref);
    expect(
      (await form("/api/payments/nift/callback", { ...good, pp_SecureHash: "0".repeat(64) }))
        .statusCode,
    ).toBe(400);
    expect(
      (await form("/api/payments/nift/callback", { ...good, pp_Amount: "100" })).statusCode,
    ).toBe(400);
    const stale = await callback(ref, {
      pp_TxnDateTime: compactStamp(new Date(Date.now() - 3 * 3600_000)),
    });
    expect((await form("/api/payments/nift/callback", stale)).statusCode).toBe(400);
    const cheaper = await callback(ref, { pp_Amount: "100" });
    // The browser is sent to the repayment page; NIFT's server would get a 400 saying why.
    expect(loc(await form("/api/payments/nift/callback", cheaper))).toContain(
      `/checkout/repayment?rePayId=`,
    );
    const fromServer = await serverPost(t, "/api/payments/nift/callback", cheaper);
    expect(fromServer.statusCode).toBe(400);
    expect(fromServer.json().message).toBe(
      `The amount 1 does not match the 2500 rupees due for payment ${ref}.`,
    );
    expect((await attemptOf(ref)).status).toBe("pending");

    // The bank's cross-site form post, without our cookie, is enough.
    const cross = await t.app.inject({
      method: "POST",
      url: "/api/payments/nift/callback",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "cross-site",
        "sec-fetch-mode": "navigate",
      },
      payload: new URLSearchParams(good).toString(),
    });
    expect(loc(cross)).toContain("/order-success");
    const before = calls.paid.length;
    expect(loc(await form("/api/payments/nift/callback", good))).toContain("/order-success");
    expect(calls.paid.length).toBe(before);
    const a = await attemptOf(ref);
    const rejected = (await repo.eventsOf(t.database.db, a.id)).filter((e) => !e.accepted);
    expect(rejected.map((e) => e.reason).join()).toContain("amount 1 differs from 2500");
  });

  it("the same valid callback ten times at once pays once", async () => {
    const ref = (await start()).pp_TxnRefNo as string;
    const good = await callback(ref);
    const before = calls.paid.length;
    const all = await Promise.all(
      Array.from({ length: 10 }, () => form("/api/payments/nift/callback", good)),
    );
    expect(all.every((r) => r.statusCode === 303)).toBe(true);
    expect(calls.paid.length - before).toBe(1);
    const events = await repo.eventsOf(t.database.db, (await attemptOf(ref)).id);
    expect(events.filter((e) => e.accepted && e.outcome === "paid")).toHaveLength(1);
  });

  it("a sandbox cancel lands on the repayment page", async () => {
    const b = await start();
    const fields = Object.fromEntries(Object.entries(b).filter(([k]) => k.startsWith("pp")));
    expect(
      (await form("/sandbox/nift/CustomerPortal/transactionmanagement/merchantform", fields))
        .statusCode,
    ).toBe(200);
    const page = await form("/sandbox/nift/choose", {
      ref: b.pp_TxnRefNo as string,
      outcome: "cancel",
      notify: "0",
    });
    const post = /<form id="back" method="post" action="([^"]+)">(.*)<button>/.exec(page.body)!;
    const hidden = Object.fromEntries(
      [...(post[2] as string).matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1],
        m[2]?.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))),
      ]),
    );
    const back = await form(new URL(post[1] as string).pathname, hidden as Record<string, string>);
    expect(loc(back)).toContain("/checkout/repayment?rePayId=");
    expect((await attemptOf(b.pp_TxnRefNo as string)).status).toBe("cancelled");
  });
});

describe("Keenu", () => {
  it("verifies the signed request at the sandbox and the HMAC callback at the shop", async () => {
    const b = (
      await post("/api/pay/keenu", { address, paymentMethod: "Keenu", bankId: "2" })
    ).json();
    expect(b.Order_Amount).toBe("2500.00");
    const fields = Object.fromEntries(
      Object.entries(b).filter(
        ([k]) => !["address", "paymentMethod", "walletId", "useWallet"].includes(k),
      ),
    ) as Record<string, string>;
    expect((await form("/sandbox/keenu/redirect", fields)).statusCode).toBe(200);
    expect(
      (await form("/sandbox/keenu/redirect", { ...fields, Order_Amount: "1.00" })).statusCode,
    ).toBe(400);
    const s = await sandboxSecrets(t, "keenu");
    const { date, time } = keenuDateTime(new Date());
    const cb = {
      Order_No: b.Order_No,
      Order_Amount: "2500.00",
      Bank_Name: "Meezan Bank",
      Status: "Success",
      AUTH_STATUS_NO: "01",
      Transaction_ID: "T1",
      Date: date,
      Time: time,
    };
    const checksum = responseChecksum(s.secret, {
      merchantId: s.merchantId,
      orderNo: cb.Order_No,
      amount: cb.Order_Amount,
      bankName: cb.Bank_Name,
      status: cb.Status,
      date,
      time,
    });
    expect(
      (await form("/api/payments/keenu/callback", { ...cb, Checksum: "ab".repeat(16) })).statusCode,
    ).toBe(400);
    expect(
      loc(await form("/api/payments/keenu/callback", { ...cb, Checksum: checksum })),
    ).toContain("/order-success");
  });
});

describe("HBL Pay", () => {
  it("answers hbl_success 'yes' with the redirect, and a sandbox payment comes back paid", async () => {
    const b = (await post("/api/pay/hbl", { address, paymentMethod: "HBL" })).json();
    expect(b.hbl_success).toBe("yes");
    expect(b.hbl_url).toMatch(/#\/checkout\?data=/);
    const data = decodeURIComponent(String(b.hbl_url).split("data=")[1] ?? "");
    const session = Buffer.from(data, "base64").toString();
    const back = await form("/sandbox/hbl/HBLPay/Site/choose", { session, outcome: "success" });
    const u = new URL(loc(back));
    const landed = await t.app.inject({ method: "GET", url: u.pathname + u.search });
    expect(loc(landed)).toContain("/order-success");
    const forged = await t.app.inject({ method: "GET", url: "/api/payments/hbl/return?data=AAAA" });
    expect(forged.statusCode).toBe(400);
  });
});

describe("Bank Alfalah, the inquiry job and expiry", () => {
  const startAlfalah = async () => {
    const b = (
      await post("/api/pay/alfalah_pay", { address, paymentMethod: "alfalah_pay" })
    ).json();
    expect(b.handShakeStatus).toBe(true);
    const fields = Object.fromEntries(
      Object.entries(b).filter(
        ([k]) =>
          !["address", "paymentMethod", "handShakeStatus", "walletId", "useWallet"].includes(k),
      ),
    ) as Record<string, string>;
    expect((await form("/sandbox/alfalah/SSO/SSO/SSO", fields)).statusCode).toBe(200);
    return fields;
  };

  it("an abandoned redirect is paid by the inquiry job", async () => {
    const f = await startAlfalah();
    await form("/sandbox/alfalah/SSO/choose", {
      ref: f.TransactionReferenceNumber as string,
      token: f.AuthToken as string,
      outcome: "success",
      notify: "0",
    });
    expect((await attemptOf(f.TransactionReferenceNumber as string)).status).toBe("pending");
    await t.database.pool.query(
      "update payment_attempts set next_inquiry_at = now() where reference = $1",
      [f.TransactionReferenceNumber],
    );
    await t.app.domains.payments.runInquiries();
    expect((await attemptOf(f.TransactionReferenceNumber as string)).status).toBe("paid");
  });

  it("a gateway outage keeps the attempt pending; an expired hold is released once", async () => {
    const f = await startAlfalah();
    const ref = f.TransactionReferenceNumber as string;
    await post("/sandbox/faults", { fail: "error" });
    await t.database.pool.query(
      "update payment_attempts set next_inquiry_at = now() where reference = $1",
      [ref],
    );
    await t.app.domains.payments.runInquiries();
    expect((await attemptOf(ref)).status).toBe("pending");
    const res = await post("/api/pay/alfalah_pay", { address, paymentMethod: "alfalah_pay" });
    expect(res.json()).toMatchObject({
      handShakeStatus: false,
      status: false,
      message:
        "Bank Alfalah is not answering right now. Please try again in a few minutes or choose cash on delivery.",
    });
    await post("/sandbox/faults", { fail: "none" });

    await t.database.pool.query(
      "update payment_attempts set expires_at = now() - interval '1 minute' where reference = $1",
      [ref],
    );
    await t.app.domains.payments.runInquiries();
    await t.app.domains.payments.runInquiries();
    const a = await attemptOf(ref);
    expect(a.status).toBe("expired");
    expect(calls.released.filter((id) => id === a.checkoutId)).toHaveLength(1);
  });
});

describe("server-to-server notifications, where a gateway has one", () => {
  it("Keenu and NIFT: the sandbox's server-to-server copy of the signed post pays an abandoned payment, answered with JSON", async () => {
    for (const gateway of ["keenu", "nift"] as const) {
      const s = await startPayment(t, guest(), gateway);
      const before = calls.paid.length;
      // The browser never comes back; only the gateway's server posts.
      await payAtSandbox(t, s, "success", true);
      await expect
        .poll(async () => (await attemptOf(s.reference)).status, { timeout: 5000 })
        .toBe("paid");
      expect(calls.paid.length - before).toBe(1);
      const events = await repo.eventsOf(t.database.db, (await attemptOf(s.reference)).id);
      expect(events.filter((e) => e.accepted && e.outcome === "paid")).toHaveLength(1);
    }
  });

  it("Keenu: the server's copy of a callback is answered 200 with the state, or 400 when its checksum is wrong", async () => {
    const s = await startPayment(t, guest(), "keenu");
    const back = await payAtSandbox(t, s, "failure");
    if (back.method !== "POST") throw new Error("Keenu posts back");
    const ok = await serverPost(t, back.url, back.fields);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ accepted: true, status: "failed" });
    const forged = await serverPost(t, back.url, { ...back.fields, Checksum: "00".repeat(16) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe("Payment verification failed");
  });

  it("HBL has neither: its sandbox page offers no server-to-server box", async () => {
    const s = await startPayment(t, guest(), "hbl");
    const data = decodeURIComponent(s.action.split("data=")[1] ?? "");
    const page = await t.app.inject({
      method: "GET",
      url: `/sandbox/hbl/HBLPay/Site/checkout?data=${encodeURIComponent(data)}`,
    });
    expect(page.body).toContain("Pay (success)");
    expect(page.body).not.toContain('name="notify"');
    const keenu = await startPayment(t, guest(), "keenu");
    expect((await form(keenu.action, keenu.fields)).body).toContain('name="notify"');
  });
});

describe("the §7 messages", () => {
  it("an unknown method names it (wallet top-up and NIFT ePay alike); bad input is a 4xx", async () => {
    const r = await post("/api/pay/easypaisa_wallet", { amount: 500, paymentMethod: "jazzcash" });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe("The checkout service jazzcash not yet implemented");
    expect((await post("/api/pay/hbl", { paymentMethod: "HBL" })).statusCode).toBe(400);
    const visa = await post("/api/pay/nift_pay", { address, paymentMethod: "Visa" });
    expect(visa.statusCode).toBe(400);
    expect(visa.json()).toEqual({
      message: "The checkout service Visa not yet implemented",
      status: 400,
      code: "BAD_REQUEST",
    });
  });
});

describe("the sandboxes refuse bad requests as the gateways do", () => {
  it("NIFT ePay: a wrong pp_SecureHash is 115, wrong credentials 101; nothing is recorded", async () => {
    const b = (await post("/api/pay/nift_pay", { address, paymentMethod: "NiftPayBank" })).json();
    const fields = Object.fromEntries(
      Object.entries(b as Record<string, unknown>).filter(([k]) => k.startsWith("pp")),
    ) as Record<string, string>;
    const url = "/sandbox/nift/CustomerPortal/transactionmanagement/merchantform";
    const forged = await form(url, { ...fields, pp_Amount: "100" });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain("115: Invalid secure hash");
    const s = await sandboxSecrets(t, "nift");
    const wrongPassword: Record<string, string> = { ...fields, pp_Password: "guess" };
    wrongPassword.pp_SecureHash = secureHash(wrongPassword, s.salt);
    const refused = await form(url, wrongPassword);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("101: Invalid merchant credentials");
    // Neither made a transaction: the real hand-off still opens the payment page.
    expect((await form(url, fields)).body).toContain("Pay (success)");
  });

  it("HBL Pay: a wrong password, a body it cannot decrypt, and sums that do not add up are refused", async () => {
    const s = await sandboxSecrets(t, "hbl");
    const { hblSettings } = await import("./gateways/hbl/hbl.config.ts");
    const cfg = hblSettings.sandbox.settings(s);
    const { checkoutRequest } = await import("./gateways/hbl/hbl.ts");
    const { encryptValues } = await import("./gateways/hbl/hbl-crypto.ts");
    const order = {
      reference: "MP0000000000HBL1",
      amount: 2500,
      shipping: 0,
      customerId: "c1",
      items: [{ name: "Shoe", quantity: 1, unitPrice: 2500, category: "Shoes" }],
      billTo: {
        forename: "A",
        surname: "K",
        email: "a@k.pk",
        phone: "03001234567",
        line: "1 Mall Rd",
        city: "Lahore",
        state: "Punjab",
        postalCode: "54000",
      },
    };
    const urls = { returnUrl: "http://localhost/r", cancelUrl: "http://localhost/c" };
    const checkout = (body: unknown) =>
      t.app.inject({
        method: "POST",
        url: "/sandbox/hbl/HBLPay/api/checkout",
        payload: body as object,
      });
    const plain = checkoutRequest(cfg, order, urls);
    expect((await checkout(encryptValues(plain, s.hblPublic))).json()).toMatchObject({
      IsSuccess: true,
    });
    expect(
      (await checkout(encryptValues({ ...plain, PASSWORD: "guess" }, s.hblPublic))).json(),
    ).toEqual({
      IsSuccess: false,
      ResponseCode: 2,
      ResponseMessage: "Invalid user/password",
      Data: null,
    });
    // Encrypted to the merchant's key instead of HBL's: HBL cannot read it.
    expect((await checkout(encryptValues(plain, s.merchantPublic))).json()).toMatchObject({
      IsSuccess: false,
      ResponseMessage: "Decryption failed",
    });
    // The old request (no discount, subtotal = amount − shipping while items are at full price).
    const off = {
      ...plain,
      ORDER: { ...plain.ORDER, SUBTOTAL: "2000", DISCOUNT_ON_TOTAL: "0" },
    };
    expect((await checkout(encryptValues(off, s.hblPublic))).json()).toMatchObject({
      IsSuccess: false,
      ResponseMessage: "Order amounts do not add up",
    });
    const tooBig = { ...plain, ORDER: { ...plain.ORDER, DISCOUNT_ON_TOTAL: "2600" } };
    expect((await checkout(encryptValues(tooBig, s.hblPublic))).json()).toMatchObject({
      IsSuccess: false,
    });
  });

  it("Bank Alfalah: a handshake with a bad RequestHash or wrong credentials is Invalid Request", async () => {
    const s = await sandboxSecrets(t, "alfalah");
    const { requestHash } = await import("./gateways/alfalah/alfalah-crypto.ts");
    const pairs = (password: string): [string, string][] => [
      ["HS_ChannelId", "1001"],
      ["HS_IsRedirectionRequest", "0"],
      ["HS_MerchantId", s.merchantId],
      ["HS_StoreId", s.storeId],
      ["HS_ReturnURL", "http://localhost/api/payments/alfalah/return"],
      ["HS_MerchantHash", s.merchantHash],
      ["HS_MerchantUsername", s.username],
      ["HS_MerchantPassword", password],
      ["HS_TransactionReferenceNumber", "MP00000000000AL1"],
    ];
    const handshake = (p: [string, string][], hash: string) =>
      form("/sandbox/alfalah/HS/HS/HS", { ...Object.fromEntries(p), HS_RequestHash: hash });
    const good = pairs(s.password);
    expect((await handshake(good, requestHash(good, s.key1, s.key2))).json()).toMatchObject({
      success: "true",
    });
    const invalid = { success: "false", ErrorMessage: "Invalid Request" };
    // The hash of other fields, a hash under another key, and a wrong password.
    const changed = good.map(
      ([k, v]) => [k, k === "HS_StoreId" ? "000000" : v] as [string, string],
    );
    expect((await handshake(changed, requestHash(good, s.key1, s.key2))).json()).toEqual(invalid);
    expect((await handshake(good, requestHash(good, "ZZZZZZZZZZZZZZZZ", s.key2))).json()).toEqual(
      invalid,
    );
    const wrong = pairs("guess");
    expect((await handshake(wrong, requestHash(wrong, s.key1, s.key2))).json()).toEqual(invalid);
  });
});
