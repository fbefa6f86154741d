import { expect, test } from "@playwright/test";
import { withShopDb } from "./db.ts";

/** Vendor and store pages (spec §2: /v/{c}, /stores/{id}, /shop/{id}) and their 404s. */
async function vendorWithProducts(): Promise<{ id: string; slug: string; name: string }> {
  return withShopDb(async (db) => {
    const { rows } = await db.query<{ id: string; slug: string; name: string }>(
      `select v.id, v.slug, v.name from vendors v
       where (select count(*) from products p where p.vendor_id = v.id and p.active) > 0
       order by v.slug limit 1`,
    );
    if (!rows[0]) throw new Error("no vendor with products in the seed");
    return rows[0];
  });
}

test.describe("vendor and store pages", () => {
  test("/v/{c} lists one vendor's products, under the vendors directory", async ({ page }) => {
    const vendor = await vendorWithProducts();
    const res = await page.goto(`/v/${vendor.slug}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(vendor.name);
    await expect(page.locator(".product-tile").first()).toBeVisible();
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Vendors" })).toHaveAttribute("href", "/v");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/v/${vendor.slug}$`),
    );
    // Every tile is sold by this vendor: its product pages say so.
    await page.locator(".product-tile a").first().click();
    await expect(page.locator(".product-view__seller")).toContainText(vendor.name);
  });

  test("/stores/{slug} and /shop/{id} show the same store", async ({ page }) => {
    const vendor = await vendorWithProducts();
    for (const path of [`/stores/${vendor.slug}`, `/shop/${vendor.id}`]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(vendor.name);
      await expect(page.locator(".product-tile").first()).toBeVisible();
    }
  });

  for (const path of [
    "/v/no-such-vendor",
    "/stores/no-such-store",
    "/shop/no-such-shop",
    "/shop/00000000-0000-4000-8000-000000000000",
  ]) {
    test(`${path} is the 404 page`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.getByText("This page could not be found").first()).toBeVisible();
    });
  }
});
