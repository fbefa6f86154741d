import { expect, type Page, type TestInfo } from "@playwright/test";
import { lastOutboxBody, withShopDb } from "./db.ts";

/** Fixtures and steps shared by the checkout specs. */

/** `Rs. 12,499`, as the shop writes amounts. */
export const rs = (n: number) => `Rs. ${n.toLocaleString("en-US")}`;

/** The amount beside a label in a totals list (cart, review or order), within `scope`. */
export const amountOf = (page: Page, label: string | RegExp, scope = "") =>
  page
    .locator(`${scope} .cart-totals dt`.trim(), { hasText: label })
    .first()
    .locator("xpath=following-sibling::dd[1]");

/** A new shopper, signed in through the API (the session cookie lands in the page's context). */
export async function signUp(page: Page, info: TestInfo, name: string) {
  const email = `${name}-${info.project.name}-${Date.now()}@example.com`;
  const res = await page.request.post("/api/auth/signup", {
    data: { firstName: "Hina", lastName: "Aslam", email, password: "correct-horse-1" },
    headers: { origin: info.project.use.baseURL ?? "" },
  });
  expect(res.ok()).toBe(true);
  return email;
}

export const productName = (id: string) =>
  withShopDb(async (db) => {
    const { rows } = await db.query<{ name: string }>("select name from products where id = $1", [
      id,
    ]);
    return rows[0]?.name ?? "";
  });

/**
 * The `offset`-th active product (by slug) that matches `where` (default: under Rs. 20,000),
 * with every variant set to `stock` units and active.
 */
export async function productWithStock(offset: number, stock: number, where = "p.price < 20000") {
  return withShopDb(async (db) => {
    const { rows } = await db.query<{ slug: string; id: string }>(
      `select p.slug, p.id from products p where p.active and ${where}
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

export const stockSum = (productId: string) =>
  withShopDb(async (db) => {
    const { rows } = await db.query<{ n: number }>(
      "select sum(stock)::int as n from variants where product_id = $1",
      [productId],
    );
    return rows[0]?.n ?? 0;
  });

export const lastCode = async (phone: string) =>
  // "… with code 123456, …" at checkout; "… is 123456, …" when a new code was asked for.
  (await lastOutboxBody(phone, "sms")).match(/(?:code|is) (\d{6})\b/)?.[1] ?? "";

/** The cart's count where a shopper sees it: the header on a desktop, the tab bar on a phone. */
export const visibleCartCount = (page: Page) => page.locator(".cart-count:visible");

/** Adds one unit from the product page and waits for the visible count to show `count`. */
export async function addFromProductPage(page: Page, slug: string, count = 1) {
  await page.goto(`/${slug}`);
  // Before hydration the button is a plain form post that opens /checkout; wait for the app.
  await page.waitForLoadState("networkidle");
  // Share is enabled once the page is hydrated: network idle alone comes first on a slow phone.
  await expect(page.getByRole("button", { name: "Share" })).toBeEnabled({ timeout: 15_000 });
  await page.locator("button.add-to-cart").click();
  // The count comes with the revalidated page, after the add: slow on a loaded 2-core machine.
  await expect(visibleCartCount(page)).toHaveText(String(count), { timeout: 15_000 });
}

export type TypedAddress = { phone: string; city?: string; province?: string; address?: string };

/**
 * Fills step one's address form: a guest's, or the address book's form a signed-in shopper gets
 * at /checkout/changeShippingAddress/add (or when the book is empty). Does not submit.
 */
export async function fillAddress(page: Page, phone: string, at: Partial<TypedAddress> = {}) {
  const step = page.locator(".checkout-step");
  await step.getByLabel("Full name").fill("Ayesha Khan");
  await step.getByLabel("Mobile number").fill(phone);
  await step.getByLabel("Province").selectOption(at.province ?? "Sindh");
  // A label wrapping a select is named with its chosen option too: find it by field name.
  await step.locator('select[name="city"]').selectOption(at.city ?? "Karachi");
  await step.locator('input[name="address"]').fill(at.address ?? "House 12, Street 4, DHA Phase 5");
}

/** Step one → two: the typed address (guest) or a new one saved to the book (signed in). */
export async function enterAddress(page: Page, phone: string, at: Partial<TypedAddress> = {}) {
  await expect(page.getByRole("heading", { name: /address/i, level: 2 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await fillAddress(page, phone, at);
  await page.getByRole("button", { name: /^(Continue to delivery|Save address)$/ }).click();
  await expect(page).toHaveURL(/\/checkout\?step=two$/);
}

/** Step two → three with the shipping method `method` (default: the one already chosen). */
export async function chooseDelivery(page: Page, method?: string | RegExp) {
  await expect(page.getByRole("heading", { name: "Delivery", level: 2 })).toBeVisible();
  if (method) await page.getByRole("radio", { name: method }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/checkout\/payments$/);
}

/** Step three → four with the payment method labelled `label` (default: as chosen). */
export async function choosePayment(page: Page, label?: string) {
  await expect(page.getByRole("heading", { name: "Payment", level: 2 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  if (label) await page.getByLabel(label, { exact: true }).check();
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page).toHaveURL(/\/checkout\?step=four$/);
  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
}

/**
 * From a page with a cart: /checkout, a typed address (a guest, or a signed-in shopper with an
 * empty address book), the default delivery, and on to the payment step.
 */
export async function toPaymentStep(page: Page, phone = "03001234567") {
  await page.goto("/checkout");
  await enterAddress(page, phone);
  await chooseDelivery(page);
}

/** Every step with the defaults (cash on delivery), ending on the review, ready to place. */
export async function toReview(page: Page, phone: string, payment?: string) {
  await toPaymentStep(page, phone);
  await choosePayment(page, payment);
}

/** The review's "Pay now" for an online method chosen at step three (`label`). */
export async function payOnReview(page: Page, label: string) {
  await choosePayment(page, label);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Pay now" }).click();
}

/** Credits a user's wallet as a top-up would: entry and balance together. */
export const creditWallet = (email: string, amount: number) =>
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

export const walletBalance = (email: string) =>
  withShopDb(async (db) => {
    const { rows } = await db.query<{ balance: number }>(
      "select w.balance from wallets w join users u on u.id = w.user_id where u.email = $1",
      [email],
    );
    return rows[0]?.balance ?? 0;
  });
