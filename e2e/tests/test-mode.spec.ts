import { expect, type Page, test } from "@playwright/test";
import { horizontalOverflow, snapshot } from "./helpers.ts";

/**
 * Test mode (decision 024): this server takes sandbox payments (PAYMENTS_SANDBOX=true in
 * production, as `npm start` and these tests run it), so every storefront page and every
 * sandbox page says so at the top, readable and without sideways scrolling on a 360 px phone.
 */
const RIBBON =
  "Test mode · sandbox payments, no real money moves. SMS and e-mail go to the outbox.";

async function ribbonOn(page: Page) {
  const ribbon = page.getByRole("note").filter({ hasText: "Test mode" }).first();
  await expect(ribbon).toBeVisible();
  // It is the first thing on the page, in the page's flow (it covers nothing).
  expect(await ribbon.evaluate((el) => el === document.body.firstElementChild)).toBe(true);
  expect(await ribbon.evaluate((el) => getComputedStyle(el).position)).toBe("static");
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  return ribbon;
}

test("every kind of storefront page shows the test-mode ribbon", async ({ page }, info) => {
  // The ribbon is written by the server outside React's tree: hydration must not mind it.
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const ribbon = await ribbonOn(page);
  await expect(ribbon).toHaveText(RIBBON);
  expect(errors).toEqual([]);
  // The first screen as the shopper sees it, ribbon on top.
  await page.screenshot({ path: info.outputPath(`test-mode-home-top-${info.project.name}.png`) });
  await snapshot(page, info, "test-mode-home");
  // After hydration it stays through client-side navigation.
  const product = (await page.locator(".product-tile a").first().getAttribute("href")) ?? "/";
  await page.locator(".product-tile a").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await ribbonOn(page);
  for (const path of [product, "/checkout", "/account/login", "/help-center", "/no-such-page"]) {
    await page.goto(path);
    await ribbonOn(page);
  }
  await page.screenshot({ path: info.outputPath(`test-mode-404-top-${info.project.name}.png`) });
});

test("a sandbox gateway's page shows the ribbon too", async ({ page }, info) => {
  await page.goto("/sandbox/hbl/HBLPay/Site/checkout?data=");
  const ribbon = await ribbonOn(page);
  await expect(ribbon).toHaveText("Test mode · sandbox gateway: no real money moves");
  await expect(page).toHaveTitle("HBLPay (test mode)");
  await snapshot(page, info, "test-mode-sandbox");
});
