import { expect, test } from "@playwright/test";
import { adminPage } from "./admin-helpers.ts";
import { productWithStock } from "./checkout-helpers.ts";
import { snapshot } from "./helpers.ts";

/**
 * Freebie campaigns and the shipping table from the back-office (decision 061): a campaign made
 * at /admin/freebies opens at /freebies/{address} and is switched off again; the shipping table
 * shows its methods to edit.
 */
test("a freebie campaign made in /admin opens in the shop, and switched off it closes @desktop-only", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  const product = await productWithStock(274, 5);
  const slug = `admin-freebie-${Date.now().toString(36)}`;
  const title = `Free gift ${slug.slice(-6)}`;
  const admin = await adminPage(browser, info);
  await admin
    .getByRole("navigation", { name: "Back-office" })
    .getByRole("link", { name: "Freebies" })
    .click();
  const form = admin.getByRole("form", { name: "New campaign" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Address (/freebies/…)").fill(slug);
  await form.getByLabel("Minimum order (Rs.)").fill("2500");
  await form
    .getByLabel("Products given away: their addresses or ids, one a line")
    .fill(product.slug);
  await form.getByRole("button", { name: "Make the campaign" }).click();
  await expect(admin.getByRole("status")).toHaveText(`“${title}” is made: /freebies/${slug}.`);
  await expect(admin.getByRole("row").filter({ hasText: title })).toContainText(
    "1 of 1 from Rs. 2,500",
  );
  await snapshot(admin, info, "admin-freebies");
  // Edited on its own page: the minimum goes up.
  await admin.getByRole("link", { name: title, exact: true }).click();
  const edit = admin.getByRole("form", { name: "Edit campaign" });
  await edit.getByLabel("Minimum order (Rs.)").fill("3000");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByRole("status")).toHaveText(`“${title}” is saved.`);
  await admin.getByRole("link", { name: "← Freebie campaigns" }).click();
  await expect(admin.getByRole("row").filter({ hasText: title })).toContainText(
    "1 of 1 from Rs. 3,000",
  );

  await page.goto(`/freebies/${slug}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  await admin.getByRole("button", { name: `Switch off ${title}` }).click();
  await expect(admin.getByRole("status")).toHaveText(`“${title}” is off: no new claims.`);
  const gone = await page.goto(`/freebies/${slug}`);
  expect(gone?.status()).toBe(404);

  await admin.goto("/admin/settings");
  await admin.getByRole("link", { name: "Shipping by city →" }).click();
  await expect(admin.getByRole("heading", { name: "Shipping by city", level: 1 })).toBeVisible();
  await expect(admin.getByRole("form", { name: "New shipping method" })).toBeVisible();
  await snapshot(admin, info, "admin-shipping");
});
