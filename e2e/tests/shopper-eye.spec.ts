import { expect, type Page, test } from "@playwright/test";
import { withShopDb } from "./db.ts";
import { snapshot } from "./helpers.ts";

/**
 * Issue #18 through a shopper's eyes: the footer's links lead somewhere, the product page's
 * price and button are on the first screen of a phone, swapped letters still find shoes, and
 * the controls look like controls. Screenshots of home, listing, product and the footer.
 */

/** A sized product in stock, with at least two photos. */
async function sizedProduct(): Promise<string> {
  return withShopDb(async (db) => {
    const { rows } = await db.query<{ slug: string }>(
      `select p.slug from products p
       where p.active
         and (select count(*) from product_images i where i.product_id = p.id) >= 2
         and exists (select 1 from variants v where v.product_id = p.id and v.size is not null and v.stock > 0)
       order by p.slug limit 1`,
    );
    const row = rows[0];
    if (!row) throw new Error("no sized product in stock in the seed");
    return row.slug;
  });
}

async function footerLinks(page: Page) {
  const footer = page.locator("footer.site-footer");
  await footer.scrollIntoViewIfNeeded();
  return footer
    .locator("nav a")
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute("href") ?? ""));
}

test.describe("a shopper's eye (issue #18)", () => {
  test("every footer link answers 200, and the trust pages are among them", async ({
    page,
    request,
  }, info) => {
    await page.goto("/");
    const links = await footerLinks(page);
    for (const path of [
      "/brands",
      "/store",
      "/freebies",
      "/daily_juice",
      "/return-policy",
      "/shipping-policy",
      "/privacy-policy",
      "/terms-and-conditions",
      "/about-us",
      "/contact-us",
      "/size-guide",
    ]) {
      expect(links, path).toContain(path);
    }
    for (const path of links) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
    }
    // The footer alone, without the sticky header painted over it.
    await page.addStyleTag({
      content: ".site-header, .bottom-nav { position: static !important }",
    });
    await page
      .locator("footer.site-footer")
      .screenshot({ path: info.outputPath(`footer-${info.project.name}.png`) });
  });

  test("the app strip is no link back to the home page", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator(".app-promotion a[href='/']")).toHaveCount(0);
  });

  test("the product page puts price and Add to cart on a phone's first screen @phone-only", async ({
    page,
  }, info) => {
    const slug = await sizedProduct();
    await page.goto(`/${slug}`);
    const name = page.getByRole("heading", { level: 1 });
    const price = page.locator(".product-view__info .price__now").first();
    const add = page.getByRole("button", { name: /Add to cart|Choose a size/ }).first();
    const sizes = page.getByRole("group", { name: /Size/ }).locator("label").first();
    await expect(price).toBeVisible();
    for (const [what, el] of [
      ["name", name],
      ["price", price],
      ["button", add],
      ["first size", sizes],
    ] as const) {
      const box = await el.boundingBox();
      expect(box, what).not.toBeNull();
      expect((box?.y ?? 9999) + (box?.height ?? 0), what).toBeLessThanOrEqual(740);
      // Inside the first screen and not under the tab bar or the sticky button row.
      const onTop = await el.evaluate((node) => {
        const r = node.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && (hit === node || node.contains(hit));
      });
      expect(onTop, `${what} is covered`).toBe(true);
    }
    await expect(
      page.locator(".product-view__info").getByText("Cash on delivery available"),
    ).toBeAttached();
    await page.screenshot({
      path: info.outputPath(`product-first-screen-${info.project.name}.png`),
    });
  });

  test("a sized product links its size guide", async ({ page }) => {
    await page.goto(`/${await sizedProduct()}`);
    const guide = page.locator(".product-view__info").getByRole("link", { name: "Size guide" });
    await expect(guide).toHaveAttribute("href", "/size-guide");
  });

  test("swapped letters still find shoes", async ({ page }) => {
    for (const q of ["sheos", "sohes", "hsoes", "sheo"]) {
      await page.goto(`/search/${q}`);
      await expect(page.locator(".product-grid .product-tile").first(), q).toBeVisible();
      await expect(page.locator(".product-tile__name").first(), q).toContainText(
        /shoe|sneaker|trainer/i,
      );
    }
  });

  test("an empty search offers 'Did you mean' and hides sort and filters", async ({ page }) => {
    await page.goto("/search/runnning%20shooes%20xqzv");
    await expect(page.getByRole("heading", { name: "Did you mean" })).toBeVisible();
    await expect(page.getByLabel("Sort by")).toHaveCount(0);
    await expect(page.locator("form.filters")).toHaveCount(0);
  });

  test("a 20,000-character search gets a page, not a raw 431", async ({ page }) => {
    const res = await page.goto(`/search?q=${"a".repeat(20_000)}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("tile buttons look like buttons: a visible border or background", async ({ page }) => {
    await page.goto("/new-arrivals");
    const button = page.locator(".product-tile__add-button").first();
    await expect(button).toBeVisible();
    const style = await button.evaluate((el) => {
      const s = getComputedStyle(el);
      return {
        border: Number.parseFloat(s.borderTopWidth),
        borderColor: s.borderTopColor,
        background: s.backgroundColor,
        height: el.getBoundingClientRect().height,
      };
    });
    const visibleBorder = style.border >= 1 && style.borderColor !== "rgba(0, 0, 0, 0)";
    const filled =
      style.background !== "rgba(0, 0, 0, 0)" && style.background !== "rgb(255, 255, 255)";
    expect(visibleBorder || filled).toBe(true);
    expect(style.height).toBeGreaterThanOrEqual(44);
  });

  test("the tab bar: 44 px targets with icons and a clear active state @phone-only", async ({
    page,
  }) => {
    await page.goto("/explore");
    const tabs = page.locator(".bottom-nav a");
    await expect(tabs).toHaveCount(6);
    for (const tab of await tabs.all()) {
      const box = await tab.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
      const icon = await tab.evaluate((el) => {
        const s = getComputedStyle(el, "::before");
        return { mask: s.maskImage || s.webkitMaskImage, width: Number.parseFloat(s.width) };
      });
      expect(icon.mask).toContain("data:image/svg+xml");
      expect(icon.width).toBeGreaterThanOrEqual(20);
    }
    const active = page.locator(".bottom-nav a.active");
    await expect(active).toHaveCount(1);
    await expect(active).toHaveAttribute("href", "/explore");
    const look = (sel: string) =>
      page
        .locator(sel)
        .first()
        .evaluate((el) => {
          const s = getComputedStyle(el);
          return `${s.color}|${s.backgroundColor}|${s.boxShadow}`;
        });
    expect(await look(".bottom-nav a.active")).not.toBe(await look(".bottom-nav a:not(.active)"));
  });

  test("screenshots: home, listing, product and footer", async ({ page }, info) => {
    // Four full-page captures, each scrolled through so lazy images load: slow on a phone.
    test.setTimeout(120_000);
    await page.goto("/");
    await snapshot(page, info, "shopper-home");
    await page.goto("/men");
    await snapshot(page, info, "shopper-listing");
    await page.goto(`/${await sizedProduct()}`);
    await snapshot(page, info, "shopper-product");
    await page.screenshot({
      path: info.outputPath(`shopper-product-top-${info.project.name}.png`),
    });
  });
});
