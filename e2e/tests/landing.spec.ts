import { expect, test } from "@playwright/test";
import { horizontalOverflow, snapshot } from "./helpers.ts";

// Issue #3: landing pages come from the database, none is an empty placeholder.
test.describe("landing pages", () => {
  test("the summer collection shows its entry, category links and products", async ({
    page,
  }, info) => {
    await page.goto("/women-summer-collection");
    await expect(page.getByRole("heading", { level: 1, name: "Summer Collection" })).toBeVisible();
    await expect(page.getByText("Breathable lawn, easy tops and light shoes")).toBeVisible();
    await expect(page.getByText("opens soon")).toHaveCount(0);
    const nav = page.getByRole("navigation", { name: "Shop by category" });
    await expect(nav.getByRole("link", { name: "Eastern Wear" })).toHaveAttribute(
      "href",
      "/women-eastern-wear",
    );
    // Its own banner, not the Eid collection's (issue #18).
    const art = page.locator(".landing__art img, .landing__art source");
    await expect(art.first()).toBeAttached();
    await expect(
      page.locator(
        ".landing__art [src*='eid-collection'], .landing__art [srcset*='eid-collection']",
      ),
    ).toHaveCount(0);
    expect(await page.locator(".product-tile").count()).toBeGreaterThan(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await snapshot(page, info, "summer-collection");
  });

  test("the sale shows its headline, discount and discounted products", async ({ page }, info) => {
    await page.goto("/sale");
    await expect(page.getByRole("heading", { level: 1, name: "Mega Sale" })).toBeVisible();
    await expect(page.getByText("Up to 50% off")).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Shop by category" }).getByRole("link", {
        name: "Men's Shoes",
      }),
    ).toBeVisible();
    // Every tile on the sale page shows a struck-through original price.
    const tiles = page.locator(".product-tile");
    expect(await tiles.count()).toBeGreaterThan(0);
    await expect(tiles.first().locator("s, del")).toHaveCount(1);
    await snapshot(page, info, "sale");
  });

  test("/pages/{route} renders another entry with its products", async ({ page }) => {
    await page.goto("/pages/eid-collection");
    await expect(page.getByRole("heading", { level: 1, name: "Eid Collection" })).toBeVisible();
    expect(await page.locator(".product-tile").count()).toBeGreaterThan(0);
  });

  test("daily juice shows today's deals", async ({ page }, info) => {
    await page.goto("/daily_juice");
    await expect(page.getByRole("heading", { level: 1, name: "Daily Juice" })).toBeVisible();
    await expect(page.getByText(/^Deals for \w+day, \d+ \w+$/)).toBeVisible();
    const tiles = page.locator(".product-tile");
    await expect(tiles).toHaveCount(8);
    await expect(page.getByText("opens soon")).toHaveCount(0);
    await snapshot(page, info, "daily-juice");
  });
});
