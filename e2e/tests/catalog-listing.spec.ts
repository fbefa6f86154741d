import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { horizontalOverflow, snapshot } from "./helpers.ts";

/** Opens the filters panel (folded on phones until a filter is active; always open on desktops). */
async function openFilters(page: Page) {
  const panel = page.locator("details.filters__panel");
  const summary = panel.locator("summary");
  if (
    !(await panel.evaluate((d) => (d as HTMLDetailsElement).open)) &&
    (await summary.isVisible())
  ) {
    await summary.click();
  }
}

test.describe("category listing", () => {
  test("home → category → filter → product", async ({ page }, info) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Men", exact: true }).first().click();
    await expect(page).toHaveURL(/\/men$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Men");
    await expect(page.locator(".product-tile").first()).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await snapshot(page, info, "listing");

    await openFilters(page);
    const brand = page.locator('fieldset:has(legend:text-is("Brand")) label').first();
    const label = (await brand.locator("span").first().textContent())?.trim() ?? "";
    await brand.locator("input").check();
    await expect(page).toHaveURL(/brand=/);
    await expect(page.locator(".product-tile__brand").first()).toHaveText(label);
    const brands = await page.locator(".product-tile__brand").allTextContents();
    expect(new Set(brands)).toEqual(new Set([label]));

    const tile = page.locator(".product-tile").first();
    const name = (await tile.locator(".product-tile__name").textContent())?.trim() ?? "";
    await tile.locator("a").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });

  test("the filters stand open beside the grid on desktops and behind a toggle on phones", async ({
    page,
  }, info) => {
    await page.goto("/men");
    const brandLegend = page.locator("legend", { hasText: "Brand" });
    const summary = page.locator("details.filters__panel > summary");
    if (info.project.name === "desktop") {
      // Open from the first paint, no click: the groups sit left of the first tile.
      await expect(brandLegend).toBeVisible();
      await expect(summary).toBeHidden();
      const [legend, tile] = await Promise.all([
        brandLegend.boundingBox(),
        page.locator(".product-tile").first().boundingBox(),
      ]);
      expect((legend?.x ?? 0) + (legend?.width ?? 0)).toBeLessThan(tile?.x ?? 0);
    } else {
      await expect(summary).toBeVisible();
      await expect(summary).toHaveText("Filters");
      await expect(brandLegend).toBeHidden();
      // A keyboard toggle too: the summary takes focus and Enter opens it.
      await summary.focus();
      await page.keyboard.press("Enter");
      await expect(brandLegend).toBeVisible();
      await page.keyboard.press("Enter");
      await expect(brandLegend).toBeHidden();
    }
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await snapshot(page, info, "filters");
  });

  test("filters by vendor: the count matches the shown total", async ({ page }, info) => {
    await page.goto("/men");
    await page.waitForLoadState("networkidle");
    await openFilters(page);
    const vendor = page.locator('fieldset:has(legend:text-is("Sold by")) label').first();
    const count = Number(
      (await vendor.locator(".filters__count").textContent())?.replace(/\D/g, ""),
    );
    expect(count).toBeGreaterThan(0);
    await vendor.locator("input").check();
    await expect(page).toHaveURL(/vendor=[a-z0-9-]+/);
    await expect(page.locator(".listing__count")).toHaveText(
      `${count.toLocaleString("en-US")} products`,
    );
    // The summary says a filter is on (phones), and the vendor stays ticked.
    if (info.project.name === "phone") {
      await expect(page.locator("details.filters__panel > summary")).toContainText("(1 on)");
    }
    await expect(page.locator('fieldset:has(legend:text-is("Sold by")) input:checked')).toHaveCount(
      1,
    );
  });

  test("back and forward restore the filters and the scroll position", async ({ page }) => {
    await page.goto("/men?sort=price-asc");
    // Changes made before hydration are not seen by React (the Apply button covers no-JS).
    await page.waitForLoadState("networkidle");
    await openFilters(page);
    await page.getByLabel(/In stock/).check();
    await expect(page).toHaveURL(/inStock=true/);
    // The URL changes before the filtered list arrives: scroll only once it has replaced the old
    // one, or the page reflows under the measured position.
    await page.waitForLoadState("networkidle");
    const tiles = page.locator(".product-tile");
    await expect(tiles.nth(5)).toBeVisible();
    // Scrolled in the page in one step: the list can still be swapped for its revalidated copy,
    // which detaches a tile Playwright had already picked.
    await expect
      .poll(() =>
        page.evaluate(() => {
          document.querySelectorAll(".product-tile")[5]?.scrollIntoView({ block: "center" });
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(100);
    const y = await page.evaluate(() => window.scrollY);
    await tiles.nth(5).locator("a").first().click();
    await expect(page).not.toHaveURL(/\/men\?/);

    await page.goBack();
    await expect(page).toHaveURL(/\/men\?.*inStock=true/);
    await expect(page.getByLabel(/In stock/)).toBeChecked();
    await expect(page.locator("#listing-sort")).toHaveValue("price-asc");
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 })
      .toBeGreaterThan(y - 150);

    await page.goForward();
    await expect(page).not.toHaveURL(/\/men\?/);
  });

  test("infinite scroll appends the next page and real page links stay underneath", async ({
    page,
  }) => {
    await page.goto("/men");
    const next = page.getByRole("link", { name: "Next page" });
    await expect(next).toHaveAttribute("href", /page=2/);
    const before = await page.locator(".product-tile").count();
    await page.locator(".listing__sentinel").scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator(".product-tile").count()).toBeGreaterThan(before);
    await expect(page.getByRole("link", { name: "Next page" })).toHaveAttribute("href", /page=3/);
  });

  test("a malformed query string falls back to defaults", async ({ page }) => {
    const res = await page.goto("/men?page=-3&sort=cheapest&minPrice=abc&inStock=maybe");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Men");
    await expect(page.locator(".product-tile").first()).toBeVisible();
  });
});

test.describe("search", () => {
  test("finds joggers with a typo from the header, with suggestions while typing", async ({
    page,
  }, info) => {
    await page.goto("/");
    const box = page.getByRole("searchbox", { name: "Search products" }).first();
    await box.fill("jog");
    await expect(
      page.getByRole("navigation", { name: "Search suggestions" }).first(),
    ).toBeVisible();
    await box.fill("jogers");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\/jogers$/);
    await expect(page.locator(".product-tile__name").first()).toContainText(/jogger/i);
    await snapshot(page, info, "search");
  });

  test("an empty result suggests alternatives, and markup in the query is shown as text", async ({
    page,
  }) => {
    await page.goto(`/search/${encodeURIComponent("<b>zzqxv</b>")}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("<b>zzqxv</b>");
    await expect(page.getByRole("heading", { name: "Popular categories" })).toBeVisible();
  });
});

test.describe("brands and stores", () => {
  test("brand directory → brand page; store directory → store page; unknown → 404", async ({
    page,
  }) => {
    await page.goto("/brands");
    await page.locator(".directory a").first().click();
    await expect(page).toHaveURL(/\/brands\/[a-z0-9-]+$/);
    await expect(page.locator(".product-tile").first()).toBeVisible();
    await page.goto("/store");
    await page.locator(".directory a").first().click();
    await expect(page).toHaveURL(/\/stores\/[a-z0-9-]+$/);
    await expect(page.locator(".product-tile").first()).toBeVisible();
    const res = await page.goto("/brands/no-such-brand");
    expect(res?.status()).toBe(404);
    await expect(page.getByText("This page could not be found").first()).toBeVisible();
  });
});

test.describe("best sellers (spec §7)", () => {
  test("/explore fetches the best-seller path and shows its products", async ({ page }) => {
    const call = page.waitForResponse((r) => r.url().includes("/api/products/best-sellers"));
    await page.goto("/explore");
    expect((await call).status()).toBe(200);
    const section = page.locator(".best-sellers");
    await expect(section.getByRole("heading", { name: "Best sellers" })).toBeVisible();
    await expect(section.locator(".product-tile").first()).toBeVisible();
  });
});

test.describe("accessibility", () => {
  for (const path of [
    "/men",
    "/men/men-clothing?inStock=true",
    "/search/jogers",
    "/brands",
    "/new-arrivals",
  ]) {
    test(`axe finds no serious violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
    });
  }
});
