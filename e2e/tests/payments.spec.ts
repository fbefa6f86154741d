import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { withShopDb } from "./db.ts";
import { snapshot } from "./helpers.ts";

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

async function toCheckout(page: Page, offset: number) {
  const product = await productAt(offset);
  await page.goto(`/${product.slug}`);
  await page.waitForLoadState("networkidle");
  await page.locator("button.add-to-cart").click();
  await expect(page.locator(".cart-count").first()).toHaveText("1");
  await page.goto("/checkout/payments");
  await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Full name").fill("Ayesha Khan");
  await page.getByLabel("Mobile number").fill("03001234567");
  await page.getByLabel("Province").selectOption("Sindh");
  await page.locator('.checkout-form select[name="city"]').selectOption("Karachi");
  await page.locator('.checkout-form input[name="address"]').fill("House 12, Street 4, DHA");
}

/** Picks the method, pays, and presses the sandbox's button for `outcome`. */
async function payThroughSandbox(
  page: Page,
  info: TestInfo,
  label: string,
  outcome: "Pay (success)" | "Decline (failure)" | "Cancel",
) {
  await page.getByLabel(label, { exact: true }).check();
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page).toHaveURL(/\/sandbox\//);
  const button = page.getByRole("button", { name: outcome });
  await expect(button).toBeVisible();
  await snapshot(page, info, `sandbox-${label.replace(/\W+/g, "-")}`);
  await button.click();
}

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
    await snapshot(page, info, `paid-${method}`);
  });
}

for (const [i, [method, label]] of METHODS.entries()) {
  test(`${method}: cancel → repayment page → cash on delivery`, async ({ page }, info) => {
    await toCheckout(page, slot(info, 10 + i));
    await payThroughSandbox(page, info, label, "Cancel");
    await expect(page).toHaveURL(/\/checkout\/repayment/, { timeout: 15_000 });
    await expect(page.getByRole("heading", { name: "Complete your payment" })).toBeVisible();
    await expect(page.getByTestId("payment-message")).toBeVisible();
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
    const message = page.getByTestId("payment-message");
    await expect(message).toBeVisible();
    await expect(message).not.toHaveText("");
    await snapshot(page, info, `failed-${method}`);
  });
}

test("Stripe shows its message and places nothing", async ({ page }, info) => {
  await toCheckout(page, slot(info, 30));
  await page.getByLabel("Stripe").check();
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Stripe not implemented yet. Proceed with COD" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/payments$/);
});
