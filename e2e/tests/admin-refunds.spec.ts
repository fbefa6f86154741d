import { expect as baseExpect, type TestInfo, test } from "@playwright/test";
import { adminPage, deliverOrder, shopperOrder } from "./admin-helpers.ts";
import { productWithStock, signUp } from "./checkout-helpers.ts";
import { horizontalOverflow, snapshot } from "./helpers.ts";

/**
 * The back-office's refunds and customers (issue #14, decision 046) in a real browser, on a phone
 * and a desktop: the admin refunds the line of a delivered order to the shopper's wallet (an
 * empty form first: the shared schema's messages beside the fields) and the shopper sees the
 * credit on /my/wallet; the admin blocks a customer, whose session ends and who cannot log in.
 */
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** Each project its own product, apart from the other specs' slots. */
const slot = (info: TestInfo) => 230 + (info.project.name === "phone" ? 0 : 1);

test("the admin refunds a delivered order's line to the wallet, and the shopper sees it", async ({
  page,
  browser,
}, info) => {
  await signUp(page, info, "refund-journey");
  const order = await shopperOrder(page, info, await productWithStock(slot(info), 20));
  const admin = await adminPage(browser, info);
  await deliverOrder(admin, info, order._id);

  await admin.goto(`/admin/orders/${order._id}`);
  const refunds = admin.getByRole("region", { name: "Refunds" });
  await expect(refunds).toContainText("refunded Rs. 0");
  await admin.waitForLoadState("networkidle");

  // Nothing chosen, no reason: the messages beside the fields, nothing refunded.
  await refunds.getByRole("button", { name: "Refund" }).click();
  await expect(refunds.getByRole("alert")).toHaveText("Please correct the fields marked below.");
  await expect(admin.locator("#refund-lines-error")).toHaveText(
    "Choose the units to refund, or enter an amount (not both)",
  );
  await snapshot(admin, info, "admin-refund-errors");

  await refunds.locator('input[name^="qty:"]').first().fill("1");
  await refunds.getByLabel("Reason").fill("Arrived damaged");
  await expect(refunds.getByLabel("The shopper's wallet")).toBeChecked();
  await refunds.getByRole("button", { name: "Refund" }).click();
  const status = refunds.getByRole("status");
  await expect(status).toHaveText(/^Rs\. [\d,]+ refunded to the shopper's wallet\.$/);
  const amount = ((await status.textContent()) ?? "").replace(/ refunded.*/, "");
  await expect(refunds.getByRole("listitem")).toContainText(`${amount} to the wallet · refunded`);
  await expect(admin.getByText(`Refund of ${amount} to the wallet: Arrived damaged`)).toBeVisible();
  await snapshot(admin, info, "admin-refund-done");
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);

  await page.goto("/my/wallet");
  await expect(page.getByText(`Refund for order ${order.orderNo}: Arrived damaged`)).toBeVisible();
  await expect(page.getByText(amount).first()).toBeVisible();
  await snapshot(page, info, "shopper-wallet-refund");
  await admin.context().close();
});

test("the admin blocks a customer, whose session ends and who cannot log in", async ({
  page,
  browser,
}, info) => {
  const email = await signUp(page, info, "blocked");
  const admin = await adminPage(browser, info);
  await admin.getByRole("link", { name: "Customers" }).click();
  await expect(admin.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
  await admin.getByRole("searchbox", { name: "Search" }).fill(email);
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin).toHaveURL(/\/admin\/customers\?q=.+/);
  const row = admin.getByRole("row", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) });
  await expect(admin.getByRole("row")).toHaveCount(2);
  await snapshot(admin, info, "admin-customers");
  await row.getByRole("link", { name: "Hina Aslam" }).click();
  await expect(admin.getByRole("heading", { name: "Hina Aslam", level: 1 })).toBeVisible();
  await admin.waitForLoadState("networkidle");

  await admin.getByRole("button", { name: "Block account" }).click();
  await expect(admin.locator("#block-reason-error")).toHaveText(
    "Say why the account is blocked or unblocked",
  );
  await admin.getByLabel("Reason for blocking").fill("Chargebacks on three orders");
  await admin.getByRole("button", { name: "Block account" }).click();
  await expect(admin.getByRole("status")).toHaveText(
    "The account is blocked and signed out everywhere.",
  );
  await expect(admin.getByText("Chargebacks on three orders")).toBeVisible();
  await snapshot(admin, info, "admin-customer-blocked");
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);

  // The shopper's session is over: their account pages send them to the login page.
  await page.goto("/my/wallet");
  await expect(page).toHaveURL(/\/account\/login/);
  await page.waitForLoadState("networkidle");
  await page.getByLabel("E-mail or phone").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("correct-horse-1");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(
    page.getByText("This account is blocked. Please contact Maidan customer support"),
  ).toBeVisible();
  await snapshot(page, info, "blocked-login");
  await admin.context().close();
});
