import { expect, test } from "@playwright/test";
import { withShopDb } from "./db.ts";

type PageView = { event: string; route_name: string; page_path: string; page_title: string };
const pageViews = (page: import("@playwright/test").Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: PageView[] }).dataLayer ?? []).filter(
      (e) => e.event === "page_view",
    ),
  );

// Both tests change one shared settings row (see the "settings" project in the config).
test.describe.configure({ mode: "serial" });

test.describe("analytics (spec §1, §2, §9)", () => {
  test.afterAll(async () => {
    await withShopDb((db) =>
      db.query(
        `update settings set analytics = '{"google_status":"disabled"}'::jsonb where id = 1`,
      ),
    );
  });

  test("no page-view events while google_status is disabled", async ({ page }) => {
    await withShopDb((db) =>
      db.query(
        `update settings set analytics = '{"google_status":"disabled"}'::jsonb where id = 1`,
      ),
    );
    await page.goto("/");
    await page.waitForTimeout(600);
    expect(await pageViews(page)).toEqual([]);
  });

  test("a page-view event with route name, full path and title 250 ms after each route change", async ({
    page,
  }) => {
    await withShopDb((db) =>
      db.query(`update settings set analytics = '{"google_status":"enabled"}'::jsonb where id = 1`),
    );
    await page.goto("/");
    await expect.poll(() => pageViews(page)).toHaveLength(1);
    const [first] = await pageViews(page);
    expect(first).toMatchObject({ route_name: "home", page_path: "/" });
    expect(first?.page_title).toBe(await page.title());

    // Time each history change and each push, to check the 250 ms delay inside the page.
    await page.evaluate(() => {
      const w = window as unknown as { navAt?: number; dataLayer: { at?: number }[] };
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History["pushState"]>) => {
        w.navAt = performance.now();
        push(...args);
      };
      const original = w.dataLayer.push.bind(w.dataLayer);
      w.dataLayer.push = (...items: { at?: number }[]) => {
        for (const item of items) item.at = performance.now();
        return original(...items);
      };
    });
    await page.getByRole("link", { name: "Men", exact: true }).first().click();
    await expect(page).toHaveURL(/\/men$/);
    await expect.poll(() => pageViews(page)).toHaveLength(2);
    const delay = await page.evaluate(() => {
      const w = window as unknown as { navAt: number; dataLayer: { at: number }[] };
      return (w.dataLayer.at(-1)?.at ?? 0) - w.navAt;
    });
    expect(delay).toBeGreaterThanOrEqual(245);
    const second = (await pageViews(page))[1];
    expect(second).toMatchObject({ route_name: "slug", page_path: "/men" });
  });
});
