import { expect, type Page, test } from "@playwright/test";
import { snapshot } from "./helpers.ts";

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

/** The listing view's own chunk (a lazy view of the slug route). */
const LISTING_CHUNK = /\/assets\/category-listing-view-[^/]*\.js$/;

async function openListing(page: Page) {
  await page.goto("/men");
  // The grid's observer exists only once hydrated, with the listing view's chunk: on a busy
  // machine the network can go idle before hydration has asked for it.
  await page.waitForFunction(
    (chunk) => performance.getEntriesByType("resource").some((e) => new RegExp(chunk).test(e.name)),
    LISTING_CHUNK.source,
  );
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

  test("offline before the listing's code arrives, the page stays; back online it works", async ({
    page,
    context,
  }, testInfo) => {
    // The view's chunk is held until the connection is gone, then fails as a dropped one does.
    let asked!: () => void;
    const chunkAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    let held = true;
    await page.route(LISTING_CHUNK, async (route) => {
      if (!held) return route.continue();
      asked();
      await context.setOffline(true);
      held = false;
      return route.abort("internetdisconnected");
    });
    await page.goto("/men", { waitUntil: "domcontentloaded" });
    await chunkAsked;
    // The server's page stays while offline: no error page in its place.
    await expect(page.locator(".product-tile").first()).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByText("You are offline.")).toBeVisible();
    await snapshot(page, testInfo, "listing-offline-before-its-code");

    await context.setOffline(false);
    const before = await page.locator(".product-tile").count();
    await page.locator(".listing__sentinel").scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator(".product-tile").count()).toBeGreaterThan(before);
  });
});
