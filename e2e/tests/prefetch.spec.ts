import { expect, type Locator, type Page, type TestInfo, test } from "@playwright/test";

/**
 * Spec §4/§9: link prefetching is on by default (every in-site link, once the page is idle,
 * at most 2000 ms) and skipped on slow-2g, with data saver on, or offline, following changes.
 * A prefetch is React Router's data request for the next page (`/{path}.data`).
 */
test.use({ serviceWorkers: "block" });

/** Data requests made for `path` (prefetches: nothing navigates in these tests). */
function dataRequests(page: Page, path: string) {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === `${path}.data`) seen.push(r.url());
  });
  return seen;
}

const categoryLink = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name, exact: true });

/** What a shopper's intent looks like: a touch on phones, the pointer over it on desktop. */
async function showIntent(link: Locator, info: TestInfo) {
  if (info.project.name === "phone") await link.dispatchEvent("touchstart");
  else {
    await link.page().mouse.move(0, 0);
    await link.hover();
  }
}

/** Shows intent until a prefetch of `path` is seen: the decision waits for the page to idle. */
async function expectPrefetch(page: Page, info: TestInfo, name: string, path: string) {
  const seen = dataRequests(page, path);
  await expect
    .poll(
      async () => {
        await showIntent(categoryLink(page, name), info);
        await page.waitForTimeout(200);
        return seen.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  await expect(page.locator('link[rel="prefetch"][as="fetch"]').first()).toBeAttached();
}

/** Past the idle timeout, intent on the link brings no prefetch. */
async function expectNoPrefetch(page: Page, info: TestInfo, name: string, path: string) {
  const seen = dataRequests(page, path);
  await page.waitForTimeout(2200);
  await showIntent(categoryLink(page, name), info);
  await page.waitForTimeout(800);
  expect(seen).toEqual([]);
  await expect(page.locator(`link[rel="prefetch"][href^="${path}.data"]`)).toHaveCount(0);
}

test.describe("link prefetching", () => {
  test("is on by default for header links; slow-2g emulated turns it off", async ({
    page,
  }, info) => {
    await page.goto("/");
    await expectPrefetch(page, info, "Men", "/men");
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 2500,
      downloadThroughput: 6000,
      uploadThroughput: 6000,
      connectionType: "cellular2g",
    });
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (navigator as Navigator & { connection?: { effectiveType: string } }).connection
              ?.effectiveType,
        ),
      )
      .toBe("slow-2g");
    await expectNoPrefetch(page, info, "Women", "/women");
  });

  test("is skipped offline, and comes back online", async ({ page, context }, info) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await context.setOffline(true);
    await expectNoPrefetch(page, info, "Men", "/men");
    await context.setOffline(false);
    await expectPrefetch(page, info, "Women", "/women");
  });

  test("is skipped with data saver on, following the connection's change event", async ({
    page,
  }, info) => {
    // A connection the test controls: data saver off at first.
    await page.addInitScript(() => {
      const connection = Object.assign(new EventTarget(), { saveData: false, effectiveType: "4g" });
      Object.defineProperty(Navigator.prototype, "connection", { get: () => connection });
    });
    await page.goto("/");
    await expectPrefetch(page, info, "Men", "/men");
    await page.evaluate(() => {
      const c = (navigator as Navigator & { connection: EventTarget & { saveData: boolean } })
        .connection;
      c.saveData = true;
      c.dispatchEvent(new Event("change"));
    });
    await expectNoPrefetch(page, info, "Women", "/women");
  });

  test("is skipped with data saver on from the start", async ({ page }, info) => {
    await page.addInitScript(() => {
      const connection = Object.assign(new EventTarget(), { saveData: true, effectiveType: "4g" });
      Object.defineProperty(Navigator.prototype, "connection", { get: () => connection });
    });
    await page.goto("/");
    await expectNoPrefetch(page, info, "Men", "/men");
  });
});
