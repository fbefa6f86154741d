import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addToCart,
  guest,
  pickVariants,
  setStock,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { ADDRESS } from "../../testing/order-helpers.ts";
import {
  deliver,
  locationOf,
  payAtSandbox,
  postForm,
  sandboxSecrets,
  serverPost,
  startPayment,
} from "../../testing/payment-helpers.ts";
import { encryptCallback } from "./gateways/hbl/hbl-crypto.ts";
import * as repo from "./payments.repository.ts";

/**
 * Payments an attacker marks paid without paying (issue #12, items 1 and 13): NIFT's
 * pp_SecureHash re-split through a hostile Host header, and HBL returns minted with the
 * merchant's public key. Each must leave the order unpaid.
 */
let t: TestApp;
let variants: TestVariant[];
beforeAll(async () => {
  t = await createTestApp({ products: 12 });
  variants = await pickVariants(t, 6);
  for (const x of variants) await setStock(t, x.vid, 100);
});
afterAll(() => t?.close());

let next = 0;
async function shopper() {
  const who = guest();
  const v = variants[next++ % variants.length] as TestVariant;
  expect((await addToCart(t, who, v)).statusCode).toBe(200);
  return who;
}

const ordersOf = async (checkoutId: string) =>
  (
    await t.database.pool.query(
      "select status, payment_status from orders where checkout_id = $1",
      [checkoutId],
    )
  ).rows;

describe("NIFT ePay: a signed value list re-split into pp_ResponseCode=000", () => {
  it("a checkout started with Host `x&000&y` cannot be marked paid with the shop's own hash", async () => {
    const who = await shopper();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/pay/nift_pay",
      headers: { host: "x&000&y", cookie: who.cookie, "content-type": "application/json" },
      payload: { address: ADDRESS, paymentMethod: "NiftPayBank" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json() as Record<string, string>;
    const reference = f.pp_TxnRefNo as string;
    const checkoutId = (await repo.findByReference(t.database.db, reference))?.checkoutId as string;
    // The return URL comes from configuration, never from the request.
    expect(f.pp_ReturnURL).toBe(
      `${t.config.PUBLIC_URL ?? "http://localhost:3000"}/api/payments/nift/callback`,
    );

    // pp_SecureHash covers the sorted non-empty values joined with '&'. The attacker moves the
    // shop's own values to other field names so that the same joined text reads
    // …&<before>&000&<after>&… with 000 under pp_ResponseCode.
    const [before = "", , after = ""] = (f.pp_ReturnURL as string).split("&");
    const forged: Record<string, string> = {
      pp_Amount: f.pp_Amount as string,
      pp_BillReference: f.pp_BillReference as string,
      pp_Description: f.pp_Description as string,
      pp_Language: f.pp_Language as string,
      pp_MerchantID: f.pp_MerchantID as string,
      pp_Password: f.pp_Password as string,
      pp_ProductID: before,
      pp_ResponseCode: "000",
      pp_ResponseMessage: after,
      pp_RetreivalReferenceNo: f.pp_TxnCurrency as string,
      pp_TxnDateTime: f.pp_TxnDateTime as string,
      pp_TxnExpiryDateTime: f.pp_TxnExpiryDateTime as string,
      pp_TxnRefNo: reference,
      pp_Version: f.pp_Version as string,
      ppmpf_1: f.ppmpf_1 as string,
      pp_SecureHash: f.pp_SecureHash as string,
    };
    const browser = await postForm(t, "/api/payments/nift/callback", forged);
    expect(browser.statusCode).toBe(400);
    const server = await serverPost(t, "/api/payments/nift/callback", forged);
    expect(server.statusCode).toBe(400);
    expect(await ordersOf(checkoutId)).toEqual([
      { status: "awaiting_payment", payment_status: "pending" },
    ]);
    expect((await repo.findByReference(t.database.db, reference))?.status).toBe("pending");
  });

  it("a correctly signed success the sandbox never saw paid is not trusted: the inquiry decides", async () => {
    const who = await shopper();
    const s = await startPayment(t, who, "nift");
    const k = await sandboxSecrets(t, "nift");
    const { secureHash } = await import("./gateways/nift/nift-crypto.ts");
    const { compactStamp } = await import("./gateways/formats.ts");
    // Someone holding the salt (a leaked key, an insider) signs a success NIFT never recorded.
    const f: Record<string, string> = {
      pp_MerchantID: k.merchantId,
      pp_TxnRefNo: s.reference,
      pp_Amount: s.fields.pp_Amount as string,
      pp_TxnCurrency: "PKR",
      pp_TxnDateTime: compactStamp(new Date()),
      pp_ResponseCode: "000",
      pp_ResponseMessage: "Success",
    };
    const back = await postForm(t, "/api/payments/nift/callback", {
      ...f,
      pp_SecureHash: secureHash(f, k.salt),
    });
    expect(locationOf(back)).toBe(
      `/checkout/repayment?rePayId=${s.checkoutId}&status=pending&ref=${s.reference}`,
    );
    expect(await ordersOf(s.checkoutId)).toEqual([
      { status: "awaiting_payment", payment_status: "pending" },
    ]);
    // Paid for real at NIFT: the same kind of post is now confirmed by the inquiry.
    const paid = await payAtSandbox(t, s, "success");
    expect(locationOf(await deliver(t, paid))).toMatch(/^\/order-success\?id=/);
    expect(await ordersOf(s.checkoutId)).toEqual([{ status: "confirmed", payment_status: "paid" }]);
  });
});

describe("HBL Pay: a return minted with the merchant's public key", () => {
  it("without the attempt's return token (or with another's) is refused and pays nothing", async () => {
    const mine = await startPayment(t, await shopper(), "hbl");
    const theirs = await startPayment(t, await shopper(), "hbl");
    const keys = await sandboxSecrets(t, "hbl");
    const mint = (reference: string, code = "100") =>
      encodeURIComponent(
        encryptCallback(
          `RESPONSE_CODE=${code}&RESPONSE_MESSAGE=Transaction is successful&ORDER_REF_NUMBER=${reference}`,
          keys.merchantPublic,
        ),
      );
    const get = (url: string) =>
      t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
    // The return path without a token, and with a token that is not this attempt's.
    const attempts = [
      `/api/payments/hbl/return?data=${mint(theirs.reference)}`,
      `/api/payments/hbl/return?data=${mint(mine.reference)}`,
      `/api/payments/hbl/return/${"A".repeat(43)}?data=${mint(theirs.reference)}`,
    ];
    // The shopper's own cancel URL (its token is not the return's) cannot carry a success either.
    const cancelled = await payAtSandbox(t, mine, "cancel");
    const cancelPath = cancelled.url.split("?")[0] as string;
    attempts.push(`${cancelPath}?data=${mint(theirs.reference)}`);
    for (const url of attempts) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(400);
    }
    expect(await ordersOf(theirs.checkoutId)).toEqual([
      { status: "awaiting_payment", payment_status: "pending" },
    ]);
    expect((await repo.findByReference(t.database.db, theirs.reference))?.status).toBe("pending");
    expect(await ordersOf(mine.checkoutId)).toEqual([
      { status: "awaiting_payment", payment_status: "pending" },
    ]);
  });

  it("the genuine return pays once; its token cannot settle anything else afterwards", async () => {
    const s = await startPayment(t, await shopper(), "hbl");
    const back = await payAtSandbox(t, s, "failure");
    expect(locationOf(await deliver(t, back))).toContain("status=failed");
    // The failure's URL (and so its token) is now known to whoever saw the browser's address bar.
    const keys = await sandboxSecrets(t, "hbl");
    const data = encodeURIComponent(
      encryptCallback(
        `RESPONSE_CODE=100&RESPONSE_MESSAGE=ok&ORDER_REF_NUMBER=${s.reference}`,
        keys.merchantPublic,
      ),
    );
    const replay = await t.app.inject({
      method: "GET",
      url: `${back.url.split("?")[0]}?data=${data}`,
      headers: { accept: "text/html" },
    });
    expect(replay.statusCode).toBe(400);
    const a = await repo.findByReference(t.database.db, s.reference);
    expect(a).toMatchObject({ status: "failed", refundDue: null });
  });
});
