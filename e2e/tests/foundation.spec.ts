import { expect, test } from "@playwright/test";
import { horizontalOverflow, snapshot } from "./helpers.ts";

test.describe("home", () => {
  test("renders banners, category links and priced products on the server", async ({
    page,
    request,
  }, info) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain('<html lang="en"');
    const noscript = html.match(/<noscript>([\s\S]*?)<\/noscript>/)?.[1] ?? "";
    expect(noscript.replaceAll("&#x27;", "'").replace(/<[^>]+>/g, "")).toBe(
      "We're sorry but we doesn't work properly without JavaScript enabled. Please enable it to continue.",
    );
    expect(html).toMatch(/Rs\. \d{1,3}(,\d{3})*/);

    await page.goto("/");
    const isPhone = info.project.name === "phone";
    const slider = page.locator(`.banner-slider--${isPhone ? "mobile" : "desktop"}`);
    await expect(slider).toBeVisible();
    await expect(slider.locator("img").first()).toBeVisible();
    await expect(page.locator(`.banner-slider--${isPhone ? "desktop" : "mobile"}`)).toBeHidden();
    await expect(page.getByRole("link", { name: "Men", exact: true }).first()).toBeVisible();
    const tile = page.locator(".product-tile").first();
    await expect(tile).toBeVisible();
    await expect(tile).toContainText(/Rs\. \d/);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await snapshot(page, info, "home");
  });

  test("opens a product from a tile", async ({ page }) => {
    await page.goto("/");
    const tile = page.locator(".product-tile").first();
    const name = (await tile.locator(".product-tile__name").textContent())?.trim() ?? "";
    await tile.locator("a").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });
});

test.describe("redirects (spec §2)", () => {
  const table: [string, string][] = [
    ["/sales-page", "/sale"],
    ["/sale/page", "/sale"],
    ["/shop/page", "/sale"],
    ["/product-category/hardware", "/accessories-equipment-hardware-accessories"],
    ["/product-category/equipment", "/accessories-equipment-fitness-gear"],
    ["/product-category/apparel", "/men/all?subcategory=men-clothing,women-clothing,kids-clothing"],
    ["/product-category/footwear", "/men/all?subcategory=men-shoes,women-shoes,kids-shoes"],
    ["/cart", "/checkout"],
    ["/men/c/men-shoes", "/men/men-shoes"],
  ];
  for (const [from, to] of table) {
    test(`${from} → ${to} as an HTTP redirect`, async ({ request }) => {
      const res = await request.get(from, { maxRedirects: 0 });
      expect([301, 302]).toContain(res.status());
      expect(decodeURIComponent(res.headers().location ?? "")).toBe(to);
    });
  }

  test("legacy redirects land where §2 says in the browser", async ({ page }) => {
    await page.goto("/product-category/equipment");
    await expect(page).toHaveURL(/\/accessories-equipment-fitness-gear$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/sales-page");
    await expect(page).toHaveURL(/\/sale$/);
  });

  test("a redirect also works in client-side navigation", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => {
      const a = document.createElement("a");
      a.href = "/sales-page";
      a.textContent = "legacy link";
      a.id = "legacy-link";
      document.body.prepend(a);
    });
    // A plain anchor is a full load; React Router's <Link> behaviour is covered by the data request below.
    const res = await page.request.get("/sales-page.data", { maxRedirects: 0 });
    expect(res.status()).toBeLessThan(400);
    expect((await res.text()) + JSON.stringify(res.headers())).toContain("/sale");
  });

  test("anonymous /admin lands on /account/login", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/account\/login$/);
    await page.goto("/admin/orders/1");
    await expect(page).toHaveURL(/\/account\/login$/);
  });
});

test.describe("errors", () => {
  test("an unknown path shows the 404 text", async ({ page }) => {
    const res = await page.goto("/no-such-thing-here/at/all");
    expect(res?.status()).toBe(404);
    await expect(page.getByText("This page could not be found")).toBeVisible();
  });

  test("an unknown product slug is a 404 too", async ({ page }) => {
    const res = await page.goto("/definitely-not-a-product");
    expect(res?.status()).toBe(404);
    await expect(page.getByText("This page could not be found")).toBeVisible();
  });

  test("unknown API routes answer JSON {message,status}", async ({ request }) => {
    const res = await request.get("/api/nope");
    expect(res.status()).toBe(404);
    expect(await res.json()).toMatchObject({ status: 404, message: expect.any(String) });
  });
});

test.describe("pages from the database", () => {
  test("a static CMS page, a category and a landing entry render", async ({ page }) => {
    await page.goto("/about-us");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/men");
    await expect(page.locator(".product-tile").first()).toBeVisible();
    await page.goto("/pages/sale");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test.describe("navigation", () => {
  // page.route cannot hold a request the service worker makes on the page's behalf.
  test.use({ serviceWorkers: "block" });

  test("the loading bar shows while a page's data loads, and goes when it arrives", async ({
    page,
  }) => {
    // A click before hydration is a plain page load, with no data request to hold.
    await page.goto("/", { waitUntil: "networkidle" });
    const bar = page.locator(".loading-bar");
    await expect(bar).toHaveAttribute("data-active", "false");
    // Hold the next page's data so the in-between state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(/\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("link", { name: "Men", exact: true }).first().click();
    await expect(bar).toHaveAttribute("data-active", "true");
    release();
    await expect(page).toHaveURL(/\/men$/);
    await expect(bar).toHaveAttribute("data-active", "false");
  });
});
