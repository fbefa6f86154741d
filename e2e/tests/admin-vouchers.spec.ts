import { expect, test } from "@playwright/test";
import { adminPage } from "./admin-helpers.ts";
import {
  addFromProductPage,
  amountOf,
  chooseDelivery,
  choosePayment,
  enterAddress,
  productWithStock,
  rs,
  signUp,
} from "./checkout-helpers.ts";
import { withShopDb } from "./db.ts";
import { snapshot } from "./helpers.ts";

/**
 * Vouchers from the back-office (decision 061): an admin makes one at /admin/vouchers, a
 * shopper uses it at checkout, and the list shows the use.
 */
test("a voucher made in /admin is used at checkout @desktop-only", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const code = `ADMIN${Date.now().toString(36).toUpperCase()}`;
  const admin = await adminPage(browser, info);
  await admin
    .getByRole("navigation", { name: "Back-office" })
    .getByRole("link", { name: "Vouchers" })
    .click();
  await expect(admin.getByRole("heading", { name: "Vouchers", level: 1 })).toBeVisible();
  const form = admin.getByRole("form", { name: "New voucher" });
  await form.getByLabel("Code").fill(code.toLowerCase());
  await form.getByLabel("Description (shown to shoppers)").fill("Rs. 300 off from Rs. 500");
  await form.getByLabel("Kind").selectOption("fixed");
  await form.getByLabel("Amount (Rs. or %)").fill("300");
  await form.getByLabel("Minimum order (Rs.)").fill("500");
  await form.getByLabel("Uses in total (empty: no limit)").fill("5");
  await form.getByRole("button", { name: "Make the voucher" }).click();
  await expect(admin.getByRole("status")).toHaveText(`Voucher ${code} is made.`);
  const row = admin.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("Rs. 300 off");
  await expect(row).toContainText("Live");
  // The same code again: refused, with the reason.
  await form.getByLabel("Code").fill(code);
  await form.getByLabel("Amount (Rs. or %)").fill("50");
  await form.getByRole("button", { name: "Make the voucher" }).click();
  await expect(admin.getByRole("alert")).toHaveText(`The code ${code} is taken by another voucher`);
  await snapshot(admin, info, "admin-vouchers");

  // Far past the offsets other journeys take (reviews.spec.ts takes 260 and 261).
  const product = await productWithStock(270, 5);
  const email = await signUp(page, info, "admin-voucher");
  await addFromProductPage(page, product.slug);
  await page.goto("/checkout");
  await page.getByLabel("Voucher code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText(`Voucher ${code} applied`)).toBeVisible();
  await expect(amountOf(page, `Voucher ${code}`)).toHaveText(`−${rs(300)}`);
  await enterAddress(page, "03455555556");
  await chooseDelivery(page);
  await choosePayment(page);
  await expect(amountOf(page, `Voucher ${code}`)).toHaveText(`−${rs(300)}`);
  await snapshot(page, info, "checkout-admin-voucher");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/order-success\?id=[0-9a-f-]+/);
  const discount = await withShopDb(async (db) => {
    const { rows } = await db.query<{ discount: number }>(
      `select o.discount from orders o join users u on u.id = o.user_id where u.email = $1
       order by o.created_at desc limit 1`,
      [email],
    );
    return rows[0]?.discount;
  });
  expect(discount).toBe(300);

  await admin.reload();
  await expect(admin.getByRole("row").filter({ hasText: code })).toContainText("1 of 5");
  await admin.getByRole("link", { name: code }).click();
  await expect(admin.getByRole("heading", { name: `Voucher ${code}` })).toBeVisible();
  await admin.getByRole("button", { name: "End the voucher" }).click();
  await expect(admin.getByRole("status")).toHaveText(
    `Voucher ${code} is ended: it takes no new uses.`,
  );
  await snapshot(admin, info, "admin-voucher-ended");
});
