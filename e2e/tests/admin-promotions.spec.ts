import { expect, test } from "@playwright/test";
import { adminPage } from "./admin-helpers.ts";
import {
  addFromProductPage,
  amountOf,
  productName,
  productWithStock,
  rs,
  signUp,
} from "./checkout-helpers.ts";
import { withShopDb } from "./db.ts";
import { snapshot } from "./helpers.ts";

/**
 * Automatic promotions from the back-office (decision 061): a promotion on one product, made at
 * /admin/promotions, shows in the shopper's checkout; switched off, it is gone.
 */
test("a promotion made in /admin prices the cart, and switched off it stops @desktop-only", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  // Far past the offsets other journeys take (reviews.spec.ts takes 260 and 261); the seeded
  // promotions give at most 10% off a single unit, so this one is the cart's best.
  const product = await productWithStock(272, 5);
  const name = `One-product day ${Date.now().toString(36)}`;
  const admin = await adminPage(browser, info);
  await admin
    .getByRole("navigation", { name: "Back-office" })
    .getByRole("link", { name: "Promotions" })
    .click();
  const form = admin.getByRole("form", { name: "New promotion" });
  await form.getByLabel("Name (shown in the cart)").fill(name);
  await form.getByLabel("Kind").selectOption("percentage");
  await form.getByLabel("Percent or rupees off").fill("15");
  await form.getByLabel("Applies to").selectOption("product");
  // The picker (decision 064): found by name, chosen from the matches, listed by name.
  const productTitle = await productName(product.id);
  await admin.waitForLoadState("networkidle");
  await form.getByLabel("Find a product by name or SKU").fill(productTitle);
  await form
    .getByRole("list", { name: "Products: matches" })
    .getByRole("button", { name: productTitle })
    .first()
    .click();
  await expect(
    form.getByRole("list", { name: "Products: chosen" }).getByRole("listitem"),
  ).toContainText(productTitle);
  await form.getByRole("button", { name: "Make the promotion" }).click();
  await expect(admin.getByRole("status")).toHaveText(
    `“${name}” is made: carts price with it from now.`,
  );
  await expect(admin.getByRole("row").filter({ hasText: name })).toContainText(
    `15% off on ${productTitle}`,
  );
  await snapshot(admin, info, "admin-promotions");

  const email = await signUp(page, info, "admin-promotion");
  await addFromProductPage(page, product.slug);
  const price = await withShopDb(async (db) => {
    const { rows } = await db.query<{ price: number }>(
      `select v.price from cart_items ci join carts c on c.id = ci.cart_id
       join users u on u.id = c.user_id join variants v on v.id = ci.variant_id where u.email = $1`,
      [email],
    );
    return rows[0]?.price ?? 0;
  });
  await page.goto("/checkout");
  await expect(amountOf(page, `Promotion: ${name}`)).toHaveText(
    `−${rs(Math.floor((price * 15) / 100))}`,
  );
  await snapshot(page, info, "checkout-admin-promotion");

  await admin.getByRole("link", { name }).click();
  await admin.getByRole("button", { name: "Switch it off" }).click();
  await expect(admin.getByRole("status")).toHaveText(`“${name}” is off: carts no longer get it.`);
  await page.reload();
  await expect(page.getByText(`Promotion: ${name}`)).toHaveCount(0);
});

/**
 * The free gift is chosen with the picker as one variant (decision 064), and the edit page shows
 * it by name. Made switched off, so no cart gets it.
 */
test("a free gift is chosen by name with the picker @desktop-only", async ({ browser }, info) => {
  const gift = await productWithStock(274, 5);
  const giftName = await productName(gift.id);
  const name = `Gift pick ${Date.now().toString(36)}`;
  const admin = await adminPage(browser, info);
  await admin.goto("/admin/promotions");
  await admin.waitForLoadState("networkidle");
  const form = admin.getByRole("form", { name: "New promotion" });
  await form.getByLabel("Name (shown in the cart)").fill(name);
  await form.getByLabel("Kind").selectOption("free_gift");
  await form.getByLabel("Minimum of the lines in scope (Rs.)").fill("20000");
  await form.getByLabel("Find a variant by name or SKU").fill(giftName);
  const matches = form.getByRole("list", { name: "Free gift (one variant): matches" });
  await matches.getByRole("button", { name: giftName }).first().click();
  const chosen = form.getByRole("list", { name: "Free gift (one variant): chosen" });
  await expect(chosen.getByRole("listitem")).toHaveCount(1);
  await form.getByLabel("Switched on").uncheck();
  await form.getByRole("button", { name: "Make the promotion" }).click();
  await expect(admin.getByRole("status")).toHaveText(
    `“${name}” is made: carts price with it from now.`,
  );
  await admin.getByRole("link", { name }).click();
  await expect(admin.getByRole("heading", { name, level: 1 })).toBeVisible();
  const edit = admin.getByRole("form", { name: "Edit promotion" });
  await expect(
    edit.getByRole("list", { name: "Free gift (one variant): chosen" }).getByRole("listitem"),
  ).toContainText(giftName);
  await snapshot(admin, info, "admin-promotion-gift");
});
