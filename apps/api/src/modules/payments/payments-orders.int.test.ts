import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../testing/auth-helpers.ts";
import {
  addToCart,
  guest,
  pickVariants,
  send,
  setStock,
  stockOf,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { ADDRESS, placeOrder } from "../../testing/order-helpers.ts";
import {
  endHold as endHoldOf,
  niftRecords,
  postForm,
  sandboxSecrets,
} from "../../testing/payment-helpers.ts";
import { compactStamp } from "./gateways/formats.ts";
import { secureHash } from "./gateways/nift/nift-crypto.ts";
import * as repo from "./payments.repository.ts";

/**
 * Online payment against the real checkout (its side given to payments by compose.ts): orders wait
 * for payment with their stock held, a verified callback marks them paid, a failed attempt
 * keeps them waiting, and an ended hold gives the stock back.
 */
let t: TestApp;
let variants: TestVariant[];
beforeAll(async () => {
  t = await createTestApp({ products: 16 });
  variants = await pickVariants(t, 15);
  // The seed leaves some variants with one or two units; these tests buy up to three of each.
  for (const x of variants)
    if (x.stock < 20) {
      await setStock(t, x.vid, 20);
      x.stock = 20;
    }
});
afterAll(() => t?.close());

const v = (i: number) => variants[i] as TestVariant;
const row = async (q: string, p: unknown[]) =>
  (await t.database.pool.query(q, p)).rows[0] as Record<string, unknown>;
const ordersOf = async (checkoutId: string) =>
  (
    await t.database.pool.query(
      "select id, status, payment_method, payment_status, confirm_code_hash from orders where checkout_id = $1",
      [checkoutId],
    )
  ).rows as {
    id: string;
    status: string;
    payment_method: string;
    payment_status: string;
    confirm_code_hash: string | null;
  }[];

/** Puts `qty` of variant into `who`'s cart and starts NIFT bank payment; the hand-off fields. */
async function startNift(
  who: Record<string, string>,
  variant: TestVariant,
  qty = 1,
  extra: Record<string, unknown> = {},
) {
  expect((await addToCart(t, who, variant, qty)).statusCode).toBe(200);
  const res = await send(t, "POST", "/api/pay/nift_pay", who, {
    address: ADDRESS,
    paymentMethod: "NiftPayBank",
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  const b = res.json() as Record<string, string>;
  expect(b.status).toBe(true);
  // The hand-off is posted to the gateway as is, so it names only the reference; find the checkout.
  const a = await repo.findByReference(t.database.db, b.pp_TxnRefNo as string);
  return { ...b, rePayId: a?.checkoutId as string } as Record<string, string>;
}

async function niftCallback(b: Record<string, string>, code: string) {
  const s = await sandboxSecrets(t, "nift");
  const f: Record<string, string> = {
    pp_MerchantID: s.merchantId,
    pp_TxnRefNo: b.pp_TxnRefNo as string,
    pp_Amount: b.pp_Amount as string,
    pp_TxnCurrency: "PKR",
    pp_TxnDateTime: compactStamp(new Date()),
    pp_ResponseCode: code,
    pp_ResponseMessage: code === "000" ? "Success" : "Transaction declined by the bank",
  };
  await niftRecords(t, f.pp_TxnRefNo as string, f.pp_Amount as string, code);
  // The shopper's browser brings it back (a form navigation): answered with a redirect.
  return postForm(t, "/api/payments/nift/callback", { ...f, pp_SecureHash: secureHash(f, s.salt) });
}

const attempt = async (ref: string) => (await repo.findByReference(t.database.db, ref))!;
/** Ends the hold now: what the clock would do after PAYMENT_HOLD_MINUTES. */
const endHold = (checkoutId: string) => endHoldOf(t, checkoutId);

describe("online checkout with real orders", () => {
  it("places awaiting_payment orders with the online method, no COD code, stock held; a verified callback pays them", async () => {
    const who = guest();
    const before = await stockOf(t, v(0).vid);
    const b = await startNift(who, v(0), 2);
    const checkoutId = b.rePayId as string;
    expect(checkoutId).toMatch(/^[0-9a-f-]{36}$/);
    const waiting = await ordersOf(checkoutId);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({
      status: "awaiting_payment",
      payment_method: "NiftPayBank",
      confirm_code_hash: null,
    });
    expect(await stockOf(t, v(0).vid)).toBe(before - 2);
    // The shopper sees until when the stock is held for the payment (PAYMENT_HOLD_MINUTES).
    const held = (await send(t, "GET", `/api/orders/my/${waiting[0]?.id}`, who)).json();
    const left = new Date(held.confirmBy).getTime() - Date.now();
    expect(left).toBeGreaterThan(14 * 60_000);
    expect(left).toBeLessThanOrEqual(15 * 60_000);
    const back = await niftCallback(b, "000");
    expect(back.headers.location).toBe(
      `/order-success?id=${waiting[0]?.id}&amount=${Number(b.pp_Amount) / 100}`,
    );
    expect(await ordersOf(checkoutId)).toMatchObject([
      { status: "confirmed", payment_status: "paid" },
    ]);
    expect(await stockOf(t, v(0).vid)).toBe(before - 2);
    // An already paid order cannot be paid again.
    const again = await send(t, "POST", "/api/pay/nift_pay", who, {
      address: ADDRESS,
      paymentMethod: "NiftPayBank",
      rePayId: checkoutId,
    });
    expect(again.statusCode).toBe(409);
  });

  it("the last unit held by an awaiting-payment order cannot be sold until the hold expires; then the stock is back", async () => {
    await setStock(t, v(1).vid, 1);
    const a = guest();
    const b = await startNift(a, v(1));
    expect(await stockOf(t, v(1).vid)).toBe(0);
    const other = guest();
    expect((await addToCart(t, other, v(1))).statusCode).not.toBe(200);
    const cod = await placeOrder(t, other);
    expect(cod.statusCode).toBeGreaterThanOrEqual(400);
    // The hold has not ended yet: the job leaves the order alone.
    await t.app.domains.payments.runInquiries();
    expect(await ordersOf(b.rePayId as string)).toMatchObject([{ status: "awaiting_payment" }]);

    await endHold(b.rePayId as string);
    await t.app.domains.payments.runInquiries();
    expect(await ordersOf(b.rePayId as string)).toMatchObject([{ status: "cancelled" }]);
    expect((await attempt(b.pp_TxnRefNo as string)).status).toBe("expired");
    expect(await stockOf(t, v(1).vid)).toBe(1);
    // Running the job again gives nothing back twice.
    await t.app.domains.payments.runInquiries();
    expect(await stockOf(t, v(1).vid)).toBe(1);
    expect((await addToCart(t, other, v(1))).statusCode).toBe(200);
    expect((await placeOrder(t, other)).statusCode).toBe(200);
    expect(await stockOf(t, v(1).vid)).toBe(0);
    // A payment arriving after the hold ended is refused, not applied to a cancelled order.
    await niftCallback(b, "000");
    expect((await attempt(b.pp_TxnRefNo as string)).status).toBe("expired");
  });

  it("a failed attempt leaves the order waiting; a retry by rePayId pays the same orders", async () => {
    const who = guest();
    const before = await stockOf(t, v(2).vid);
    const b = await startNift(who, v(2));
    const back = await niftCallback(b, "999");
    expect(back.headers.location).toContain("/checkout/repayment?rePayId=");
    expect(back.headers.location).toContain("status=failed");
    expect((await attempt(b.pp_TxnRefNo as string)).status).toBe("failed");
    expect(await ordersOf(b.rePayId as string)).toMatchObject([{ status: "awaiting_payment" }]);
    expect(await stockOf(t, v(2).vid)).toBe(before - 1);

    const orderId = (await ordersOf(b.rePayId as string))[0]?.id as string;
    const retry = await send(t, "POST", "/api/pay/nift_pay", who, {
      address: ADDRESS,
      paymentMethod: "NiftPayCard",
      rePayId: orderId,
    });
    expect(retry.statusCode).toBe(200);
    const r = retry.json() as Record<string, string>;
    expect((await attempt(r.pp_TxnRefNo as string)).checkoutId).toBe(b.rePayId);
    expect(r.pp_TxnRefNo).not.toBe(b.pp_TxnRefNo);
    expect(await ordersOf(b.rePayId as string)).toMatchObject([
      { status: "awaiting_payment", payment_method: "NiftPayCard" },
    ]);
    expect((await niftCallback(r, "000")).headers.location).toContain("/order-success?id=");
    expect(await ordersOf(b.rePayId as string)).toMatchObject([
      { status: "confirmed", payment_status: "paid" },
    ]);
    // Nobody else may pay or look up this checkout.
    const stranger = await send(t, "POST", "/api/pay/nift_pay", guest(), {
      address: ADDRESS,
      paymentMethod: "NiftPayBank",
      rePayId: orderId,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it("orders whose attempts all failed release their stock when the hold ends", async () => {
    const who = guest();
    const before = await stockOf(t, v(3).vid);
    const b = await startNift(who, v(3), 2);
    await niftCallback(b, "112");
    expect((await attempt(b.pp_TxnRefNo as string)).status).toBe("cancelled");
    expect(await stockOf(t, v(3).vid)).toBe(before - 2);
    await endHold(b.rePayId as string);
    const r = await t.app.domains.payments.runInquiries();
    expect(r.expired).toBeGreaterThanOrEqual(1);
    expect(await ordersOf(b.rePayId as string)).toMatchObject([{ status: "cancelled" }]);
    expect(await stockOf(t, v(3).vid)).toBe(before);
    const ev = await row(
      "select note from order_events e join orders o on o.id = e.order_id where o.checkout_id = $1 order by e.created_at desc limit 1",
      [b.rePayId],
    );
    expect(ev.note).toBe("Payment not received in time");
  });

  it("a failed payment can switch to cash on delivery; the stock stays taken", async () => {
    const who = guest();
    const before = await stockOf(t, v(4).vid);
    const b = await startNift(who, v(4));
    await niftCallback(b, "999");
    const orderId = (await ordersOf(b.rePayId as string))[0]?.id as string;
    const cod = await send(
      t,
      "GET",
      `/api/pay/change-payment-method?paymentMethod=COD&rePayId=${orderId}`,
      who,
    );
    expect(cod.statusCode).toBe(200);
    const [o] = await ordersOf(b.rePayId as string);
    expect(o?.payment_method).toBe("COD");
    expect(["pending_confirmation", "placed"]).toContain(o?.status);
    expect(await stockOf(t, v(4).vid)).toBe(before - 1);
    // The hold no longer applies to a COD order.
    await endHold(b.rePayId as string);
    await t.app.domains.payments.runInquiries();
    expect((await ordersOf(b.rePayId as string))[0]?.status).not.toBe("cancelled");
  });

  it("Stripe and unknown methods keep the spec's messages at /api/orders", async () => {
    const who = guest();
    await addToCart(t, who, v(5));
    const s = await placeOrder(t, who, { address: ADDRESS, paymentMethod: "Stripe" });
    expect(s.json().message).toBe("Stripe not implemented yet. Proceed with COD");
    // Online methods go through /api/pay/*, never straight to /api/orders.
    const h = await placeOrder(t, who, { address: ADDRESS, paymentMethod: "HBL" });
    expect(h.json().message).toBe("The checkout service HBL not yet implemented");
  });
});

/** The shopper's wallet: balance, sum of the ledger, and its entries by kind. */
async function walletOf(userId: string) {
  const w = await row(
    `select w.balance, (select coalesce(sum(amount), 0)::int from wallet_entries e where e.wallet_id = w.id) as sum,
       (select count(*)::int from wallet_entries e where e.wallet_id = w.id and kind = 'order_refund') as refunds
     from wallets w where w.user_id = $1`,
    [userId],
  );
  return w as { balance: number; sum: number; refunds: number };
}

/** A signed-in shopper with `credit` rupees in the wallet, and that wallet's id. */
async function shopperWithWallet(credit: number) {
  const u = await signUp(t);
  await t.database.db.transaction((tx) =>
    t.app.domains.wallet.credit(tx, u.id, {
      amount: credit,
      kind: "credit",
      reference: "test",
      remark: "Test credit",
    }),
  );
  const walletId = (await t.app.domains.wallet.get(u.id))._id;
  return { who: bearer(u.token), id: u.id, walletId };
}

const outbox = async (recipient: string) => {
  // The messages are jobs: what was enqueued so far is sent first.
  await t.app.domains.jobs.drain();
  const { rows } = await t.database.pool.query(
    "select channel, subject, body from dev_outbox where recipient = $1 order by created_at",
    [recipient],
  );
  return rows as { channel: string; subject: string | null; body: string }[];
};

const confirmedEvents = async (checkoutId: string) =>
  Number(
    (
      await row(
        "select count(*)::int as n from order_events e join orders o on o.id = e.order_id where o.checkout_id = $1 and e.status = 'confirmed'",
        [checkoutId],
      )
    ).n,
  );

describe("wallet part plus a gateway", () => {
  it("the gateway collects exactly total − wallet part; paid once by ten callbacks; one SMS and one e-mail", async () => {
    const credit = 300;
    const s = await shopperWithWallet(credit);
    const phone = "03211234567";
    const smsTo = "923211234567"; // the SMS adapters' number format
    const email = `paid-${Date.now()}@example.com`;
    const b = await startNift(s.who, v(6), 1, {
      address: { ...ADDRESS, phone, email },
      useWallet: true,
      walletId: s.walletId,
    });
    const order = await row(
      "select id, total, subtotal, discount, shipping, wallet_used from orders where checkout_id = $1",
      [b.rePayId],
    );
    expect(order.wallet_used).toBe(credit);
    expect(order.total).toBe(
      Number(order.subtotal) - Number(order.discount) + Number(order.shipping) - credit,
    );
    expect(Number(b.pp_Amount)).toBe(Number(order.total) * 100);
    expect((await attempt(b.pp_TxnRefNo as string)).amount).toBe(order.total);
    expect(await walletOf(s.id)).toMatchObject({ balance: 0, sum: 0 });
    // Online orders say nothing until they are paid.
    expect(await outbox(smsTo)).toEqual([]);

    const all = await Promise.all(Array.from({ length: 10 }, () => niftCallback(b, "000")));
    expect(all.every((r) => String(r.headers.location).startsWith("/order-success?"))).toBe(true);
    expect(await ordersOf(b.rePayId as string)).toMatchObject([
      { status: "confirmed", payment_status: "paid" },
    ]);
    expect(await confirmedEvents(b.rePayId as string)).toBe(1);
    expect(await walletOf(s.id)).toMatchObject({ balance: 0, sum: 0, refunds: 0 });
    const sms = await outbox(smsTo);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.body).toMatch(/Order MD\S+ \(Rs\. [\d,]+\) is paid and confirmed\./);
    expect(sms[0]?.body).toContain(`Rs. ${Number(order.total).toLocaleString("en-US")}`);
    const mail = await outbox(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toMatch(/^Your Maidan order /);
    expect(mail[0]?.body).toContain("paid online");
  });

  it("a failed payment keeps the wallet part with the waiting order; the hold's end refunds it once", async () => {
    const s = await shopperWithWallet(250);
    const before = await stockOf(t, v(7).vid);
    const b = await startNift(s.who, v(7), 1, { useWallet: true, walletId: s.walletId });
    expect(await walletOf(s.id)).toMatchObject({ balance: 0 });
    await niftCallback(b, "999");
    expect((await attempt(b.pp_TxnRefNo as string)).status).toBe("failed");
    // A retry (or COD) may still use it: the order and its wallet part wait until the hold ends.
    expect(await walletOf(s.id)).toMatchObject({ balance: 0, refunds: 0 });
    await endHold(b.rePayId as string);
    await t.app.domains.payments.runInquiries();
    await t.app.domains.payments.runInquiries();
    expect(await ordersOf(b.rePayId as string)).toMatchObject([{ status: "cancelled" }]);
    expect(await walletOf(s.id)).toEqual({ balance: 250, sum: 250, refunds: 1 });
    expect(await stockOf(t, v(7).vid)).toBe(before);
  });

  it("an expired attempt and a cancelled one both give the wallet part back once", async () => {
    const s = await shopperWithWallet(200);
    const expired = await startNift(s.who, v(8), 1, { useWallet: true, walletId: s.walletId });
    await endHold(expired.rePayId as string);
    await t.app.domains.payments.runInquiries();
    expect((await attempt(expired.pp_TxnRefNo as string)).status).toBe("expired");
    expect(await walletOf(s.id)).toEqual({ balance: 200, sum: 200, refunds: 1 });

    const cancelled = await startNift(s.who, v(9), 1, { useWallet: true, walletId: s.walletId });
    await niftCallback(cancelled, "112");
    expect((await attempt(cancelled.pp_TxnRefNo as string)).status).toBe("cancelled");
    // The shopper gives up on the waiting order from their orders page.
    const id = (await ordersOf(cancelled.rePayId as string))[0]?.id as string;
    expect((await send(t, "POST", `/api/orders/my/${id}/cancel`, s.who)).statusCode).toBe(200);
    expect(await walletOf(s.id)).toEqual({ balance: 200, sum: 200, refunds: 2 });
    // A late success for that attempt is recorded for a refund, never applied.
    await niftCallback(cancelled, "000");
    expect(await ordersOf(cancelled.rePayId as string)).toMatchObject([{ status: "cancelled" }]);
    expect((await attempt(cancelled.pp_TxnRefNo as string)).refundDue).toMatch(/cancelled/);
  });

  it("another shopper's walletId is refused and nothing is placed", async () => {
    const s = await shopperWithWallet(100);
    const other = await shopperWithWallet(100);
    const before = await stockOf(t, v(10).vid);
    expect((await addToCart(t, s.who, v(10))).statusCode).toBe(200);
    const res = await send(t, "POST", "/api/pay/nift_pay", s.who, {
      address: ADDRESS,
      paymentMethod: "NiftPayBank",
      useWallet: true,
      walletId: other.walletId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: "This wallet is not yours", status: 400 });
    expect(await stockOf(t, v(10).vid)).toBe(before);
    expect(await walletOf(s.id)).toMatchObject({ balance: 100 });
  });
});

/** Pays the waiting checkout again (the repayment page's retry); the new hand-off's fields. */
async function retryNift(who: Record<string, string>, rePayId: string, method: string) {
  const retry = await send(t, "POST", "/api/pay/nift_pay", who, {
    address: ADDRESS,
    paymentMethod: method,
    rePayId,
  });
  expect(retry.statusCode).toBe(200);
  return { ...(retry.json() as Record<string, string>), rePayId } as Record<string, string>;
}

describe("a retry while an earlier attempt is pending", () => {
  it("supersedes the earlier attempt; its late success after the retry was paid is flagged for refund, never paid twice", async () => {
    const who = guest();
    const first = await startNift(who, v(11));
    const second = await retryNift(who, first.rePayId as string, "NiftPayCard");
    expect((await attempt(first.pp_TxnRefNo as string)).status).toBe("superseded");
    expect((await attempt(second.pp_TxnRefNo as string)).status).toBe("pending");

    await niftCallback(second, "000");
    expect(await ordersOf(first.rePayId as string)).toMatchObject([
      { status: "confirmed", payment_status: "paid" },
    ]);
    const late = await Promise.all([niftCallback(first, "000"), niftCallback(first, "000")]);
    expect(late[0]?.headers.location).toContain("status=refund_due");
    const old = await attempt(first.pp_TxnRefNo as string);
    expect(old.refundDue).toMatch(/no longer waiting/);
    expect(await confirmedEvents(first.rePayId as string)).toBe(1);
    const due = await t.app.domains.payments.refundsDue();
    expect(due.filter((a) => a.checkoutId === first.rePayId).map((a) => a.reference)).toEqual([
      first.pp_TxnRefNo,
    ]);
  });

  it("a superseded attempt that succeeds first still pays the waiting order; the newer one is then flagged", async () => {
    const who = guest();
    const first = await startNift(who, v(5));
    const second = await retryNift(who, first.rePayId as string, "NiftPayBank");
    expect((await attempt(first.pp_TxnRefNo as string)).status).toBe("superseded");
    // The shopper had paid in the first window after all.
    await niftCallback(first, "000");
    expect(await ordersOf(first.rePayId as string)).toMatchObject([{ payment_status: "paid" }]);
    expect((await attempt(first.pp_TxnRefNo as string)).status).toBe("paid");
    expect((await attempt(second.pp_TxnRefNo as string)).status).toBe("superseded");
    await niftCallback(second, "000");
    expect((await attempt(second.pp_TxnRefNo as string)).refundDue).toMatch(/no longer waiting/);
    expect((await attempt(first.pp_TxnRefNo as string)).refundDue).toBeNull();
    expect(await confirmedEvents(first.rePayId as string)).toBe(1);
    // And no third attempt can start for a paid order.
    const again = await send(t, "POST", "/api/pay/nift_pay", who, {
      address: ADDRESS,
      paymentMethod: "NiftPayBank",
      rePayId: first.rePayId,
    });
    expect(again.statusCode).toBe(409);
  });
});

/** What a refused checkout must leave untouched: the user's orders, ledger entries and cart lines. */
const footprint = async (userId: string) =>
  row(
    `select (select count(*)::int from orders where user_id = $1) as orders,
       (select count(*)::int from wallet_entries e join wallets w on w.id = e.wallet_id where w.user_id = $1) as entries,
       (select coalesce(sum(i.qty), 0)::int from cart_items i join carts c on c.id = i.cart_id where c.user_id = $1) as cart_units`,
    [userId],
  );

describe("a wallet that covers the whole order", () => {
  it("an online method is refused before anything is placed: no order, no wallet spend, the cart and stock kept; COD then places it at Rs. 0", async () => {
    const s = await shopperWithWallet(1_000_000);
    const before = await stockOf(t, v(12).vid);
    expect((await addToCart(t, s.who, v(12), 2)).statusCode).toBe(200);
    const kept = await footprint(s.id);
    expect(kept).toEqual({ orders: 0, entries: 1, cart_units: 2 });
    const message =
      "Your wallet balance covers this order, so there is nothing to pay online. Please choose Cash on Delivery.";
    for (const [url, paymentMethod] of [
      ["/api/pay/nift_pay", "NiftPayBank"],
      ["/api/pay/hbl", "HBL"],
      ["/api/pay/easypaisa", "easypaisa"],
    ] as const) {
      const res = await send(t, "POST", url, s.who, {
        address: ADDRESS,
        paymentMethod,
        useWallet: true,
        walletId: s.walletId,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ message, status: 400 });
    }
    expect(await footprint(s.id)).toEqual(kept);
    expect(await walletOf(s.id)).toMatchObject({ balance: 1_000_000, sum: 1_000_000 });
    expect(await stockOf(t, v(12).vid)).toBe(before);
    expect(
      Number(
        (await row("select count(*)::int as n from payment_attempts where user_id = $1", [s.id])).n,
      ),
    ).toBe(0);

    // Cash on delivery with the wallet places it, nothing left to collect at the door.
    const cod = await placeOrder(t, s.who, {
      address: ADDRESS,
      paymentMethod: "COD",
      useWallet: true,
      walletId: s.walletId,
    });
    expect(cod.statusCode, cod.body).toBe(200);
    expect(cod.json().amount.total).toBe(0);
    expect(await footprint(s.id)).toEqual({ orders: 1, entries: 2, cart_units: 0 });
    expect(await stockOf(t, v(12).vid)).toBe(before - 2);
  });

  it("without the wallet the same cart goes to the gateway as usual", async () => {
    const s = await shopperWithWallet(1_000_000);
    const b = await startNift(s.who, v(13), 1, { useWallet: false });
    expect((await attempt(b.pp_TxnRefNo as string)).amount).toBeGreaterThan(0);
    expect(await walletOf(s.id)).toMatchObject({ balance: 1_000_000 });
  });
});

describe("switching a waiting online order to cash on delivery", () => {
  /** The repayment page's switch; rePayId is one of the checkout's order ids. */
  const switchToCod = async (who: Record<string, string>, checkoutId: string) => {
    const orderId = (await ordersOf(checkoutId))[0]?.id as string;
    return send(
      t,
      "GET",
      `/api/pay/change-payment-method?paymentMethod=COD&rePayId=${orderId}`,
      who,
    );
  };

  it("supersedes the pending attempt; its late success is recorded as refund due, the order stays COD and the wallet is not touched again", async () => {
    const s = await shopperWithWallet(150);
    const b = await startNift(s.who, v(14), 1, { useWallet: true, walletId: s.walletId });
    expect((await attempt(b.pp_TxnRefNo as string)).status).toBe("pending");
    const ledger = await footprint(s.id);
    expect(ledger.entries).toBe(2); // the test credit and the spend on this order

    expect((await switchToCod(s.who, b.rePayId as string)).statusCode).toBe(200);
    const switched = await attempt(b.pp_TxnRefNo as string);
    expect(switched.status).toBe("superseded");
    expect(switched.resultMessage).toBe("Payment changed to cash on delivery");
    const [cod] = await ordersOf(b.rePayId as string);
    expect(cod).toMatchObject({ payment_method: "COD", payment_status: "pending" });

    // The shopper had paid at the gateway after all: the money is flagged, never applied.
    const late = await Promise.all([niftCallback(b, "000"), niftCallback(b, "000")]);
    expect(late[0]?.headers.location).toContain("status=refund_due");
    expect(await ordersOf(b.rePayId as string)).toEqual([cod]);
    expect(await confirmedEvents(b.rePayId as string)).toBe(0);
    const after = await attempt(b.pp_TxnRefNo as string);
    expect(after.refundDue).toMatch(/no longer waiting/);
    const due = await t.app.domains.payments.refundsDue();
    expect(due.filter((a) => a.checkoutId === b.rePayId)).toHaveLength(1);
    expect(await footprint(s.id)).toEqual(ledger);
    expect(await walletOf(s.id)).toMatchObject({ balance: 0, refunds: 0 });
    // The ended hold does not cancel a COD order or give its wallet part back.
    await endHold(b.rePayId as string);
    await t.app.domains.payments.runInquiries();
    expect((await ordersOf(b.rePayId as string))[0]?.status).toBe(cod?.status);
    expect(await footprint(s.id)).toEqual(ledger);
  });

  it("asks a gateway with an inquiry first: a payment made just before the switch pays the order and the switch is refused", async () => {
    const who = guest();
    expect((await addToCart(t, who, v(10))).statusCode).toBe(200);
    const res = await send(t, "POST", "/api/pay/alfalah_pay", who, {
      address: ADDRESS,
      paymentMethod: "alfalah_pay",
    });
    const b = res.json() as Record<string, string>;
    expect(b.handShakeStatus, res.body).toBe(true);
    const fields = Object.fromEntries(
      Object.entries(b).filter(
        ([k]) =>
          !["address", "paymentMethod", "handShakeStatus", "walletId", "useWallet"].includes(k),
      ),
    ) as Record<string, string>;
    const ref = fields.TransactionReferenceNumber as string;
    expect((await postForm(t, "/sandbox/alfalah/SSO/SSO/SSO", fields)).statusCode).toBe(200);
    // Paid at the bank; neither the browser nor the IPN has told the shop yet.
    await postForm(t, "/sandbox/alfalah/SSO/choose", {
      ref,
      token: fields.AuthToken as string,
      outcome: "success",
      notify: "0",
    });
    const checkoutId = (await attempt(ref)).checkoutId as string;
    expect((await attempt(ref)).status).toBe("pending");

    const sw = await switchToCod(who, checkoutId);
    expect(sw.statusCode).toBe(409);
    expect(sw.json()).toMatchObject({ message: "This order is already paid", status: 409 });
    expect(await ordersOf(checkoutId)).toMatchObject([
      { status: "confirmed", payment_method: "alfalah_pay", payment_status: "paid" },
    ]);
    expect(await attempt(ref)).toMatchObject({ status: "paid", refundDue: null });
  });
});
