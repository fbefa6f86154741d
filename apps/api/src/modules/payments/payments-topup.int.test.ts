import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../testing/auth-helpers.ts";
import { send } from "../../testing/cart-helpers.ts";
import {
  easypaisaGatewayFields,
  locationOf,
  postForm,
  sandboxSecrets,
} from "../../testing/payment-helpers.ts";
import { merchantHashedReq } from "./gateways/easypaisa/easypaisa-crypto.ts";
import * as repo from "./payments.repository.ts";

/**
 * Wallet top-up (spec §7 `POST /pay/easypaisa_wallet`) through the Easypaisa sandbox: the
 * ledger is credited only by a verified signal (IPN fetched from Easypay, or the v4 inquiry),
 * once per payment, whatever the browser claims.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 4 });
});
afterAll(() => t?.close());

const form = (url: string, fields: Record<string, string>) => postForm(t, url, fields);
const loc = locationOf;
const path = (url: string) =>
  new URL(url, "http://localhost").pathname + new URL(url, "http://localhost").search;

async function ledger(userId: string) {
  const { rows } = await t.database.db.execute(sql`select w.balance,
      (select coalesce(sum(amount), 0)::int from wallet_entries e where e.wallet_id = w.id) as sum,
      (select count(*)::int from wallet_entries e where e.wallet_id = w.id and kind = 'topup') as topups
    from wallets w where w.user_id = ${userId}`);
  return (rows[0] ?? { balance: 0, sum: 0, topups: 0 }) as {
    balance: number;
    sum: number;
    topups: number;
  };
}

async function startTopUp(token: string, amount: number) {
  const res = await send(t, "POST", "/api/pay/easypaisa_wallet", bearer(token), {
    amount,
    paymentMethod: "easypaisa_wallet",
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["x-payment-url"]).toBe("/sandbox/easypaisa/easypay/Index.jsf");
  return easypaisaGatewayFields(res.json());
}

/** The shopper pays on the sandbox page; `notify` makes it send the IPN too. */
async function payAtSandbox(f: Record<string, string>, outcome = "success", notify = "0") {
  const page = await t.app.inject({
    method: "GET",
    url: `/sandbox/easypaisa/easypay/Index.jsf?${new URLSearchParams(f)}`,
  });
  expect(page.statusCode, page.body).toBe(200);
  return form("/sandbox/easypaisa/easypay/choose", {
    orderRefNum: f.orderRefNum as string,
    outcome,
    notify,
  });
}

const ipnUrl = async (ref: string) => {
  const s = await sandboxSecrets(t, "easypaisa");
  return `/sandbox/easypaisa/easypay-service/rest/v1/order-status/${s.accountNum}/${ref}`;
};
const ipn = async (ref: string) =>
  t.app.inject({
    method: "GET",
    url: `/api/payments/easypaisa/ipn?url=${encodeURIComponent(await ipnUrl(ref))}`,
  });

describe("wallet top-up: input", () => {
  it("needs sign-in, names an unknown method, and refuses bad amounts with {message, status}", async () => {
    const u = await signUp(t);
    const anon = await send(
      t,
      "POST",
      "/api/pay/easypaisa_wallet",
      {},
      { amount: 500, paymentMethod: "easypaisa_wallet" },
    );
    expect(anon.statusCode).toBe(401);
    const unknown = await send(t, "POST", "/api/pay/easypaisa_wallet", bearer(u.token), {
      amount: 500,
      paymentMethod: "jazzcash",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: "The checkout service jazzcash not yet implemented",
      status: 400,
    });
    for (const amount of [99, 50_001, 250.5, "500", -10, 0, null]) {
      const r = await send(t, "POST", "/api/pay/easypaisa_wallet", bearer(u.token), {
        amount,
        paymentMethod: "easypaisa_wallet",
      });
      expect(r.statusCode, `amount ${amount}`).toBe(400);
      expect(r.json().status).toBe(400);
      expect(typeof r.json().message).toBe("string");
    }
    const low = await send(t, "POST", "/api/pay/easypaisa_wallet", bearer(u.token), {
      amount: 99,
      paymentMethod: "easypaisa_wallet",
    });
    expect(low.json().message).toBe("Top up between Rs. 100 and Rs. 50,000");
    const { rows } = await t.database.db.execute(
      sql`select count(*)::int as n from payment_attempts where user_id = ${u.id}`,
    );
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe("wallet top-up through the Easypaisa sandbox", () => {
  it("hands off like /pay/easypaisa, is credited only after the inquiry, and lands on /my/wallet", async () => {
    const u = await signUp(t);
    const f = await startTopUp(u.token, 1500);
    expect(f.amount).toBe("1500.0");
    expect(f.paymentMethod).toBe("MA_PAYMENT_METHOD");
    expect(f.postBackURL).toMatch(/\/pgw\/easypaisa$/);
    const a = await repo.findByReference(t.database.db, f.orderRefNum as string);
    expect(a).toMatchObject({
      purpose: "wallet_topup",
      userId: u.id,
      amount: 1500,
      checkoutId: null,
    });

    // A browser claiming success before paying credits nothing.
    const forged = await t.app.inject({
      method: "GET",
      url: `/api/payments/easypaisa/return?status=0000&orderRefNumber=${f.orderRefNum}`,
    });
    expect(loc(forged)).toBe("/my/wallet?topup=pending");
    expect(await ledger(u.id)).toMatchObject({ balance: 0, topups: 0 });

    const chosen = await payAtSandbox(f);
    const token = new URL(loc(chosen), "http://x").searchParams.get("auth_token") as string;
    const confirm = await t.app.domains.services.payments.easypaisaConfirmForm(token);
    const back = await form(confirm.action, confirm.fields);
    const landed = await t.app.inject({ method: "GET", url: path(loc(back)) });
    expect(loc(landed)).toBe("/my/wallet?topup=paid");
    expect(await ledger(u.id)).toEqual({ balance: 1500, sum: 1500, topups: 1 });
    const w = await send(t, "GET", `/api/wallet/user/${u.id}`, bearer(u.token));
    expect(w.json().myWallet.entries[0]).toMatchObject({
      amount: 1500,
      kind: "topup",
      reference: f.orderRefNum,
    });
    // The return again, and an IPN after it, credit nothing more.
    await t.app.inject({ method: "GET", url: path(loc(back)) });
    expect((await ipn(f.orderRefNum as string)).statusCode).toBe(200);
    expect(await ledger(u.id)).toEqual({ balance: 1500, sum: 1500, topups: 1 });
  });

  it("the same IPN ten times at once credits once", async () => {
    const u = await signUp(t);
    const f = await startTopUp(u.token, 700);
    await payAtSandbox(f);
    const all = await Promise.all(Array.from({ length: 10 }, () => ipn(f.orderRefNum as string)));
    expect(all.every((r) => r.statusCode === 200)).toBe(true);
    expect(await ledger(u.id)).toEqual({ balance: 700, sum: 700, topups: 1 });
    const events = await t.app.domains.payments.eventsOf(
      (await repo.findByReference(t.database.db, f.orderRefNum as string))?.id as string,
    );
    expect(events.filter((e) => e.accepted && e.outcome === "paid")).toHaveLength(1);
  });

  it("forged, tampered and amount-mismatched signals credit nothing", async () => {
    const u = await signUp(t);
    const f = await startTopUp(u.token, 900);
    // An IPN naming another host is refused before any fetch.
    const evil = await t.app.inject({
      method: "GET",
      url: `/api/payments/easypaisa/ipn?url=${encodeURIComponent(`https://evil.example/easypay-service/rest/v1/order-status/1/${f.orderRefNum}`)}`,
    });
    expect(evil.statusCode).toBe(400);
    // A hand-off whose amount was changed in the browser is refused by Easypay (the hash).
    const tampered = await t.app.inject({
      method: "GET",
      url: `/sandbox/easypaisa/easypay/Index.jsf?${new URLSearchParams({ ...f, amount: "9.0" })}`,
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain("Invalid merchantHashedReq");
    // Easypay reports a payment of another amount for this reference: rejected and logged.
    const s = await sandboxSecrets(t, "easypaisa");
    const other: Record<string, string> = { ...f, amount: "90.0" };
    other.merchantHashedReq = merchantHashedReq(
      { ...other, merchantHashedReq: undefined },
      s.hashKey,
    );
    await payAtSandbox(other);
    // Easypay's server is the caller: a 4xx that says what did not match.
    const refused = await ipn(f.orderRefNum as string);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: `The amount 90 does not match the 900 rupees due for payment ${f.orderRefNum}.`,
      status: 400,
    });
    const a = await repo.findByReference(t.database.db, f.orderRefNum as string);
    expect(a?.status).toBe("pending");
    expect(await ledger(u.id)).toMatchObject({ balance: 0, topups: 0 });
    const events = await t.app.domains.payments.eventsOf(a?.id as string);
    expect(events.some((e) => !e.accepted && e.reason.includes("amount 90 differs from 900"))).toBe(
      true,
    );
  });

  it("an abandoned top-up is credited by the inquiry job; an unpaid one expires with no credit", async () => {
    const u = await signUp(t);
    const paid = await startTopUp(u.token, 1200);
    await payAtSandbox(paid);
    const unpaid = await startTopUp(u.token, 300);
    // This shopper opens Easypay's page and walks away.
    const opened = await t.app.inject({
      method: "GET",
      url: `/sandbox/easypaisa/easypay/Index.jsf?${new URLSearchParams(unpaid)}`,
    });
    expect(opened.statusCode).toBe(200);
    await t.database.pool.query(
      "update payment_attempts set next_inquiry_at = now() - interval '1 second' where reference = any($1)",
      [[paid.orderRefNum, unpaid.orderRefNum]],
    );
    await t.app.domains.payments.runInquiries();
    expect(await ledger(u.id)).toEqual({ balance: 1200, sum: 1200, topups: 1 });
    await t.database.pool.query(
      "update payment_attempts set expires_at = now() - interval '1 second' where reference = $1",
      [unpaid.orderRefNum],
    );
    await t.app.domains.payments.runInquiries();
    expect((await repo.findByReference(t.database.db, unpaid.orderRefNum as string))?.status).toBe(
      "expired",
    );
    expect(await ledger(u.id)).toEqual({ balance: 1200, sum: 1200, topups: 1 });
    // The shopper pays after all (late, at Easypay): the money is theirs, so it is credited once.
    const late = await form("/sandbox/easypaisa/easypay/choose", {
      orderRefNum: unpaid.orderRefNum as string,
      outcome: "success",
      notify: "0",
    });
    expect(late.statusCode).toBe(302);
    await Promise.all([ipn(unpaid.orderRefNum as string), ipn(unpaid.orderRefNum as string)]);
    expect(await ledger(u.id)).toEqual({ balance: 1500, sum: 1500, topups: 2 });
  });

  it("a failed or cancelled top-up lands on /my/wallet and credits nothing", async () => {
    const u = await signUp(t);
    const f = await startTopUp(u.token, 400);
    const chosen = await payAtSandbox(f, "cancel");
    const token = new URL(loc(chosen), "http://x").searchParams.get("auth_token") as string;
    const confirm = await t.app.domains.services.payments.easypaisaConfirmForm(token);
    const back = await form(confirm.action, confirm.fields);
    const landed = await t.app.inject({ method: "GET", url: path(loc(back)) });
    expect(loc(landed)).toBe("/my/wallet?topup=failed");
    expect(await ledger(u.id)).toMatchObject({ balance: 0, topups: 0 });
  });
});
