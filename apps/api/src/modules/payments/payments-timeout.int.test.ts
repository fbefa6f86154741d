import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addToCart,
  guest,
  pickVariants,
  send,
  setStock,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { ADDRESS } from "../../testing/order-helpers.ts";
import {
  deliver,
  payAtSandbox,
  sandboxSecrets,
  startPayment,
} from "../../testing/payment-helpers.ts";
import * as repo from "./payments.repository.ts";

/**
 * A gateway slower than PAYMENT_GATEWAY_TIMEOUT_MS, at the start of a payment (HBL's checkout
 * API, Alfalah's handshake) and during the inquiry job: the order keeps waiting for payment, and
 * once the gateway answers again it is paid exactly once (one transition, one confirmation).
 */
const TIMEOUT_MS = 1500;
const SLOWER = TIMEOUT_MS + 1000;

let t: TestApp;
let variants: TestVariant[];
beforeAll(async () => {
  t = await createTestApp({
    products: 6,
    env: { PAYMENT_GATEWAY_TIMEOUT_MS: String(TIMEOUT_MS) },
  });
  variants = await pickVariants(t, 3);
  for (const v of variants) await setStock(t, v.vid, 50);
});
afterAll(() => t?.close());

const faults = (body: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/sandbox/faults", payload: body });
const rows = async <T>(q: string, p: unknown[]) => (await t.database.pool.query(q, p)).rows as T[];
const ordersOf = (checkoutId: string) =>
  rows<{ status: string; payment_status: string }>(
    "select status, payment_status from orders where checkout_id = $1",
    [checkoutId],
  );
/** Order transitions to paid (markPaid writes one 'confirmed' event per order it moves). */
const confirmations = async (checkoutId: string) =>
  (
    await rows<{ n: number }>(
      "select count(*)::int as n from order_events e join orders o on o.id = e.order_id where o.checkout_id = $1 and e.status = 'confirmed'",
      [checkoutId],
    )
  )[0]?.n;
const paidEvents = async (checkoutId: string) =>
  (
    await rows<{ n: number }>(
      "select count(*)::int as n from payment_events e join payment_attempts a on a.id = e.attempt_id where a.checkout_id = $1 and e.accepted and e.outcome = 'paid'",
      [checkoutId],
    )
  )[0]?.n;
const shopperId = (who: { cookie: string }) => who.cookie.slice("guest=".length);
const UNAVAILABLE = (name: string) =>
  `${name} is not answering right now. Please try again in a few minutes or choose cash on delivery.`;

describe("a gateway slower than the timeout", () => {
  it("Alfalah: a slow handshake fails the start only; a slow inquiry leaves it pending; after recovery it is paid once", async () => {
    const who = guest();
    expect((await addToCart(t, who, variants[0] as TestVariant)).statusCode).toBe(200);
    // Only this shopper's calls are slowed (the header the shop adds for sandboxes).
    await faults({ latencyMs: SLOWER, shopper: shopperId(who) });
    const res = await send(t, "POST", "/api/pay/alfalah_pay", who, {
      address: ADDRESS,
      paymentMethod: "alfalah_pay",
    });
    expect(res.statusCode).toBe(200);
    const refused = res.json();
    expect(refused).toMatchObject({
      handShakeStatus: false,
      status: false,
      message: UNAVAILABLE("Bank Alfalah"),
    });
    const checkoutId = refused.rePayId as string;
    expect(await ordersOf(checkoutId)).toEqual([
      { status: "awaiting_payment", payment_status: "pending" },
    ]);
    const first = await repo.latestAttemptOf(t.database.db, checkoutId);
    expect(first).toMatchObject({ status: "failed", resultCode: "UNAVAILABLE" });
    const why = await repo.eventsOf(t.database.db, first?.id as string);
    expect(why.map((e) => e.reason).join()).toMatch(/timed out/);

    // The bank answers again: the retry hands off, the shopper pays, and never comes back.
    await faults({ shopper: shopperId(who) });
    const s = await startPayment(t, who, "alfalah", { rePayId: checkoutId });
    await payAtSandbox(t, s, "success");
    expect((await repo.findByReference(t.database.db, s.reference))?.status).toBe("pending");

    // The job's inquiry is slower than the timeout: nothing changes.
    await faults({ latencyMs: SLOWER });
    const due = () =>
      t.database.pool.query(
        "update payment_attempts set next_inquiry_at = now() where reference = $1",
        [s.reference],
      );
    await due();
    expect(await t.app.domains.payments.runInquiries()).toMatchObject({ inquired: 0 });
    expect((await repo.findByReference(t.database.db, s.reference))?.status).toBe("pending");
    expect(await ordersOf(checkoutId)).toEqual([
      { status: "awaiting_payment", payment_status: "pending" },
    ]);
    expect(await confirmations(checkoutId)).toBe(0);

    // Recovered: the next round pays it; every later signal finds it paid.
    await faults({});
    await due();
    await t.app.domains.payments.runInquiries();
    expect(await ordersOf(checkoutId)).toEqual([{ status: "confirmed", payment_status: "paid" }]);
    await due();
    await t.app.domains.payments.runInquiries();
    const k = { alfalah: await sandboxSecrets(t, "alfalah") };
    const ipnUrl = `/sandbox/alfalah/HS/api/IPN/OrderStatus/${k.alfalah.merchantId}/${k.alfalah.storeId}/${s.reference}`;
    await t.app.inject({
      method: "GET",
      url: `/api/payments/alfalah/ipn?url=${encodeURIComponent(ipnUrl)}`,
    });
    await t.app.inject({
      method: "GET",
      url: `/api/payments/alfalah/return?RC=00&RD=PS&TS=P&O=${s.reference}`,
    });
    expect(await confirmations(checkoutId)).toBe(1);
    expect(await paidEvents(checkoutId)).toBe(1);
    const attempts = await rows<{ status: string; refund_due: string | null }>(
      "select status, refund_due from payment_attempts where checkout_id = $1 order by created_at",
      [checkoutId],
    );
    expect(attempts).toEqual([
      { status: "failed", refund_due: null },
      { status: "paid", refund_due: null },
    ]);
    // At the bank only the second reference was ever paid (the first never reached its page).
    const firstAtBank = await t.app.inject({
      method: "GET",
      url: `/sandbox/alfalah/HS/api/IPN/OrderStatus/${k.alfalah.merchantId}/${k.alfalah.storeId}/${first?.reference}`,
    });
    expect(firstAtBank.json().TransactionStatus).not.toBe("Paid");
  });

  it("HBL: a slow checkout API answers hbl_success 'no' for that shopper only; after recovery one payment, once", async () => {
    const slow = guest();
    const other = guest();
    for (const who of [slow, other])
      expect((await addToCart(t, who, variants[1] as TestVariant)).statusCode).toBe(200);
    await faults({ latencyMs: SLOWER, fail: "error", shopper: shopperId(slow) });
    const [a, b] = await Promise.all(
      [slow, other].map((who) =>
        send(t, "POST", "/api/pay/hbl", who, { address: ADDRESS, paymentMethod: "HBL" }),
      ),
    );
    expect(a?.json()).toMatchObject({
      hbl_success: "no",
      hbl_url: "",
      message: UNAVAILABLE("HBL Pay"),
    });
    // Another shopper paying at the same moment is not touched by that rule.
    expect(b?.json()).toMatchObject({ hbl_success: "yes" });
    const checkoutId = a?.json().rePayId as string;
    expect(await ordersOf(checkoutId)).toEqual([
      { status: "awaiting_payment", payment_status: "pending" },
    ]);

    await faults({ shopper: shopperId(slow) });
    const s = await startPayment(t, slow, "hbl", { rePayId: checkoutId });
    const back = await payAtSandbox(t, s, "success");
    await Promise.all([deliver(t, back), deliver(t, back), deliver(t, back)]);
    expect(await ordersOf(checkoutId)).toEqual([{ status: "confirmed", payment_status: "paid" }]);
    expect(await confirmations(checkoutId)).toBe(1);
    expect(await paidEvents(checkoutId)).toBe(1);
  });

  it("the faults switch takes valid rules only", async () => {
    const bad = await faults({ fail: "explode" });
    expect(bad.statusCode).toBe(400);
    expect((await faults({ latencyMs: -1 })).statusCode).toBe(400);
    expect((await faults({})).json()).toEqual({ latencyMs: 0, fail: "none" });
  });
});
