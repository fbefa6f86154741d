import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, type Route, test } from "@playwright/test";
import { withShopDb } from "./db.ts";

/**
 * Spec §9 lazy images: 3 attempts, then the error image; the placeholder (800×800) shows while
 * a photo loads. The image under test is a product page's main photo.
 */
test.use({ serviceWorkers: "block" });

/**
 * A product whose first photo no other product uses: a copy of its photo under a name of its
 * own, so every request for that photo comes from the product page's main image.
 */
async function productWithOwnPhoto(offset: number): Promise<{ slug: string; photo: string }> {
  return withShopDb(async (db) => {
    const { rows } = await db.query<{ slug: string; id: string; url: string }>(
      `select p.slug, i.id, i.url from products p
       cross join lateral (
         select id, url from product_images where product_id = p.id order by sort, id limit 1
       ) i
       where p.active order by p.slug desc offset $1 limit 1`,
      [offset],
    );
    const row = rows[0];
    const file = row && /^\/media\/(.+)\.webp$/.exec(row.url)?.[1];
    if (!row || !file) throw new Error("no product with a photo in the seed");
    const photo = `products/own-${row.slug}`;
    const media = join(process.env.E2E_DATA_DIR ?? "", "media");
    copyFileSync(join(media, `${file}.webp`), join(media, `${photo}.webp`));
    await db.query("update product_images set url = $1 where id = $2", [
      `/media/${photo}.webp`,
      row.id,
    ]);
    return { slug: row.slug, photo };
  });
}

/** Answers requests for `photo` (any width, format or retry) with `answer`, counting them. */
async function routePhoto(
  page: Page,
  photo: string,
  answer: (route: Route, n: number) => Promise<void>,
): Promise<string[]> {
  const asked: string[] = [];
  await page.route(
    (url) => url.pathname.startsWith("/img/") && url.pathname.includes(`/${photo}.`),
    (route) => {
      asked.push(route.request().url());
      return answer(route, asked.length);
    },
  );
  return asked;
}

const fail = (route: Route) => route.fulfill({ status: 503, body: "" });
const mainImage = (page: Page) => page.locator(".gallery__slide").first().locator("img");
const hydrated = (page: Page) => expect(page.getByRole("button", { name: "Share" })).toBeEnabled();
const offsetFor = (project: string, n: number) => n * 2 + (project === "phone" ? 0 : 1);

test.describe("lazy images", () => {
  test("a photo that fails before hydration is retried and shows on the third attempt", async ({
    page,
  }, info) => {
    const { slug, photo } = await productWithOwnPhoto(offsetFor(info.project.name, 0));
    let firstFailure = () => {};
    const failed = new Promise<void>((resolve) => {
      firstFailure = resolve;
    });
    // By attempt, not by count: the browser may ask for the first URL twice (hydration can
    // re-pick a srcset candidate), and that is not one of our retries.
    const attemptOf = (url: string) => new URL(url).searchParams.get("attempt");
    const asked = await routePhoto(page, photo, async (route) => {
      if (attemptOf(route.request().url()) === "3") return route.continue();
      await fail(route);
      firstFailure();
    });
    // The page's scripts wait for the first failure: React cannot have seen that error event.
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await failed;
      await route.continue();
    });
    await page.goto(`/${slug}`);
    await hydrated(page);
    const img = mainImage(page);
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBeGreaterThan(0);
    expect(new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).search).toBe(
      "?attempt=3",
    );
    await page.waitForLoadState("networkidle");
    expect([...new Set(asked.map(attemptOf))]).toEqual([null, "2", "3"]);
  });

  test("a photo that never loads shows the 800×800 error image after 3 attempts", async ({
    page,
  }, info) => {
    const { slug, photo } = await productWithOwnPhoto(offsetFor(info.project.name, 1));
    let release = () => {};
    const afterHydration = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first answer waits for hydration, so this failure goes through React's onError.
    const asked = await routePhoto(page, photo, async (route, n) => {
      if (n === 1) await afterHydration;
      await fail(route);
    });
    // Not waiting for "load": that would wait for the held photo.
    await page.goto(`/${slug}`, { waitUntil: "domcontentloaded" });
    await hydrated(page);
    release();
    const img = mainImage(page);
    await expect(img).toHaveAttribute("src", /\/images\/[^/]*error[^/]*\.svg$/);
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight]))
      .toEqual([800, 800]);
    await page.waitForLoadState("networkidle");
    expect(asked).toHaveLength(3);
  });

  test("the 800×800 placeholder is the background while a photo loads", async ({ page }, info) => {
    const { slug, photo } = await productWithOwnPhoto(offsetFor(info.project.name, 2));
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await routePhoto(page, photo, async (route) => {
      await held;
      await route.continue();
    });
    const placeholder = page.waitForResponse((r) => r.url().endsWith("/images/placeholder.svg"));
    await page.goto(`/${slug}`, { waitUntil: "domcontentloaded" });
    const img = mainImage(page);
    expect(await img.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(
      "/images/placeholder.svg",
    );
    expect((await placeholder).status()).toBe(200);
    const size = await page.evaluate(async () => {
      const probe = new Image();
      probe.src = "/images/placeholder.svg";
      await probe.decode();
      return [probe.naturalWidth, probe.naturalHeight];
    });
    expect(size).toEqual([800, 800]);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(0);
    release();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBeGreaterThan(0);
  });
});
