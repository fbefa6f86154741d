import { expect, type Page, test } from "@playwright/test";

/**
 * Infinite scroll under failure: a load that fails is not asked for again by itself (the
 * sentinel stays in view, so a retry on every new observer would be a tight loop); the shopper
 * gets "Try again", and coming back online retries.
 */
test.use({ serviceWorkers: "block" });

const PAGE_TWO = /\/api\/products\?(.*&)?page=2(&|$)/;

/** Counts the listing API's requests for page 2 (failed ones included). */
function countPageTwo(page: Page) {
  const asked: string[] = [];
  page.on("request", (r) => {
    if (PAGE_TWO.test(r.url())) asked.push(r.url());
  });
  return asked;
}

async function openListing(page: Page) {
  await page.goto("/men");
  // The grid's observer exists only once hydrated.
  await page.waitForLoadState("networkidle");
  return page.locator(".product-tile").count();
}

test.describe("infinite scroll", () => {
  test("a failed load is asked once, then again only on Try again", async ({ page }) => {
    const asked = countPageTwo(page);
    let failing = true;
    await page.route(PAGE_TWO, (route) =>
      failing
        ? route.fulfill({ status: 503, json: { message: "Service unavailable", status: 503 } })
        : route.continue(),
    );
    const before = await openListing(page);
    await page.locator(".listing__sentinel").scrollIntoViewIfNeeded();
    const retry = page.getByRole("button", { name: "Try again" });
    await expect(retry).toBeVisible();
    await expect(page.getByText("More products could not be loaded.")).toBeVisible();
    // Well past the 200 ms throttle: still the one request.
    await page.waitForTimeout(1500);
    expect(asked).toHaveLength(1);
    await expect(page.locator(".product-tile")).toHaveCount(before);

    failing = false;
    await retry.click();
    await expect.poll(() => page.locator(".product-tile").count()).toBeGreaterThan(before);
    await expect(retry).toBeHidden();
    expect(asked).toHaveLength(2);
  });

  test("offline, the load fails once; back online it loads", async ({ page, context }) => {
    const asked = countPageTwo(page);
    const before = await openListing(page);
    await context.setOffline(true);
    await page.locator(".listing__sentinel").scrollIntoViewIfNeeded();
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    await page.waitForTimeout(1500);
    expect(asked).toHaveLength(1);

    await context.setOffline(false);
    await expect.poll(() => page.locator(".product-tile").count()).toBeGreaterThan(before);
    expect(asked).toHaveLength(2);
  });
});
