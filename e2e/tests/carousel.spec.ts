import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { horizontalOverflow } from "./helpers.ts";

/** A home product row once the carousel library has taken it over. */
async function readyRow(page: Page, title: string) {
  const row = page.getByRole("region", { name: title });
  await row.scrollIntoViewIfNeeded();
  await expect(row).toHaveAttribute("data-carousel", "ready", { timeout: 10_000 });
  return row;
}

/** How far slide `i` starts from the row's left edge, in CSS pixels. */
async function offsetOf(row: Locator, i: number) {
  const [slide, box] = await Promise.all([
    row.locator(".carousel__slide").nth(i).boundingBox(),
    row.locator(".carousel__viewport").boundingBox(),
  ]);
  // + 0: a row at rest may report -0.
  return Math.round((slide?.x ?? Number.NaN) - (box?.x ?? 0)) + 0;
}

/**
 * A horizontal one-finger swipe of `dx` pixels, as touch events, from the first tile's price (a
 * few pixels on a photo would be a tap on its link, and open the product).
 */
async function swipe(page: Page, row: Locator, dx: number) {
  const box = await row.locator(".swiper-slide-active .price").boundingBox();
  if (!box) throw new Error("row not laid out");
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number) =>
    cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: type === "touchEnd" ? [] : [{ x, y, id: 1 }],
    });
  await touch("touchStart", x0);
  const steps = 6;
  for (let s = 1; s <= steps; s++) {
    await touch("touchMove", x0 + (dx * s) / steps);
    await page.waitForTimeout(16);
  }
  await touch("touchEnd", x0 + dx);
  await cdp.detach();
}

test.describe("carousels without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // Tagged: the phone project runs it, the desktop project leaves it out (playwright.config.ts).
  test("the server draws each row as a native scroll-snap row, two tiles a page on phones", {
    tag: "@phone-only",
  }, async ({ page }) => {
    await page.goto("/");
    const row = page.getByRole("region", { name: "Featured" });
    const viewport = row.locator(".carousel__viewport");
    await expect(viewport).toHaveCSS("overflow-x", "auto");
    await expect(viewport).toHaveCSS("scroll-snap-type", "x mandatory");
    // The rows scroll inside themselves: the page stays as wide as the phone.
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const [a, b, c] = await Promise.all(
      [0, 1, 2].map((i) => row.locator(".carousel__slide").nth(i).boundingBox()),
    );
    const width = (await viewport.boundingBox())?.width ?? 0;
    // Two whole tiles fill the row; the third starts just past its edge.
    expect(Math.round((a?.width ?? 0) + 12 + (b?.width ?? 0))).toBe(Math.round(width));
    expect(Math.round((c?.x ?? 0) - (a?.x ?? 0))).toBe(Math.round(width + 12));
    // Scrolled a little past a page, the row settles on that page's first tile.
    await viewport.evaluate((el) => el.scrollTo({ left: el.clientWidth + 40 }));
    await expect.poll(() => viewport.evaluate((el) => el.scrollLeft)).toBe(Math.round(width + 12));
  });
});

test.describe("carousels", () => {
  test("on a phone a 7 px swipe leaves the row in place and a longer swipe moves one page", {
    tag: "@phone-only",
  }, async ({ page }) => {
    await page.goto("/");
    const row = await readyRow(page, "Featured");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await offsetOf(row, 0)).toBe(0);
    await swipe(page, row, -7);
    await page.waitForTimeout(700);
    expect(await offsetOf(row, 0)).toBe(0);
    await swipe(page, row, -120);
    // One page of two tiles, in the 500 ms the settings give it.
    await expect.poll(() => offsetOf(row, 2), { timeout: 5000 }).toBe(0);
    await swipe(page, row, 7);
    await page.waitForTimeout(700);
    expect(await offsetOf(row, 2)).toBe(0);
    await swipe(page, row, 120);
    await expect.poll(() => offsetOf(row, 0), { timeout: 5000 }).toBe(0);
    // The buttons are for wide screens.
    await expect(row.getByRole("button", { name: "Next products" })).toBeHidden();
  });

  test("on a desktop the previous/next buttons page through a row and the banners", {
    tag: "@desktop-only",
  }, async ({ page }) => {
    await page.goto("/");
    const row = await readyRow(page, "Featured");
    const prev = row.getByRole("button", { name: "Previous products" });
    const next = row.getByRole("button", { name: "Next products" });
    await expect(prev).toBeVisible();
    await expect(next).toBeVisible();
    await expect(prev).toBeDisabled();
    // 1366 px: five tiles a page.
    await next.click();
    await expect.poll(() => offsetOf(row, 5)).toBe(0);
    await expect(prev).toBeEnabled();
    await prev.click();
    await expect.poll(() => offsetOf(row, 0)).toBe(0);
    await expect(prev).toBeDisabled();

    const banners = page.locator(".carousel.banner-slider--desktop");
    await banners.scrollIntoViewIfNeeded();
    await expect(banners).toHaveAttribute("data-carousel", "ready");
    await banners.getByRole("button", { name: "Next offer" }).click();
    await expect.poll(() => offsetOf(banners, 1)).toBe(0);
  });

  test("a button pressed before the library has loaded still moves the row", {
    tag: "@desktop-only",
  }, async ({ page }) => {
    // Hold the library back until the button has been pressed.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/carousel-engine-.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    const row = page.getByRole("region", { name: "Featured" });
    await row.scrollIntoViewIfNeeded();
    await row.getByRole("button", { name: "Next products" }).click();
    await expect(row).toHaveAttribute("data-carousel", "native");
    release();
    await expect(row).toHaveAttribute("data-carousel", "ready");
    await expect.poll(() => offsetOf(row, 5)).toBe(0);
  });

  test("the library takes the rows over without moving anything on the page", async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number })[]) {
          (window as unknown as { shifts: number }).shifts += e.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Featured" })).toHaveAttribute(
      "data-carousel",
      "ready",
      { timeout: 10_000 },
    );
    await page.waitForTimeout(300);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
    expect(shifts).toBeLessThan(0.01);
  });

  test("the related products of a product page are a carousel too", async ({ page }, info) => {
    await page.goto("/");
    await page.locator(".product-tile a").first().click();
    // The section is a region of that name too; the carousel is the one inside it.
    const related = page.locator(".product-view__related").getByRole("region", {
      name: "You may also like",
    });
    await related.scrollIntoViewIfNeeded();
    await expect(related.locator(".product-tile").first()).toBeVisible();
    await expect(related).toHaveAttribute("data-carousel", "ready", { timeout: 10_000 });
    if (info.project.name === "desktop") {
      // Five a page; a short list stops at its last full page.
      const count = await related.locator(".carousel__slide").count();
      const next = related.getByRole("button", { name: "Next products" });
      if (count <= 5) {
        // One page only: nothing to move to.
        await expect(next).toBeDisabled();
      } else {
        await next.click();
        await expect.poll(() => offsetOf(related, Math.min(5, count - 5))).toBe(0);
      }
    } else {
      await swipe(page, related, -120);
      await expect.poll(() => offsetOf(related, 2)).toBe(0);
    }
  });

  test("axe finds no serious violations on home", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Featured" })).toHaveAttribute(
      "data-carousel",
      "ready",
      { timeout: 10_000 },
    );
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
  });
});
