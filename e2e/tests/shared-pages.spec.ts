import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { freshContext, hydrated, snapshot } from "./helpers.ts";
import { type SecondShop, startSecondShop } from "./second-shop.ts";

/**
 * Shared pages (decision 069): with the page cache on, a signed-in shopper's product page and
 * listing are the page kept for everyone (Server-Timing says so), and their own parts (name,
 * cart count) arrive from /account/me once the page has hydrated. The e2e shop runs with its
 * caches off, so this file runs its own shop (second-shop.ts) with them on.
 */
let shop: SecondShop;
let product: { pid: string; vid: string; slug: string; name: string };

test.beforeAll(async () => {
  test.setTimeout(90_000);
  shop = await startSecondShop(test.info(), "shared_pages", { CACHE_TTL_MS: "600000" });
  const client = new pg.Client({ connectionString: shop.url });
  await client.connect();
  const { rows } = await client.query<typeof product>(
    `update variants v set stock = 5 from products p where p.id = v.product_id and v.id =
       (select v2.id from variants v2 join products p2 on p2.id = v2.product_id
        where p2.active order by v2.id limit 1)
     returning p.id as pid, v.id as vid, p.slug, p.name`,
  );
  await client.end();
  const first = rows[0];
  if (!first) throw new Error("the second shop has no product");
  product = first;
});

test.afterAll(async () => {
  await shop?.stop();
});

/** Opens `path` until the shop answers with its shared page (the first visit keeps it). */
async function openShared(page: Page, path: string) {
  for (let i = 0; i < 20; i++) {
    const res = await page.goto(`${shop.base}${path}`);
    if ((await res?.allHeaders())?.["server-timing"] === "shared") return;
  }
  throw new Error(`${path}: never the shared page`);
}

test("a signed-in shopper on shared pages sees their name and cart", async ({ page }, info) => {
  const { base } = shop;
  const headers = { origin: base };
  const email = `shared-${info.project.name}-${Date.now()}@example.com`;
  const signup = await page.request.post(`${base}/api/auth/signup`, {
    data: { firstName: "Mahnoor", lastName: "Baloch", email, password: "correct-horse-1" },
    headers,
  });
  expect(signup.ok()).toBe(true);
  const add = await page.request.post(`${base}/api/cart/v2/add`, {
    data: { pid: product.pid, vid: product.vid, qty: 2 },
    headers,
  });
  expect(add.ok()).toBe(true);

  for (const path of [`/${product.slug}`, "/sale"]) {
    await openShared(page, path);
    await hydrated(page);
    await expect(page.locator(".cart-count:visible")).toHaveText("2");
    if (info.project.name === "desktop") {
      await expect(page.locator(".site-header__user")).toHaveText(/Mahnoor/);
    } else {
      // The Account tab goes straight to the shopper's account: no login dialog.
      await page.getByRole("link", { name: "Account" }).click();
      await expect(page).toHaveURL(`${base}/my`);
      await page.goBack();
    }
  }
  await openShared(page, `/${product.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await expect(page.locator(".cart-count:visible")).toHaveText("2");
  await snapshot(page, info, "shared-product-page-signed-in");
});

test("a first visitor's page asks for no personal parts", async ({ browser }, info) => {
  const context = await freshContext(browser, info);
  const page = await context.newPage();
  const asked: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/account/me")) asked.push(r.url());
  });
  await page.goto(`${shop.base}/${product.slug}`);
  await hydrated(page);
  await expect(page.locator(".cart-count:visible")).toHaveText("0");
  await page.waitForTimeout(500);
  expect(asked).toEqual([]);
  await context.close();
});
