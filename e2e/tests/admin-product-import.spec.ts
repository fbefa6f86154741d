import { expect as baseExpect, test } from "@playwright/test";
import { adminPage } from "./admin-helpers.ts";
import { withShopDb } from "./db.ts";
import { horizontalOverflow, hydrated, snapshot } from "./helpers.ts";

/**
 * Product CSV import (issue #15, decision 063) on a phone and a desktop: the admin uploads a
 * file with a bad row and sees it named by line and column, uploads the mended file, starts it,
 * follows the progress to the end, and finds the new product in the shop's search.
 */
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const COLUMNS =
  "slug,name,category,brand,store,status,description,keywords,synonyms,seo_title,seo_description,sku,size,color,price,sale_price,stock";

test("a CSV checked, mended, imported with a progress bar, and its product found in the shop", async ({
  browser,
  page,
}, info) => {
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const [category, brand, store] = await withShopDb(async (db) => {
    const one = async (q: string) => String((await db.query<{ slug: string }>(q)).rows[0]?.slug);
    return [
      await one(
        "select slug from categories c where not exists (select 1 from categories k where k.parent_id = c.id) order by slug limit 1",
      ),
      await one("select slug from brands order by slug limit 1"),
      await one("select slug from vendors order by slug limit 1"),
    ];
  });
  const name = `Imported Khaddar Shawl ${tag}`;
  const row = (sku: string, size: string, price: string, sale: string) =>
    [
      `khaddar-shawl-${tag}`,
      name,
      category,
      brand,
      store,
      "active",
      "Warm khaddar for winter",
      "shawl winter",
      "chadar",
      "",
      "",
      `KS-${tag}-${sku}`,
      size,
      "Brown",
      price,
      sale,
      "12",
    ].join(",");
  const file = (rows: string[]) => ({
    name: "shawls.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${COLUMNS}\n${rows.join("\n")}\n`),
  });

  const admin = await adminPage(browser, info);
  await admin.getByRole("link", { name: "Products", exact: true }).click();
  await admin.getByRole("link", { name: "Import or export CSV" }).click();
  await hydrated(admin);
  await expect(admin.getByRole("heading", { name: "Import products", level: 1 })).toBeVisible();

  // A sale price above the price: named, nothing imported.
  await admin.getByLabel(/CSV file/).setInputFiles(file([row("S", "S", "3000", "3500")]));
  await admin.getByRole("button", { name: "Check the file" }).click();
  await expect(admin.getByRole("heading", { name: "shawls.csv" })).toBeVisible();
  await expect(admin.getByRole("alert")).toContainText("nothing was imported");
  const errors = admin.getByRole("table");
  await expect(errors).toContainText("sale_price");
  await expect(errors).toContainText("The sale price cannot be above the price");
  await expect(admin.getByRole("button", { name: /^Import/ })).toHaveCount(0);
  await snapshot(admin, info, "admin-import-errors");
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);

  // Mended: two sizes of one product.
  await admin.getByRole("link", { name: "← Imports" }).click();
  await admin
    .getByLabel(/CSV file/)
    .setInputFiles(file([row("S", "S", "3000", "2499"), row("M", "M", "3000", "2499")]));
  await admin.getByRole("button", { name: "Check the file" }).click();
  await expect(admin.getByText("1 (1 new, 0 updated)")).toBeVisible();
  await hydrated(admin);
  await admin.getByRole("button", { name: "Import 1 product" }).click();
  await expect(admin.getByText("Done: 1 product written.")).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByRole("progressbar")).toHaveAttribute("value", "1");
  await snapshot(admin, info, "admin-import-done");

  // In the shop: found by search, at its sale price.
  await page.goto("/search?q=khaddar+shawl");
  await expect(page.getByRole("link", { name: new RegExp(name) }).first()).toBeVisible();
  await page
    .getByRole("link", { name: new RegExp(name) })
    .first()
    .click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText("Rs. 2,499").first()).toBeVisible();
});
