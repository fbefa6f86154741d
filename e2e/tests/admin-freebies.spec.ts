import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { adminPage } from "./admin-helpers.ts";
import { productWithStock } from "./checkout-helpers.ts";
import { freshContext, snapshot } from "./helpers.ts";

/**
 * Freebie campaigns and the shipping table from the back-office (decision 061): a campaign made
 * at /admin/freebies opens at /freebies/{address} and is switched off again; the shipping table
 * shows its methods to edit. A campaign's picture, uploaded with the form, shows on the shop's
 * campaign page and in the list; without one the page shows the title alone.
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

/** The campaign picture on the shopper's page, loaded (not the error image). */
async function pictureShown(page: Page) {
  const picture = page.locator("img.freebie__image");
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
    .toBe(true);
  return (await picture.getAttribute("src")) ?? "";
}

test("a freebie campaign's picture uploaded in /admin shows on the shopper's page; without one the title stands alone", async ({
  browser,
}, info) => {
  test.setTimeout(90_000);
  const product = await productWithStock(276, 5);
  const slug = `freebie-picture-${info.project.name}-${Date.now().toString(36)}`;
  const title = `Free cap ${slug.slice(-6)}`;
  // A 1000 × 1000 PNG, green with an orange band: kept as WebP, 800 px a side.
  const picture = await sharp({
    create: { width: 1000, height: 1000, channels: 3, background: "#0b6e4f" },
  })
    .composite([
      {
        input: { create: { width: 1000, height: 200, channels: 3, background: "#f46b22" } },
        top: 400,
        left: 0,
      },
    ])
    .png()
    .toBuffer();
  const admin = await adminPage(browser, info);
  await admin.goto("/admin/freebies");
  const form = admin.getByRole("form", { name: "New campaign" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Address (/freebies/…)").fill(slug);
  await form
    .getByLabel("Products given away: their addresses or ids, one a line")
    .fill(product.slug);
  await form
    .getByLabel("Upload a picture for “Picture”")
    .setInputFiles({ name: "cap.png", mimeType: "image/png", buffer: picture });
  await form.getByRole("button", { name: "Make the campaign" }).click();
  await expect(admin.getByRole("status")).toHaveText(`“${title}” is made: /freebies/${slug}.`);

  // The edit page shows the picture now and its address in the field.
  await admin.getByRole("link", { name: title, exact: true }).click();
  const edit = admin.getByRole("form", { name: "Edit campaign" });
  await expect(edit.getByRole("img", { name: "The campaign's picture now" })).toBeVisible();
  await expect(edit.getByLabel("Picture", { exact: true })).toHaveValue(
    /^\/media\/content\/freebies\/[0-9a-f]{16}\.webp$/,
  );
  await snapshot(admin, info, "admin-freebie-picture");

  const shopper = await (await freshContext(browser, info)).newPage();
  await shopper.goto(`/freebies/${slug}`);
  await expect(shopper.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  expect(await pictureShown(shopper)).toContain("/img/");
  await snapshot(shopper, info, "freebie-picture");
  await shopper.goto("/freebies");
  const card = shopper.locator("article.freebie-card").filter({ hasText: title });
  await expect(card.locator("img.freebie-card__image")).toBeVisible();

  // The picture taken away: the campaign's page shows its title and terms alone.
  await edit.getByLabel("Picture", { exact: true }).fill("");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByRole("status")).toHaveText(`“${title}” is saved.`);
  await shopper.goto(`/freebies/${slug}`);
  await expect(shopper.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(shopper.locator("img.freebie__image")).toHaveCount(0);
  await snapshot(shopper, info, "freebie-no-picture");
});
