import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { compactStamp } from "./gateways/formats.ts";
import { keenuDateTime } from "./gateways/keenu/keenu.ts";
import { responseChecksum } from "./gateways/keenu/keenu-crypto.ts";
import { secureHash } from "./gateways/nift/nift-crypto.ts";
import type { OrderPayments } from "./payments.ports.ts";
import * as repo from "./payments.repository.ts";
import { easypaisaGatewayFields, postForm } from "./payments-test-helpers.ts";

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
  notifyPaid: async () => {},
};

beforeAll(async () => {
  t = await createTestApp({ products: 10 });
  t.app.services.payments.useOrders(port);
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
const secrets = () =>
  t.app.services.payments &&
  import("./payments.config.ts").then((m) => m.gatewayConfigs(t.config).sandbox());

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
    const confirm = await t.app.services.payments.easypaisaConfirmForm(token, "http://localhost");
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
    const s = (await secrets()).nift;
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
    expect(loc(await form("/api/payments/nift/callback", cheaper))).toContain(
      "/checkout/repayment",
    );
    expect((await attemptOf(ref)).status).toBe("pending");

    const cross = await t.app.inject({
      method: "POST",
      url: "/api/payments/nift/callback",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "cross-site",
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
    const s = (await secrets()).keenu;
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
    await t.app.services.payments.runInquiries();
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
    await t.app.services.payments.runInquiries();
    expect((await attemptOf(ref)).status).toBe("pending");
    const res = await post("/api/pay/alfalah_pay", { address, paymentMethod: "alfalah_pay" });
    expect(res.json()).toMatchObject({
      handShakeStatus: false,
      message: "There is something wrong with payment provider!",
    });
    await post("/sandbox/faults", { fail: "none" });

    await t.database.pool.query(
      "update payment_attempts set expires_at = now() - interval '1 minute' where reference = $1",
      [ref],
    );
    await t.app.services.payments.runInquiries();
    await t.app.services.payments.runInquiries();
    const a = await attemptOf(ref);
    expect(a.status).toBe("expired");
    expect(calls.released.filter((id) => id === a.checkoutId)).toHaveLength(1);
  });
});

describe("the §7 messages", () => {
  it("wallet top-up with an unknown method names it; bad input is a 4xx", async () => {
    const r = await post("/api/pay/easypaisa_wallet", { amount: 500, paymentMethod: "jazzcash" });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe("The checkout service jazzcash not yet implemented");
    expect((await post("/api/pay/hbl", { paymentMethod: "HBL" })).statusCode).toBe(400);
    expect((await post("/api/pay/nift_pay", { address, paymentMethod: "Visa" })).statusCode).toBe(
      400,
    );
  });
});
