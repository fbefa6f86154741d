import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { adminPage } from "./admin-helpers.ts";
import { toReview } from "./checkout-helpers.ts";
import { withShopDb } from "./db.ts";
import { freshContext, snapshot } from "./helpers.ts";

/**
 * The catalogue back-office (issue #15, decision 060): the admin creates a product with two
 * variants, uploads three images, reorders them and publishes it; a shopper finds it by its
 * Roman-Urdu word in search and buys it cash on delivery.
 */
const png = (color: string) =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: color } })
    .png()
    .toBuffer();

test("create a product with two variants and three images, publish it, find it and buy it", async ({
  browser,
}, info) => {
  test.setTimeout(120_000);
  const k = Date.now().toString(36);
  const name = `Kashmiri Khussa ${k}`;
  const word = `khussaywala${k}`;
  const admin = await adminPage(browser, info);

  await admin
    .getByRole("navigation", { name: "Back-office" })
    .getByRole("link", { name: "Products" })
    .click();
  await expect(admin.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
  await admin.getByRole("link", { name: "New product" }).click();
  await expect(admin.getByRole("heading", { name: "New product", level: 1 })).toBeVisible();

  const form = admin.getByRole("form", { name: "Product" });
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form
    .getByLabel("Description", { exact: true })
    .fill("Hand-stitched leather khussa from Multan.");
  await form.locator('select[name="categoryId"]').selectOption({ index: 1 });
  await form.locator('select[name="vendorId"]').selectOption({ index: 1 });
  // A sale price above the price: refused with the field named, nothing saved.
  const rows = [
    { sku: `KH-${k}-40`, size: "40", color: "Black", price: "3500", salePrice: "2999", stock: "5" },
    { sku: `KH-${k}-41`, size: "41", color: "Black", price: "3500", salePrice: "3900", stock: "3" },
  ];
  for (const [i, r] of rows.entries())
    for (const [f, v] of Object.entries(r)) await form.locator(`input[name="v${i}.${f}"]`).fill(v);
  await form.getByLabel(/Roman-Urdu words/).fill(word);
  await form.getByRole("button", { name: "Create product" }).click();
  await expect(admin.getByText("The sale price cannot be above the price")).toBeVisible();
  await form.locator('input[name="v1.salePrice"]').fill("");
  await form.getByRole("button", { name: "Create product" }).click();
  await expect(admin).toHaveURL(/\/admin\/products\/[0-9a-f-]+\?created$/);
  await expect(admin.getByText("The product is created.")).toBeVisible();
  const productId = /products\/([0-9a-f-]+)/.exec(admin.url())?.[1] ?? "";

  // Three images, each with its alt text.
  const upload = admin.getByRole("form", { name: "Upload an image" });
  for (const [i, color] of ["#7a3b12", "#1f2d5c", "#2e6b3a"].entries()) {
    await upload.getByLabel(/^Image/).setInputFiles({
      name: `khussa-${i + 1}.png`,
      mimeType: "image/png",
      buffer: await png(color),
    });
    await upload.getByLabel(/^Alt text/).fill(`Khussa, view ${i + 1}`);
    await upload.getByRole("button", { name: "Upload image" }).click();
    await expect(admin.getByTestId("admin-image")).toHaveCount(i + 1);
  }
  // The third image first, with the keyboard's (and no script's) buttons.
  const images = admin.getByTestId("admin-image");
  const altAt = (i: number) => images.nth(i).getByRole("img");
  await admin.getByRole("button", { name: "Move image 3 up" }).click();
  await expect(altAt(1)).toHaveAttribute("alt", "Khussa, view 3");
  await admin.getByRole("button", { name: "Move image 2 up" }).click();
  await expect(altAt(0)).toHaveAttribute("alt", "Khussa, view 3");
  await expect(admin.getByText("The images are in their new order.")).toBeVisible();

  // Dragged with a mouse (a phone's touch has the buttons): the last image onto the first place.
  if (info.project.name === "desktop") {
    await images.nth(2).dragTo(images.nth(0));
    await expect(altAt(0)).toHaveAttribute("alt", "Khussa, view 2");
    await admin.reload();
    await expect(altAt(0)).toHaveAttribute("alt", "Khussa, view 2");
  }

  // Published by the admin.
  await form.locator('select[name="status"]').selectOption("active");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(admin.getByText("Saved. The shop shows the change now.")).toBeVisible();
  await expect(admin.getByRole("link", { name: "View in the shop" })).toBeVisible();
  await snapshot(admin, info, "admin-product-editor");
  await admin.goto(`/admin/products?status=active&q=${encodeURIComponent(name)}`);
  await expect(admin.getByTestId("admin-product-row")).toHaveCount(1);
  await snapshot(admin, info, "admin-products-list");

  const slug = await withShopDb(async (db) => {
    const { rows: r } = await db.query<{ slug: string; status: string }>(
      "select slug, status from products where id = $1",
      [productId],
    );
    expect(r[0]?.status).toBe("active");
    return r[0]?.slug ?? "";
  });

  // A shopper finds it by the Roman-Urdu word and buys it, cash on delivery.
  const shopperContext = await freshContext(browser, info);
  const page = await shopperContext.newPage();
  await page.goto(`/search/${word}`);
  const tile = page.getByRole("link", { name: new RegExp(name) }).first();
  await expect(tile).toBeVisible();
  await tile.click();
  await expect(page).toHaveURL(new RegExp(`/${slug}$`));
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("button", { name: "Share" })).toBeEnabled({ timeout: 15_000 });
  await page.locator("button.add-to-cart").click();
  await expect(page.getByText("Added to cart").first()).toBeVisible();
  await toReview(page, "03451234567", "Cash on delivery");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/order-success-guest\?id=[0-9a-f-]+&amount=\d+/);
  const sold = await withShopDb(async (db) => {
    const { rows: r } = await db.query<{ n: number }>(
      "select count(*)::int as n from order_items where product_id = $1",
      [productId],
    );
    return r[0]?.n ?? 0;
  });
  expect(sold).toBe(1);
  await shopperContext.close();
});
