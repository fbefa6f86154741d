import { expect, type Page, test } from "@playwright/test";
import { withShopDb } from "./db.ts";
import { snapshot } from "./helpers.ts";

/**
 * Cart, checkout and orders (issue #5): guest COD checkout with the stock limit message and the
 * SMS-code confirmation from the dev outbox; a signed-in checkout cancelled with its stock back.
 * Each test takes its own product (by project) and sets its stock.
 */
async function productWithStock(offset: number, stock: number) {
  return withShopDb(async (db) => {
    const { rows } = await db.query<{ slug: string; id: string }>(
      `select p.slug, p.id from products p where p.active and p.price < 20000
       order by p.slug offset $1 limit 1`,
      [offset],
    );
    const row = rows[0];
    if (!row) throw new Error("no product");
    await db.query("update variants set stock = $2, active = true where product_id = $1", [
      row.id,
      stock,
    ]);
    return row;
  });
}

const stockSum = (productId: string) =>
  withShopDb(async (db) => {
    const { rows } = await db.query<{ n: number }>(
      "select sum(stock)::int as n from variants where product_id = $1",
      [productId],
    );
    return rows[0]?.n ?? 0;
  });

const lastCode = (phone: string) =>
  withShopDb(async (db) => {
    const { rows } = await db.query<{ body: string }>(
      `select body from dev_outbox where channel = 'sms' and recipient = $1 order by created_at desc limit 1`,
      [phone],
    );
    return rows[0]?.body.match(/code (\d{6})/)?.[1] ?? "";
  });

async function fillAddress(page: Page, phone: string) {
  await page.getByLabel("Full name").fill("Ayesha Khan");
  await page.getByLabel("Mobile number").fill(phone);
  await page.getByLabel("Province").selectOption("Sindh");
  // A label wrapping a select is named with its chosen option too: find these by field name.
  await page.locator('.checkout-form select[name="city"]').selectOption("Karachi");
  await page
    .locator('.checkout-form input[name="address"]')
    .fill("House 12, Street 4, DHA Phase 5");
}

test("guest: add to cart up to stock, COD checkout, confirm with the SMS code", async ({
  page,
}, info) => {
  const offset = info.project.name === "phone" ? 3 : 4;
  const product = await productWithStock(offset, 2);
  const phone = info.project.name === "phone" ? "03111111111" : "03222222222";
  await page.goto(`/${product.slug}`);
  const before = await stockSum(product.id);
  // Before hydration the button is a plain form post that opens /checkout; wait for the app.
  await page.waitForLoadState("networkidle");
  const add = page.locator("button.add-to-cart");
  await add.click();
  await expect(page.getByText("Added to cart").first()).toBeVisible();
  await expect(page.locator(".cart-count").first()).toHaveText("1");
  await add.click();
  await expect(page.locator(".cart-count").first()).toHaveText("2");
  await add.click();
  await expect(
    page.getByText("Only 2 left in stock (you already have 2 in your cart)").first(),
  ).toBeVisible();

  await page.goto("/cart");
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();
  await expect(page.getByLabel("Cash on delivery")).toBeChecked();
  await expect(page.getByText("Stripe not implemented yet. Proceed with COD")).toBeVisible();
  await snapshot(page, info, "cart-checkout");
  await fillAddress(page, phone);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/order-success-guest\?id=[0-9a-f-]+&amount=\d+/);
  await expect(page.getByRole("heading", { name: "Confirm your order" })).toBeVisible();
  expect(await stockSum(product.id)).toBe(before - 2);
  const code = await lastCode(`92${phone.slice(1)}`);
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel("Confirmation code").fill(code);
  await page.getByRole("button", { name: "Confirm order" }).click();
  await expect(page.getByText("Thank you! Your order is confirmed.")).toBeVisible();
  await expect(page.getByText("Your order is confirmed.", { exact: true })).toBeVisible();
});

test("signed in: checkout, order detail with timeline, cancel and stock comes back", async ({
  page,
}, info) => {
  const offset = info.project.name === "phone" ? 5 : 6;
  const product = await productWithStock(offset, 3);
  const email = `buyer-${info.project.name}-${Date.now()}@example.com`;
  const signup = await page.request.post("/api/auth/signup", {
    data: { firstName: "Bilal", lastName: "Ahmed", email, password: "correct-horse-1" },
    headers: {
      origin: new URL(page.url() === "about:blank" ? (info.project.use.baseURL ?? "") : page.url())
        .origin,
    },
  });
  expect(signup.ok()).toBe(true);
  await page.goto(`/${product.slug}`);
  const before = await stockSum(product.id);
  await page.waitForLoadState("networkidle");
  await page.locator("button.add-to-cart").click();
  await expect(page.locator(".cart-count").first()).toHaveText("1");
  await page.goto("/checkout");
  await fillAddress(page, "03333333333");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/order-success\?id=/);
  expect(await stockSum(product.id)).toBe(before - 1);
  await page.getByRole("link", { name: "See your order" }).click();
  await expect(page.getByRole("heading", { name: /^Order MD-\d+/ })).toBeVisible();
  await expect(page.getByRole("list", { name: "Order status" })).toBeVisible();
  await snapshot(page, info, "order-detail");
  await page.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByText("Your order is cancelled.")).toBeVisible();
  await expect(page.getByText("Cancelled — Cancelled by the customer")).toBeVisible();
  expect(await stockSum(product.id)).toBe(before);
  await page.goto("/my/orders");
  await expect(page.getByText("Cancelled").first()).toBeVisible();
});

/** Credits a user's wallet as a top-up would: entry and balance together. */
const creditWallet = (email: string, amount: number) =>
  withShopDb(async (db) => {
    await db.query(
      "insert into wallets (user_id) select id from users where email = $1 on conflict do nothing",
      [email],
    );
    await db.query(
      `with w as (select w.id from wallets w join users u on u.id = w.user_id where u.email = $1)
       insert into wallet_entries (wallet_id, amount, kind, reference, remark)
       select id, $2, 'credit', 'e2e', 'Test credit' from w`,
      [email, amount],
    );
    await db.query(
      "update wallets set balance = balance + $2 where user_id = (select id from users where email = $1)",
      [email, amount],
    );
  });

const walletBalance = (email: string) =>
  withShopDb(async (db) => {
    const { rows } = await db.query<{ balance: number }>(
      "select w.balance from wallets w join users u on u.id = w.user_id where u.email = $1",
      [email],
    );
    return rows[0]?.balance ?? 0;
  });

test("signed in: partial wallet spend with COD for the rest, refunded on cancel", async ({
  page,
}, info) => {
  const offset = info.project.name === "phone" ? 7 : 8;
  const product = await productWithStock(offset, 3);
  const email = `wallet-${info.project.name}-${Date.now()}@example.com`;
  const signup = await page.request.post("/api/auth/signup", {
    data: { firstName: "Sana", lastName: "Iqbal", email, password: "correct-horse-1" },
    headers: { origin: info.project.use.baseURL ?? "" },
  });
  expect(signup.ok()).toBe(true);
  await creditWallet(email, 500);
  await page.goto(`/${product.slug}`);
  await page.waitForLoadState("networkidle");
  await page.locator("button.add-to-cart").click();
  await expect(page.locator(".cart-count").first()).toHaveText("1");
  await page.goto("/checkout");
  await expect(page.getByText("Wallet balance: Rs. 500")).toBeVisible();
  await page.getByRole("button", { name: "Use wallet balance" }).click();
  await expect(page.getByText("Paid from wallet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop using wallet balance" })).toBeVisible();
  await snapshot(page, info, "checkout-wallet");
  await fillAddress(page, "03444444444");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/order-success\?id=/);
  expect(await walletBalance(email)).toBe(0);
  await page.getByRole("link", { name: "See your order" }).click();
  await page.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByText("Your order is cancelled.")).toBeVisible();
  expect(await walletBalance(email)).toBe(500);
});
