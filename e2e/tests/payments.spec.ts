import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type APIRequestContext, expect, type Page, type TestInfo, test } from "@playwright/test";
import {
  addFromProductPage,
  choosePayment,
  payOnReview,
  toPaymentStep,
} from "./checkout-helpers.ts";
import { withShopDb } from "./db.ts";
import { hydrated, snapshot } from "./helpers.ts";

/**
 * Online payment (issue #6) through each built-in sandbox gateway: the shopper picks a method on
 * /checkout, the storefront hands off exactly as spec §7 says, the sandbox page offers success,
 * failure or cancel, and the shop decides from the verified result. Each test takes its own
 * product (by method and project) so runs do not share stock.
 */
const METHODS = [
  ["HBL", "Credit / debit card (HBL)"],
  ["Keenu", "Bank account (Keenu)"],
  ["nift_pay_bank", "Bank account (NIFT ePay)"],
  ["nift_pay_card", "Card (NIFT ePay)"],
  ["alfalah_pay", "Bank Alfalah"],
  ["easypaisa", "Easypaisa"],
] as const;

/** How /order-success names each method once the order is paid (lib/payment-handoff.ts). */
const PAID_WITH: Record<string, string> = {
  HBL: "HBL Pay (credit / debit card)",
  Keenu: "Keenu (bank account)",
  nift_pay_bank: "NIFT ePay (bank account)",
  nift_pay_card: "NIFT ePay (card)",
  alfalah_pay: "Bank Alfalah",
  easypaisa: "Easypaisa",
};
/** The server's verified words after each sandbox's "Decline (failure)". */
const FAILED_WITH: Record<string, string> = {
  HBL: "Declined by issuer",
  Keenu: "Declined by bank",
  nift_pay_bank: "Transaction failed",
  nift_pay_card: "Transaction failed",
  alfalah_pay: "Bank Alfalah declined the payment (Failed).",
  easypaisa: "Transaction failed",
};
const CANCELLED = "You cancelled the payment. Pay again or choose cash on delivery.";
/** Easypay has no cancelled state: a cancel comes back FAILED with this reason. */
const CANCELLED_WITH: Record<string, string> = { easypaisa: "Transaction cancelled by customer" };
const unavailable = (name: string) =>
  `${name} is not answering right now. Please try again in a few minutes or choose cash on delivery.`;

async function productAt(offset: number) {
  return withShopDb(async (db) => {
    const { rows } = await db.query<{ slug: string; id: string }>(
      `select p.slug, p.id from products p where p.active and p.price < 20000
       order by p.slug desc offset $1 limit 1`,
      [offset],
    );
    const row = rows[0];
    if (!row) throw new Error("no product");
    await db.query("update variants set stock = 5, active = true where product_id = $1", [row.id]);
    return row;
  });
}

const orderState = (id: string) =>
  withShopDb(async (db) => {
    const { rows } = await db.query<{
      status: string;
      payment_status: string;
      payment_method: string;
    }>("select status, payment_status, payment_method from orders where id = $1", [id]);
    return rows[0];
  });

/** Adds one unit and walks to the payment step (a typed address, the default delivery). */
async function toCheckout(page: Page, offset: number, opts: { useWallet?: boolean } = {}) {
  const product = await productAt(offset);
  // Waits for the product view's hydration (a lazy chunk, after the root's): before it, the
  // button posts the form to /checkout.
  await addFromProductPage(page, product.slug);
  await toPaymentStep(page);
  if (opts.useWallet) {
    await page.getByRole("button", { name: "Use wallet balance" }).click();
    await expect(page.getByRole("button", { name: "Stop using wallet balance" })).toBeVisible();
  }
  await page.waitForLoadState("networkidle");
}

/** Picks the method at the payment step, pays from the review, and presses `outcome`. */
async function payThroughSandbox(
  page: Page,
  info: TestInfo,
  label: string,
  outcome: "Pay (success)" | "Decline (failure)" | "Cancel",
) {
  await payOnReview(page, label);
  await expect(page).toHaveURL(/\/sandbox\//);
  const button = page.getByRole("button", { name: outcome });
  await expect(button).toBeVisible();
  await snapshot(page, info, `sandbox-${label.replace(/\W+/g, "-")}`);
  await button.click();
}

/** A toast saying `text`: failures before the hand-off are toasts as well as form errors. */
const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]", { hasText: text }).first();

const slot = (info: TestInfo, n: number) => n * 2 + (info.project.name === "phone" ? 0 : 1);

for (const [i, [method, label]] of METHODS.entries()) {
  test(`${method}: success through the sandbox → order paid → /order-success`, async ({
    page,
  }, info) => {
    await toCheckout(page, slot(info, i));
    await payThroughSandbox(page, info, label, "Pay (success)");
    await expect(page).toHaveURL(/\/order-success\?id=[0-9a-f-]{36}&amount=\d+/, {
      timeout: 15_000,
    });
    const id = new URL(page.url()).searchParams.get("id") ?? "";
    expect(await orderState(id)).toMatchObject({ status: "confirmed", payment_status: "paid" });
    // The page says how it was paid, from the order itself.
    await expect(page.getByTestId("payment-line")).toHaveText(
      `paid online with ${PAID_WITH[method]}`,
    );
    await expect(page.getByText("Your order is confirmed.", { exact: true })).toBeVisible();
    await snapshot(page, info, `paid-${method}`);
  });
}

for (const [i, [method, label]] of METHODS.entries()) {
  test(`${method}: cancel → repayment page → cash on delivery`, async ({ page }, info) => {
    await toCheckout(page, slot(info, 10 + i));
    await payThroughSandbox(page, info, label, "Cancel");
    await expect(page).toHaveURL(/\/checkout\/repayment/, { timeout: 15_000 });
    await expect(page.getByRole("heading", { name: "Complete your payment" })).toBeVisible();
    await expect(page.getByTestId("payment-message")).toHaveText(
      CANCELLED_WITH[method] ?? CANCELLED,
    );
    await snapshot(page, info, `cancelled-${method}`);
    await page.getByLabel("Cash on delivery").check();
    await page.getByRole("button", { name: "Pay with cash on delivery" }).click();
    await expect(page).toHaveURL(/\/order-success\?id=/);
    const id = (new URL(page.url()).searchParams.get("id") ?? "").split(",")[0] ?? "";
    expect(await orderState(id)).toMatchObject({ payment_method: "COD" });
  });

  test(`${method}: failure → the gateway's message on the repayment page`, async ({
    page,
  }, info) => {
    await toCheckout(page, slot(info, 20 + i));
    await payThroughSandbox(page, info, label, "Decline (failure)");
    await expect(page).toHaveURL(/\/checkout\/repayment/, { timeout: 15_000 });
    // The gateway's reason as the server verified it (never the status call's "Success").
    await expect(page.getByTestId("payment-message")).toHaveText(FAILED_WITH[method] as string);
    await snapshot(page, info, `failed-${method}`);
  });
}

test("Stripe shows its message and places nothing", async ({ page }, info) => {
  await toCheckout(page, slot(info, 30));
  await page.getByLabel("Stripe").check();
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "Stripe not implemented yet. Proceed with COD" })
      .first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/payments$/);
});

/** A fresh shopper, signed in through the API (the session cookie lands in the page's context). */
async function signUp(request: APIRequestContext, info: TestInfo) {
  const email = `wallet-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await request.post("/api/auth/signup", {
    headers: { origin: String(info.project.use.baseURL).replace(/\/$/, "") },
    data: { firstName: "Sana", lastName: "Mir", email, password: "wallet-pass-123" },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).user._id as string;
}

const walletOf = (userId: string) =>
  withShopDb(async (db) => {
    const { rows } = await db.query<{ balance: number; sum: number }>(
      `select w.balance, (select coalesce(sum(amount), 0)::int from wallet_entries e
         where e.wallet_id = w.id) as sum from wallets w where w.user_id = $1`,
      [userId],
    );
    return rows[0] ?? { balance: 0, sum: 0 };
  });

/** Gives a new shopper `credit` rupees: the wallet, its balance and the matching ledger entry. */
const giveWallet = (userId: string, credit: number) =>
  withShopDb(async (db) => {
    const w = await db.query<{ id: string }>(
      "insert into wallets (user_id, balance) values ($1, $2) returning id",
      [userId, credit],
    );
    await db.query(
      "insert into wallet_entries (wallet_id, amount, kind, reference, remark) values ($1, $2, 'credit', 'e2e', 'Test credit')",
      [w.rows[0]?.id, credit],
    );
  });

/** Presses the Easypaisa sandbox's button once the shop has handed off to it. */
async function easypaisaSandbox(page: Page, amount: string, outcome: "Pay (success)") {
  await expect(page).toHaveURL(/\/sandbox\/easypaisa\/easypay\/Index\.jsf\?/);
  await expect(page.getByText(`PKR ${amount}`)).toBeVisible();
  await page.getByRole("button", { name: outcome }).click();
}

test("wallet top-up via Easypaisa: credited after the verified result, shown on /my/wallet", async ({
  page,
}, info) => {
  const userId = await signUp(page.request, info);
  await page.goto("/my/wallet");
  await expect(page.getByRole("heading", { name: "My wallet" })).toBeVisible();
  await expect(page.getByTestId("wallet-balance")).toHaveText("Rs. 0");
  await expect(page.getByText("No wallet activity yet.")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await snapshot(page, info, "wallet-empty");
  await page.getByLabel("Amount (Rs.)").fill("1500");
  await page.getByRole("button", { name: "Top up" }).click();
  await easypaisaSandbox(page, "1500.0", "Pay (success)");
  await expect(page).toHaveURL(/\/my\/wallet\?topup=paid$/, { timeout: 15_000 });
  await expect(page.getByText("Your top-up is in your wallet.")).toBeVisible();
  await expect(page.getByTestId("wallet-balance")).toHaveText("Rs. 1,500");
  await expect(page.locator(".wallet-entries li")).toHaveCount(1);
  await expect(page.locator(".wallet-entries li").first()).toContainText("+Rs. 1,500 · Top-up");
  await expect(page.locator(".wallet-entries li").first()).toContainText("Top-up by Easypaisa");
  expect(await walletOf(userId)).toEqual({ balance: 1500, sum: 1500 });
  await snapshot(page, info, "wallet-topped-up");
});

test("wallet top-up: an amount out of range is refused with the limits", async ({ page }, info) => {
  await signUp(page.request, info);
  await page.goto("/my/wallet");
  await page.waitForLoadState("networkidle");
  // The field's own min stops the form; the API says the same to a client that skips it.
  const res = await page.request.post("/api/pay/easypaisa_wallet", {
    headers: { origin: String(info.project.use.baseURL).replace(/\/$/, "") },
    data: { amount: 50, paymentMethod: "easypaisa_wallet" },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toBe("Top up between Rs. 100 and Rs. 50,000");
  await expect(page.getByLabel("Amount (Rs.)")).toHaveAttribute("min", "100");
});

test("mixed payment: the wallet pays part, Easypaisa the exact rest → order paid", async ({
  page,
}, info) => {
  const userId = await signUp(page.request, info);
  const credit = 300;
  await giveWallet(userId, credit);
  await toCheckout(page, slot(info, 40), { useWallet: true });
  await expect(page.locator(".wallet-toggle")).toContainText(`paying Rs. ${credit}`);
  const payCall = page.waitForRequest((r) => r.url().endsWith("/api/pay/easypaisa"));
  await payOnReview(page, "Easypaisa");
  // Spec §7: the call names the wallet it spends from.
  const walletId = await withShopDb(async (db) => {
    const { rows } = await db.query<{ id: string }>("select id from wallets where user_id = $1", [
      userId,
    ]);
    return rows[0]?.id;
  });
  expect((await payCall).postDataJSON()).toMatchObject({ useWallet: true, walletId });
  await expect(page).toHaveURL(/\/sandbox\/easypaisa\//);
  const amount = Number(new URL(page.url()).searchParams.get("amount"));
  await snapshot(page, info, "mixed-sandbox");
  await easypaisaSandbox(page, amount.toFixed(1), "Pay (success)");
  await expect(page).toHaveURL(/\/order-success\?id=[0-9a-f-]{36}&amount=\d+/, {
    timeout: 15_000,
  });
  const url = new URL(page.url());
  const id = url.searchParams.get("id") ?? "";
  const order = await withShopDb(async (db) => {
    const { rows } = await db.query<{
      status: string;
      payment_status: string;
      wallet_used: number;
      total: number;
      subtotal: number;
      discount: number;
      shipping: number;
    }>(
      "select status, payment_status, wallet_used, total, subtotal, discount, shipping from orders where id = $1",
      [id],
    );
    return rows[0];
  });
  expect(order).toMatchObject({ status: "confirmed", payment_status: "paid", wallet_used: credit });
  if (!order) throw new Error("no order");
  expect(order.total).toBe(order.subtotal - order.discount + order.shipping - credit);
  expect(amount).toBe(order.total);
  expect(Number(url.searchParams.get("amount"))).toBe(order.total);
  expect(await walletOf(userId)).toEqual({ balance: 0, sum: 0 });
});

test("a wallet that covers the order: cash on delivery is chosen, online methods are off, the API refuses them and keeps the cart", async ({
  page,
}, info) => {
  const userId = await signUp(page.request, info);
  const credit = 100_000; // more than any product under Rs. 20,000 plus delivery
  await giveWallet(userId, credit);
  await toCheckout(page, slot(info, 41), { useWallet: true });
  const payment = page.locator("#payment");
  await expect(payment.getByText("Your wallet balance covers this order")).toBeVisible();
  await expect(page.getByLabel("Cash on delivery")).toBeChecked();
  await expect(page.getByLabel("Cash on delivery")).toBeEnabled();
  for (const [, label] of METHODS)
    await expect(page.getByLabel(label, { exact: true })).toBeDisabled();
  await expect(page.getByLabel("Stripe")).toBeDisabled();
  await payment.scrollIntoViewIfNeeded();
  await snapshot(page, info, "wallet-covers-order");
  await choosePayment(page);
  await expect(page.locator("#payment .checkout-form__review")).toHaveText(
    "You pay Rs. 0 when your order arrives.",
  );
  await expect(page.getByRole("button", { name: "Place order" })).toBeEnabled();

  // A client that asks for an online payment anyway is refused before anything is placed.
  const res = await page.request.post("/api/pay/nift_pay", {
    headers: { origin: String(info.project.use.baseURL).replace(/\/$/, "") },
    data: {
      address: {
        fullName: "Ayesha Khan",
        phone: "03001234567",
        province: "Sindh",
        city: "Karachi",
        address: "House 12, Street 4, DHA",
      },
      paymentMethod: "NiftPayBank",
      useWallet: true,
    },
  });
  expect(res.status()).toBe(400);
  expect(await res.json()).toMatchObject({
    message:
      "Your wallet balance covers this order, so there is nothing to pay online. Please choose Cash on Delivery.",
    status: 400,
  });
  expect(await walletOf(userId)).toEqual({ balance: credit, sum: credit });
  await page.reload();
  // The cart is kept: the review still lists its line.
  await expect(page.locator(".review .cart-line")).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/order-success\?id=[0-9a-f-]{36}&amount=0$/, {
    timeout: 15_000,
  });
  const id = new URL(page.url()).searchParams.get("id") ?? "";
  const order = await withShopDb(async (db) => {
    const { rows } = await db.query<{ payment_method: string; total: number; wallet_used: number }>(
      "select payment_method, total, wallet_used from orders where id = $1",
      [id],
    );
    return rows[0];
  });
  expect(order).toMatchObject({ payment_method: "COD", total: 0 });
  const left = await walletOf(userId);
  expect(left.balance).toBe(credit - (order?.wallet_used ?? 0));
  expect(left.sum).toBe(left.balance);
});

/** An admin's bearer token: the sandbox faults switch is admin-only in production, as here. */
async function adminToken(request: APIRequestContext, info: TestInfo) {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (see e2e/playwright.config.ts)");
  const password = readFileSync(join(dir, "admin-password"), "utf8").trim();
  const res = await request.post("/api/auth/local", {
    headers: { origin: String(info.project.use.baseURL).replace(/\/$/, "") },
    data: { email: "admin@maidan.pk", password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token as string;
}

/**
 * Slows or breaks this page's shopper's sandbox calls only (the guest cookie names them), so
 * tests paying at the same time elsewhere are not touched. An empty rule clears it.
 */
async function faultsFor(
  page: Page,
  request: APIRequestContext,
  info: TestInfo,
  rule: { latencyMs?: number; fail?: "error" | "timeout" },
) {
  const shopper = (await page.context().cookies()).find((c) => c.name === "guest")?.value;
  if (!shopper) throw new Error("no guest cookie yet");
  const res = await request.post("/sandbox/faults", {
    headers: { authorization: `Bearer ${await adminToken(request, info)}` },
    data: { ...rule, shopper },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test("the payment loader (§4): on while HBL is slow, off with 'There is something wrong with payment provider!' when it fails", async ({
  page,
  request,
}, info) => {
  await toCheckout(page, slot(info, 31));
  await faultsFor(page, request, info, { latencyMs: 1500, fail: "error" });
  try {
    const hbl = "Credit / debit card (HBL)";
    await payOnReview(page, hbl);
    const busy = page.getByRole("button", { name: "Taking you to the payment page…" });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute("aria-busy", "true");
    await snapshot(page, info, "payment-loader");
    // Off on failure, with §8's hosted-bank message (a toast, which outlives the review page);
    // the waiting order goes on to repayment, which shows the server's account of that attempt.
    await expect(toast(page, "There is something wrong with payment provider!")).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/repayment\?rePayId=[0-9a-f-]{36}$/);
    await expect(page.getByTestId("payment-message")).toHaveText(unavailable("HBL Pay"));

    // From the repayment page the loader comes back to a ready button, beside the message.
    await page.getByLabel(hbl, { exact: true }).check();
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(busy).toBeVisible();
    const ready = page.getByRole("button", { name: "Pay now" });
    await expect(ready).toBeEnabled({ timeout: 10_000 });
    await expect(ready).toHaveAttribute("aria-busy", "false");
    await expect(
      page.locator(".form-error[role=alert]", {
        hasText: "There is something wrong with payment provider!",
      }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/repayment/);
    await snapshot(page, info, "payment-loader-off");
  } finally {
    await faultsFor(page, request, info, {});
  }
});

test("a gateway whose status is false: the server's message is shown (§5, §8)", async ({
  page,
  request,
}, info) => {
  await toCheckout(page, slot(info, 32));
  await faultsFor(page, request, info, { fail: "error" });
  try {
    await payOnReview(page, "Bank Alfalah");
    await expect(toast(page, unavailable("Bank Alfalah"))).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/repayment\?rePayId=/);
    await expect(page.getByTestId("payment-message")).toHaveText(unavailable("Bank Alfalah"));
  } finally {
    await faultsFor(page, request, info, {});
  }
});

test("a method the storefront does not know: 'The checkout service {name} not yet implemented', nothing sent", async ({
  page,
}, info) => {
  await signUp(page.request, info);
  await page.goto("/my/wallet");
  await page.waitForLoadState("networkidle");
  await hydrated(page);
  const calls: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/pay/")) calls.push(r.url());
  });
  // An old or altered page asks for a method this storefront has never heard of.
  await page.locator('input[name="paymentMethod"]').evaluate((el) => {
    (el as HTMLInputElement).value = "jazzcash_wallet";
  });
  await page.getByLabel("Amount (Rs.)").fill("500");
  await page.getByRole("button", { name: "Top up" }).click();
  await expect(
    page.locator(".form-error[role=alert]", {
      hasText: "The checkout service jazzcash_wallet not yet implemented",
    }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Top up" })).toBeEnabled();
  expect(calls).toEqual([]);
  await expect(page).toHaveURL(/\/my\/wallet$/);
});

test("paying again after the hold ended: 409 'The time to pay for this order has run out'", async ({
  page,
}, info) => {
  await toCheckout(page, slot(info, 33));
  await payThroughSandbox(page, info, "Bank account (NIFT ePay)", "Decline (failure)");
  await expect(page).toHaveURL(/\/checkout\/repayment\?rePayId=/, { timeout: 15_000 });
  const checkoutId = new URL(page.url()).searchParams.get("rePayId");
  // The clock passes PAYMENT_HOLD_MINUTES; whether or not the job has released the order by the
  // time the shopper presses Pay now, the answer is the same.
  await withShopDb((db) =>
    db.query("update orders set confirm_by = now() - interval '1 minute' where checkout_id = $1", [
      checkoutId,
    ]),
  );
  await page.getByLabel("Bank account (NIFT ePay)", { exact: true }).check();
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(
    page.locator(".form-error[role=alert]", {
      hasText: "The time to pay for this order has run out",
    }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay now" })).toBeEnabled();
});

test("the repayment page shows only the server's result, never a message from its URL", async ({
  page,
}) => {
  await page.goto(
    `/checkout/repayment?${new URLSearchParams({ rePayId: "00000000-0000-0000-0000-000000000000", status: "paid", message: "Your order is paid, no need to pay" })}`,
  );
  await expect(page.getByRole("heading", { name: "Complete your payment" })).toBeVisible();
  await expect(page.getByText("Your order is paid, no need to pay")).toHaveCount(0);
  await expect(page.getByTestId("payment-message")).toHaveCount(0);
});

test("cancelling an order paid online on /my/orders/{id}: the shopper chooses the wallet, and the money is back at once", async ({
  page,
}, info) => {
  const userId = await signUp(page.request, info);
  await toCheckout(page, slot(info, 34));
  await payThroughSandbox(page, info, "Bank account (NIFT ePay)", "Pay (success)");
  await expect(page).toHaveURL(/\/order-success\?id=[0-9a-f-]{36}&amount=\d+/, {
    timeout: 15_000,
  });
  const url = new URL(page.url());
  const id = url.searchParams.get("id") ?? "";
  const total = Number(url.searchParams.get("amount"));
  await page.goto(`/my/orders/${id}`);
  await expect(page.getByText("NIFT ePay (bank account) · paid")).toBeVisible();
  // Cancelling asks first (issue #18): the refund's choice is part of the question.
  await page.locator("summary", { hasText: "Cancel order" }).click();
  const choice = page.getByRole("group", {
    name: `If you cancel, where should the Rs. ${total.toLocaleString("en-US")} you paid online go?`,
  });
  await expect(choice).toBeVisible();
  await page.waitForLoadState("networkidle");
  await snapshot(page, info, "cancel-paid-order");
  await choice.getByLabel("To my Maidan wallet, at once").check();
  await page.getByRole("button", { name: "Yes, cancel this order" }).click();
  const money = `Rs. ${total.toLocaleString("en-US")}`;
  await expect(
    toast(page, `Your order is cancelled. ${money} is back in your wallet.`),
  ).toBeVisible();
  await expect(page.getByText(`${money} refunded to your wallet.`)).toBeVisible();
  await expect(page.getByText("NIFT ePay (bank account) · refunded")).toBeVisible();
  await expect(page.locator("summary", { hasText: "Cancel order" })).toHaveCount(0);
  await snapshot(page, info, "cancelled-paid-order");
  expect(await orderState(id)).toMatchObject({ status: "cancelled", payment_status: "refunded" });
  expect(await walletOf(userId)).toEqual({ balance: total, sum: total });
});
