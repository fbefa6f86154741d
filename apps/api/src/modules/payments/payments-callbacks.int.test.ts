import { HOLD_ENDED_MESSAGE } from "@maidan/contracts/payments";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addToCart,
  guest,
  pickVariants,
  send,
  setStock,
  stockOf,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { ADDRESS } from "../../testing/order-helpers.ts";
import {
  type BrowserReturn,
  deliver,
  endHold,
  GATEWAY_KEYS,
  type GatewayKey,
  locationOf,
  payAtSandbox,
  postForm,
  type Started,
  sandboxSecrets,
  serverPost,
  startPayment,
} from "../../testing/payment-helpers.ts";
import { requestHash } from "./gateways/alfalah/alfalah-crypto.ts";
import { merchantHashedReq } from "./gateways/easypaisa/easypaisa-crypto.ts";
import { encryptCallback } from "./gateways/hbl/hbl-crypto.ts";
import { keenuDateTime } from "./gateways/keenu/keenu.ts";
import { responseChecksum } from "./gateways/keenu/keenu-crypto.ts";
import * as repo from "./payments.repository.ts";

/**
 * Every gateway against real orders: what a failure or a cancel records and shows, callbacks the
 * shop must refuse (each leaving orders, attempt, wallet ledger and stock exactly as they were),
 * and money that arrives after the hold ended (recorded as refund due, never applied).
 */
let t: TestApp;
let variants: TestVariant[];
beforeAll(async () => {
  t = await createTestApp({ products: 16 });
  variants = await pickVariants(t, 12);
  for (const x of variants) await setStock(t, x.vid, 500);
});
afterAll(() => t?.close());

let next = 0;
/** A guest with one unit of a variant in their cart (variants taken in turn). */
async function shopper() {
  const who = guest();
  const v = variants[next++ % variants.length] as TestVariant;
  expect((await addToCart(t, who, v)).statusCode).toBe(200);
  return { who, v, owner: { userId: null, guestId: who.cookie.slice("guest=".length) } };
}

const rows = async <T>(q: string, p: unknown[]) => (await t.database.pool.query(q, p)).rows as T[];

/** Everything a refused callback must leave alone. */
async function footprint(checkoutId: string, vid: string) {
  return {
    orders: await rows(
      "select id, status, payment_status, payment_method from orders where checkout_id = $1 order by id",
      [checkoutId],
    ),
    orderEvents: await rows(
      "select e.status, e.note from order_events e join orders o on o.id = e.order_id where o.checkout_id = $1 order by e.created_at, e.status",
      [checkoutId],
    ),
    attempts: await rows(
      "select reference, status, refund_due, gateway_txn_id, result_message from payment_attempts where checkout_id = $1 order by created_at",
      [checkoutId],
    ),
    ledger: await rows(
      "select count(*)::int as n, coalesce(sum(amount), 0)::int as sum from wallet_entries",
      [],
    ),
    stock: await stockOf(t, vid),
  };
}

const attempt = async (ref: string) => {
  const a = await repo.findByReference(t.database.db, ref);
  if (!a) throw new Error(`no attempt ${ref}`);
  return a;
};
const alfalahIpn = async (ref: string) => {
  const s = await sandboxSecrets(t, "alfalah");
  const url = `/sandbox/alfalah/HS/api/IPN/OrderStatus/${s.merchantId}/${s.storeId}/${ref}`;
  return t.app.inject({
    method: "GET",
    url: `/api/payments/alfalah/ipn?url=${encodeURIComponent(url)}`,
  });
};
const easypaisaIpn = async (ref: string) => {
  const s = await sandboxSecrets(t, "easypaisa");
  const url = `/sandbox/easypaisa/easypay-service/rest/v1/order-status/${s.accountNum}/${ref}`;
  return t.app.inject({
    method: "GET",
    url: `/api/payments/easypaisa/ipn?url=${encodeURIComponent(url)}`,
  });
};

/** What each sandbox's "Decline (failure)" leaves in the attempt and on the repayment page. */
const FAILURE_WORDS: Record<GatewayKey, string> = {
  hbl: "Declined by issuer",
  keenu: "Declined by bank",
  nift: "Transaction failed",
  alfalah: "Bank Alfalah declined the payment (Failed).",
  easypaisa: "Transaction failed",
};
const CANCELLED = "You cancelled the payment. Pay again or choose cash on delivery.";
const REJECTED =
  "The bank's answer for this payment did not match this order, so it is not marked paid. Pay again or choose cash on delivery.";
const LATE =
  "We received your payment after this order had been paid or closed. It will be refunded to you.";

describe("a failure or a cancel at each gateway", () => {
  for (const gateway of GATEWAY_KEYS) {
    it(`${gateway}: a failure records the gateway's reason (never its "Success" for the status call) and the repayment page shows it`, async () => {
      const { who, owner } = await shopper();
      const s = await startPayment(t, who, gateway);
      const back = await deliver(t, await payAtSandbox(t, s, "failure"));
      expect(locationOf(back)).toBe(
        `/checkout/repayment?rePayId=${s.checkoutId}&status=failed&ref=${s.reference}`,
      );
      const a = await attempt(s.reference);
      expect(a).toMatchObject({ status: "failed", resultMessage: FAILURE_WORDS[gateway] });
      expect(a.resultMessage).not.toMatch(/success/i);
      expect(
        await t.app.domains.payments.resultOf(owner, {
          checkoutId: s.checkoutId,
          reference: s.reference,
        }),
      ).toEqual({ status: "failed", message: FAILURE_WORDS[gateway] });
      // Without a reference the page asks about the checkout's latest attempt: the same one.
      expect(
        (await t.app.domains.payments.resultOf(owner, { checkoutId: s.checkoutId }))?.message,
      ).toBe(FAILURE_WORDS[gateway]);
      // Nobody else learns anything about it.
      expect(
        await t.app.domains.payments.resultOf(
          { userId: null, guestId: "someone-else-1" },
          { checkoutId: s.checkoutId, reference: s.reference },
        ),
      ).toBeNull();
      expect(
        await rows("select status from orders where checkout_id = $1", [s.checkoutId]),
      ).toEqual([{ status: "awaiting_payment" }]);
    });

    it(`${gateway}: a cancel lands on the repayment page with the cancel message`, async () => {
      const { who, owner } = await shopper();
      const s = await startPayment(t, who, gateway);
      await deliver(t, await payAtSandbox(t, s, "cancel"));
      const a = await attempt(s.reference);
      const r = await t.app.domains.payments.resultOf(owner, {
        checkoutId: s.checkoutId,
        reference: s.reference,
      });
      if (gateway === "easypaisa") {
        // Easypay has no cancelled state: a cancel is FAILED with its reason.
        expect(a).toMatchObject({
          status: "failed",
          resultMessage: "Transaction cancelled by customer",
        });
        expect(r?.message).toBe("Transaction cancelled by customer");
      } else {
        expect(a.status).toBe("cancelled");
        expect(a.resultMessage).not.toMatch(/success/i);
        expect(r).toEqual({ status: "cancelled", message: CANCELLED });
      }
    });
  }
});

/**
 * Which refusals each protocol can produce. Keenu (Date/Time in the checksum) and NIFT
 * (pp_TxnDateTime in the hash) can be stale; HBL's encrypted return has no time and no amount,
 * so neither "stale" nor "amount mismatch" exists for it. Easypaisa's and Alfalah's IPN pings
 * and returns carry nothing we trust: we fetch the state from the gateway ourselves, so a
 * "stale" or "forged" ping only makes us ask again (a forged success is the Alfalah return
 * below), and their amount mismatch is the gateway reporting another amount.
 */
describe("callbacks the shop refuses change nothing", () => {
  /** A Keenu callback for `s`, signed with the shared secret over `amount` at `at`. */
  async function keenuCallback(s: Started, amount: string, at: Date, status = "Success") {
    const k = await sandboxSecrets(t, "keenu");
    const { date, time } = keenuDateTime(at);
    const f: Record<string, string> = {
      Order_ID: s.reference,
      Status: status,
      AUTH_STATUS_NO: status === "Success" ? "01" : "03",
      Transaction_ID: "T-1",
      Bank_Name: "Meezan Bank",
      Date: date,
      Time: time,
    };
    f.Checksum = responseChecksum(k.secret, {
      merchantId: k.merchantId,
      orderNo: s.reference,
      amount,
      bankName: f.Bank_Name as string,
      status,
      date,
      time,
    });
    return f;
  }

  it("Keenu: forged, stale and amount-mismatched callbacks are refused with no state change; a replay of the paid one changes nothing", async () => {
    const { who, v } = await shopper();
    const s = await startPayment(t, who, "keenu");
    const amount = (await attempt(s.reference)).amount;
    const before = await footprint(s.checkoutId, v.vid);
    const url = "/api/payments/keenu/callback";

    const good = await keenuCallback(s, `${amount}.00`, new Date());
    const forged = { ...good, Checksum: "0f".repeat(16) };
    // Signed correctly, but three hours ago (older than PAYMENT_CALLBACK_MAX_AGE_MINUTES).
    const stale = await keenuCallback(s, `${amount}.00`, new Date(Date.now() - 3 * 3600_000));
    // The callback has no amount field: a bank that took another amount signed over it, and
    // the checksum (which we compute over the attempt's amount) no longer matches.
    const cheaper = await keenuCallback(s, "1.00", new Date());
    for (const [name, body] of Object.entries({ forged, stale, cheaper })) {
      const browser = await postForm(t, url, body);
      expect(browser.statusCode, name).toBe(400);
      expect(browser.json()).toMatchObject({ message: "Payment verification failed", status: 400 });
      expect((await serverPost(t, url, body)).statusCode, name).toBe(400);
      expect(await footprint(s.checkoutId, v.vid), name).toEqual(before);
    }
    const reasons = (await repo.eventsOf(t.database.db, (await attempt(s.reference)).id))
      .filter((e) => !e.accepted)
      .map((e) => e.reason);
    expect(reasons).toEqual(
      expect.arrayContaining(["stale callback", "Keenu callback checksum does not match"]),
    );

    expect(locationOf(await postForm(t, url, good))).toMatch(/^\/order-success\?id=/);
    const paid = await footprint(s.checkoutId, v.vid);
    expect(paid.orders).toMatchObject([{ status: "confirmed", payment_status: "paid" }]);
    // The same callback again, by the browser and by the server: nothing moves.
    expect(locationOf(await postForm(t, url, good))).toMatch(/^\/order-success\?id=/);
    expect((await serverPost(t, url, good)).json()).toEqual({ accepted: true, status: "paid" });
    // A failure for the paid attempt arriving afterwards is refused as out of order.
    const late = await serverPost(
      t,
      url,
      await keenuCallback(s, `${amount}.00`, new Date(), "Failed"),
    );
    expect(late.statusCode).toBe(409);
    expect(await footprint(s.checkoutId, v.vid)).toEqual(paid);
  });

  it("HBL: a forged return is refused and a replayed one changes nothing (no timestamp, no amount: stale and amount-mismatch cannot occur)", async () => {
    // HBL's callback is `data` encrypted to our key: it carries no time, so "stale" has no
    // meaning, and no amount (only the optional DISCOUNTED_AMOUNT), so neither has "amount
    // mismatch"; the attempt must be pending instead (decision 019).
    const { who, v } = await shopper();
    const s = await startPayment(t, who, "hbl");
    const before = await footprint(s.checkoutId, v.vid);
    const s2 = await sandboxSecrets(t, "hbl");
    const get = (url: string) =>
      t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
    // Encrypted to HBL's key instead of ours (what anyone can do with public keys), and junk.
    const forgedData = encryptCallback(
      `RESPONSE_CODE=100&RESPONSE_MESSAGE=ok&ORDER_REF_NUMBER=${s.reference}`,
      s2.hblPublic,
    );
    for (const data of [forgedData, "AAAA", ""]) {
      const r = await get(`/api/payments/hbl/return?data=${encodeURIComponent(data)}`);
      expect(r.statusCode).toBe(400);
      expect(await footprint(s.checkoutId, v.vid)).toEqual(before);
    }
    const back = await payAtSandbox(t, s, "success");
    expect(locationOf(await deliver(t, back))).toMatch(/^\/order-success\?id=/);
    const paid = await footprint(s.checkoutId, v.vid);
    expect(paid.orders).toMatchObject([{ status: "confirmed", payment_status: "paid" }]);
    expect(locationOf(await deliver(t, back))).toMatch(/^\/order-success\?id=/);
    expect(await footprint(s.checkoutId, v.vid)).toEqual(paid);
  });

  it("Bank Alfalah: a forged return (RC=00, nothing paid), another amount, and a replayed IPN change nothing", async () => {
    const { who, v } = await shopper();
    const s = await startPayment(t, who, "alfalah");
    const before = await footprint(s.checkoutId, v.vid);
    // The browser claims success; APG's OrderStatus says the payment only started.
    const forged = await t.app.inject({
      method: "GET",
      url: `/api/payments/alfalah/return?RC=00&RD=PS&TS=P&O=${s.reference}`,
    });
    expect(locationOf(forged)).toBe(
      `/checkout/repayment?rePayId=${s.checkoutId}&status=pending&ref=${s.reference}`,
    );
    expect(await footprint(s.checkoutId, v.vid)).toEqual(before);

    // APG took another amount: its SSO form re-signed by someone holding the keys (the bank's
    // record is what OrderStatus reports).
    const k = await sandboxSecrets(t, "alfalah");
    const other: Record<string, string> = { ...s.fields, TransactionAmount: "1.00" };
    const { RequestHash: _, ...rest } = other;
    other.RequestHash = requestHash(Object.entries(rest), k.key1, k.key2);
    expect((await postForm(t, "/sandbox/alfalah/SSO/SSO/SSO", other)).statusCode).toBe(200);
    const back = await postForm(t, "/sandbox/alfalah/SSO/choose", {
      ref: s.reference,
      token: s.fields.AuthToken as string,
      outcome: "success",
      notify: "0",
    });
    const ipn = await alfalahIpn(s.reference);
    expect(ipn.statusCode).toBe(400);
    expect(ipn.json().message).toMatch(
      /^The amount 1 does not match the \d+ rupees due for payment MP/,
    );
    const browser = await t.app.inject({
      method: "GET",
      url: locationOf(back).replace(/^https?:\/\/[^/]+/, ""),
    });
    expect(locationOf(browser)).toContain(`&status=pending&ref=${s.reference}`);
    expect(
      await t.app.domains.payments.resultOf(
        { userId: null, guestId: who.cookie.slice(6) },
        { checkoutId: s.checkoutId, reference: s.reference },
      ),
    ).toEqual({ status: "pending", message: REJECTED });
    expect(await footprint(s.checkoutId, v.vid)).toEqual(before);

    // A second checkout paid properly, then its IPN replayed.
    const b = await shopper();
    const p = await startPayment(t, b.who, "alfalah");
    await payAtSandbox(t, p, "success");
    expect((await alfalahIpn(p.reference)).json()).toEqual({ accepted: true, status: "paid" });
    const paid = await footprint(p.checkoutId, b.v.vid);
    const again = await Promise.all([alfalahIpn(p.reference), alfalahIpn(p.reference)]);
    expect(again.map((r) => r.json())).toEqual([
      { accepted: true, status: "paid" },
      { accepted: true, status: "paid" },
    ]);
    expect(await footprint(p.checkoutId, b.v.vid)).toEqual(paid);
  });

  it("Easypaisa: a payment of another amount is refused (IPN 400, browser to the repayment page) with no state change", async () => {
    const { who, v } = await shopper();
    const s = await startPayment(t, who, "easypaisa");
    const before = await footprint(s.checkoutId, v.vid);
    const k = await sandboxSecrets(t, "easypaisa");
    // Easypay's ledger holds Rs. 10 for this order (a form re-signed with the hash key).
    const other: Record<string, string> = { ...s.fields, amount: "10.0" };
    other.merchantHashedReq = merchantHashedReq(
      { ...other, merchantHashedReq: undefined },
      k.hashKey,
    );
    const back = await payAtSandbox(t, { ...s, fields: other }, "success");
    const ipn = await easypaisaIpn(s.reference);
    expect(ipn.statusCode).toBe(400);
    expect(ipn.json()).toMatchObject({
      message: expect.stringMatching(/^The amount 10 does not match the \d+ rupees due/),
      status: 400,
    });
    expect(locationOf(await deliver(t, back))).toBe(
      `/checkout/repayment?rePayId=${s.checkoutId}&status=pending&ref=${s.reference}`,
    );
    await t.database.pool.query(
      "update payment_attempts set next_inquiry_at = now() where reference = $1",
      [s.reference],
    );
    await t.app.domains.payments.runInquiries();
    expect(await footprint(s.checkoutId, v.vid)).toEqual(before);
  });

  it("NIFT ePay: forged and amount-mismatched posts change nothing (browser and server alike)", async () => {
    const { who, v } = await shopper();
    const s = await startPayment(t, who, "nift");
    const before = await footprint(s.checkoutId, v.vid);
    const back = (await payAtSandbox(t, s, "success")) as Extract<
      BrowserReturn,
      { method: "POST" }
    >;
    const forged = { ...back.fields, pp_Amount: "100" };
    expect((await postForm(t, back.url, forged)).statusCode).toBe(400);
    expect((await serverPost(t, back.url, forged)).statusCode).toBe(400);
    expect(await footprint(s.checkoutId, v.vid)).toEqual(before);
    expect(locationOf(await deliver(t, back))).toMatch(/^\/order-success/);
  });
});

describe("a verified payment after the hold ended", () => {
  for (const gateway of GATEWAY_KEYS) {
    it(`${gateway}: is recorded as refund due once; the cancelled order and its returned stock stay as they are`, async () => {
      const { who, v, owner } = await shopper();
      const stock = await stockOf(t, v.vid);
      const s = await startPayment(t, who, gateway);
      await endHold(t, s.checkoutId);
      await t.app.domains.payments.runInquiries();
      expect((await attempt(s.reference)).status).toBe("expired");
      expect(await stockOf(t, v.vid)).toBe(stock);
      const closed = await footprint(s.checkoutId, v.vid);
      expect(closed.orders).toMatchObject([{ status: "cancelled" }]);

      // The shopper pays anyway (the gateway's page was still open), and comes back.
      const back = await payAtSandbox(t, s, "success");
      const landed = await deliver(t, back);
      expect(locationOf(landed)).toBe(
        `/checkout/repayment?rePayId=${s.checkoutId}&status=refund_due&ref=${s.reference}`,
      );
      // Again, and through the server channel where the gateway has one.
      await deliver(t, back);
      if (gateway === "alfalah")
        expect((await alfalahIpn(s.reference)).json()).toMatchObject({ refundDue: true });
      if (gateway === "easypaisa")
        expect((await easypaisaIpn(s.reference)).json()).toMatchObject({ refundDue: true });
      if (back.method === "POST") {
        const server = await serverPost(t, back.url, back.fields);
        expect(server.statusCode).toBe(200);
        expect(server.json()).toMatchObject({ accepted: false, refundDue: true });
      }
      const a = await attempt(s.reference);
      expect(a.status).toBe("expired");
      expect(a.refundDue).toMatch(/the attempt was expired/);
      const after = await footprint(s.checkoutId, v.vid);
      expect(after.orders).toEqual(closed.orders);
      expect(after.orderEvents).toEqual(closed.orderEvents);
      expect(after.stock).toBe(stock);
      expect(after.ledger).toEqual(closed.ledger);
      const due = await t.app.domains.payments.refundsDue();
      expect(due.filter((d) => d.reference === s.reference)).toHaveLength(1);
      expect(
        await t.app.domains.payments.resultOf(owner, {
          checkoutId: s.checkoutId,
          reference: s.reference,
        }),
      ).toEqual({ status: "refund_due", message: LATE });
    });
  }
});

describe("paying again after the hold ended", () => {
  it("answers 409 'The time to pay for this order has run out', before the job has released it", async () => {
    const { who } = await shopper();
    const s = await startPayment(t, who, "nift");
    await deliver(t, await payAtSandbox(t, s, "failure"));
    await endHold(t, s.checkoutId);
    const res = await send(t, "POST", "/api/pay/nift_pay", who, {
      address: ADDRESS,
      paymentMethod: "NiftPayBank",
      rePayId: s.checkoutId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: "The time to pay for this order has run out",
      status: 409,
    });
    // No new attempt was made.
    expect(
      await rows("select count(*)::int as n from payment_attempts where checkout_id = $1", [
        s.checkoutId,
      ]),
    ).toEqual([{ n: 1 }]);
  });

  it("answers the same once the job has released it, to a new payment and to cash on delivery", async () => {
    const { who } = await shopper();
    const s = await startPayment(t, who, "nift");
    await deliver(t, await payAtSandbox(t, s, "failure"));
    await endHold(t, s.checkoutId);
    await t.app.domains.payments.runInquiries();
    const [order] = await rows<{ id: string; status: string }>(
      "select id, status from orders where checkout_id = $1",
      [s.checkoutId],
    );
    expect(order?.status).toBe("cancelled");
    const pay = await send(t, "POST", "/api/pay/nift_pay", who, {
      address: ADDRESS,
      paymentMethod: "NiftPayBank",
      rePayId: s.checkoutId,
    });
    const cod = await send(
      t,
      "GET",
      `/api/pay/change-payment-method?paymentMethod=COD&rePayId=${order?.id}`,
      who,
    );
    for (const res of [pay, cod]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: HOLD_ENDED_MESSAGE, status: 409 });
    }
  });
});
